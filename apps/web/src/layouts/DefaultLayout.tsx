import { useEffect, useId, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { brandName, useBranding } from '../lib/branding';
import { usePreferences } from '../lib/preferences';
import { ImpersonationNotice } from './default/ImpersonationNotice';
import { TopBar, type NavMode } from './default/TopBar';
import { NavDrawer, VerticalSidebar } from './default/VerticalNav';

const MAIN_ID = 'main-content';
/** Spec §9: below this width the navigation becomes an overlay drawer. */
export const OVERLAY_NAV_BREAKPOINT = 976;

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        bgcolor: 'background.paper',
        color: 'text.primary',
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}

function Footer() {
  const { t } = useTranslation();
  const name = brandName(useBranding());
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2.5 }}>
      <Container maxWidth="xl">
        <Typography variant="body2" color="text.secondary">
          {t('footer.rights', { year: new Date().getFullYear(), name })}
        </Typography>
      </Container>
    </Box>
  );
}

/**
 * The signed-in chrome (spec §2): vertical or horizontal navigation by the user's choice, an overlay drawer on
 * narrow screens, the sticky blurred app bar, boxed content and a static footer (spec §9 defaults). Pages only
 * ever render inside `children`.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { layout } = usePreferences();
  const overlay = useMediaQuery((theme: Theme) => theme.breakpoints.down(OVERLAY_NAV_BREAKPOINT), { noSsr: true });
  const mode: NavMode = overlay ? 'overlay' : layout;
  const navId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // A drawer left open would cover the next page, or linger invisibly after widening the window.
  useEffect(() => setDrawerOpen(false), [pathname, overlay]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      {/* Anchors scrolled to (spec §2: `#hash`) must not end up under the sticky app bar. */}
      {/* `--app-bar-bottom`: where the sticky app bar ends, for what sticks below it (a list's bulk bar). */}
      <GlobalStyles
        styles={{ html: { scrollPaddingTop: mode === 'horizontal' ? 136 : 88, '--app-bar-bottom': mode === 'horizontal' ? '113px' : '65px' } }}
      />
      <SkipLink />
      {mode === 'vertical' && <VerticalSidebar navId={navId} />}
      {overlay && <NavDrawer navId={navId} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar mode={mode} navId={navId} drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />
        <ImpersonationNotice />
        <Container
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          maxWidth="xl"
          sx={{ flexGrow: 1, py: { xs: 3, md: 4 }, outline: 'none' }}
        >
          {children}
        </Container>
        <Footer />
      </Box>
    </Box>
  );
}
