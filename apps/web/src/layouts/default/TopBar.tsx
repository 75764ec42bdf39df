import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { alpha } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { RouterLink } from '../../components/RouterLink';
import { multiLanguage } from '../../lib/i18n';
import { GlobalSearch } from './GlobalSearch';
import { HorizontalNav } from './HorizontalNav';
import { NotificationsBell } from './NotificationsBell';
import { PostJobButton } from './PostJobButton';
import { LanguageMenu, LayoutMenu, ThemeModeMenu } from './PreferenceMenus';
import { ScopeSwitcher } from './ScopeSwitcher';
import { ShortcutsMenu } from './ShortcutsMenu';
import { UserMenu } from './UserMenu';

/** How the navigation is shown: the sidebar, the bar under the app bar, or the drawer on narrow screens. */
export type NavMode = 'vertical' | 'horizontal' | 'overlay';

/**
 * The sticky, blurred app bar (spec §9 defaults). The brand sits here unless the sidebar already shows it; in the
 * horizontal layout the navigation bar is part of it, so both stay in view while scrolling.
 */
export function TopBar(props: { mode: NavMode; navId: string; drawerOpen: boolean; onOpenDrawer: () => void }) {
  const { t } = useTranslation();
  const overlay = props.mode === 'overlay';
  return (
    <AppBar
      position="sticky"
      sx={(theme) => ({
        bgcolor: alpha(theme.palette.background.paper, 0.85),
        backdropFilter: 'blur(10px)',
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 64 } }}>
          {overlay && (
            <IconButton
              onClick={props.onOpenDrawer}
              aria-label={t('nav.open')}
              aria-controls={props.drawerOpen ? props.navId : undefined}
              aria-expanded={props.drawerOpen}
              edge="start"
            >
              <MenuIcon />
            </IconButton>
          )}
          {props.mode !== 'vertical' && (
            <RouterLink
              to="/"
              underline="none"
              color="inherit"
              // Phones have no room for it; the drawer shows the brand.
              sx={{
                display: { xs: overlay ? 'none' : 'flex', sm: 'flex' },
                mr: { xs: 0.5, md: 2 },
                borderRadius: 1,
                flexShrink: 0,
              }}
            >
              <BrandLogo size={32} showName={!overlay} />
            </RouterLink>
          )}
          <GlobalSearch />
          <Box sx={{ flexGrow: 1 }} />
          <ScopeSwitcher />
          <PostJobButton compact={overlay} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.25 } }}>
            <ShortcutsMenu />
            {!overlay && <LayoutMenu />}
            {multiLanguage && <LanguageMenu />}
            <NotificationsBell />
            <ThemeModeMenu />
            <UserMenu />
          </Box>
        </Toolbar>
      </Container>
      {props.mode === 'horizontal' && <HorizontalNav navId={props.navId} />}
    </AppBar>
  );
}
