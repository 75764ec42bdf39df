import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brandLogo, brandName, useBranding } from '../lib/branding';

/** The tenant's logo, or a monogram in the primary colour when it has none (or the image fails to load). */
export function BrandLogo(props: { size?: number; showName?: boolean; nameSize?: number }) {
  const { size = 36, showName = true, nameSize } = props;
  const branding = useBranding();
  const name = brandName(branding);
  const logo = brandLogo(branding);
  const [failed, setFailed] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      {logo && !failed ? (
        <Box
          component="img"
          src={logo}
          alt={showName ? '' : name}
          onError={() => setFailed(true)}
          sx={{ height: size, maxWidth: size * 4, objectFit: 'contain' }}
        />
      ) : (
        <Box
          aria-hidden={showName}
          sx={{
            width: size,
            height: size,
            borderRadius: 1.5,
            bgcolor: 'brand.fill',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: size * 0.5,
            flexShrink: 0,
          }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Box>
      )}
      {showName && (
        <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, fontSize: nameSize }}>
          {name}
        </Typography>
      )}
    </Box>
  );
}
