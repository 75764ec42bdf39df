import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/BrandLogo';

/** The branded card every sign-in page sits in: logo, one h1, an optional subtitle, then the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card sx={{ width: '100%', maxWidth: 440, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
          <BrandLogo size={40} />
        </Box>
        <Typography variant="h5" component="h1" sx={{ mb: 0.75 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
