import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brandLogo, brandName, useBranding } from '../lib/branding';
import { visuallyHidden } from './visually-hidden';

/**
 * The tenant's logo, or a monogram in the primary colour when it has none (or the image fails to load). The image
 * is decorative: the name is always the text (hidden on screen when `showName` is off), so a link around the logo
 * is named by the brand alone.
 */
export function BrandLogo(props: { size?: number; showName?: boolean; nameSize?: number }) {
  const { size = 36, showName = true, nameSize } = props;
  const branding = useBranding();
  const name = brandName(branding);
  const logo = brandLogo(branding);
  // The address that failed, not a flag: a logo changed in the branding settings gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      {logo && logo !== failed ? (
        <Box
          component="img"
          src={logo}
          alt=""
          onError={() => setFailed(logo)}
          sx={{ height: size, maxWidth: size * 4, objectFit: 'contain' }}
        />
      ) : (
        <Box
          aria-hidden
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
      <Typography
        component="span"
        variant="h6"
        noWrap
        sx={showName ? { fontWeight: 700, fontSize: nameSize } : visuallyHidden}
      >
        {name}
      </Typography>
    </Box>
  );
}
