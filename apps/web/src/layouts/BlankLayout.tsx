import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/** Full-height centred stage for sign-in and misc pages; each page brings its own card or content. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 2, sm: 4 },
        bgcolor: 'background.default',
        backgroundImage: `radial-gradient(circle at 15% 10%, ${alpha(theme.palette.primary.main, 0.12)}, transparent 45%),
          radial-gradient(circle at 85% 90%, ${alpha(theme.palette.primary.main, 0.1)}, transparent 40%)`,
      })}
    >
      <Box sx={{ width: '100%' }}>{children}</Box>
    </Box>
  );
}
