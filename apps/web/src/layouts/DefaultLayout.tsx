import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../app/route-meta';
import { BrandLogo } from '../components/BrandLogo';
import { ButtonLink, RouterLink } from '../components/RouterLink';
import { brandName, useBranding } from '../lib/branding';
import { multiLanguage } from '../lib/i18n';
import { LanguageMenu, ThemeModeMenu } from './default/PreferenceMenus';
import { ScopeSwitcher } from './default/ScopeSwitcher';
import { useNavActive } from './default/use-nav-active';
import { UserMenu } from './default/UserMenu';

const MAIN_ID = 'main-content';

function NavButton({ name, to, icon, label }: { name: RouteName; to: '/' | '/dev/mail'; icon: ReactNode; label: string }) {
  const active = useNavActive(name);
  return (
    <ButtonLink
      to={to}
      startIcon={icon}
      aria-current={active ? 'page' : undefined}
      sx={(theme) => ({
        color: active ? theme.palette.brand.text : 'text.secondary',
        bgcolor: active ? alpha(theme.palette.primary.main, 0.12) : 'transparent',
        px: 1.5,
      })}
    >
      {label}
    </ButtonLink>
  );
}

/**
 * The signed-in chrome: sticky blurred app bar (spec §9 defaults), boxed content, static footer. A later change
 * grows this into the full vertical/horizontal navigation; pages only ever render inside `children`.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const name = brandName(useBranding());
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
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
          <Toolbar disableGutters sx={{ gap: { xs: 1, md: 2 }, flexWrap: 'wrap', py: 1, minHeight: { xs: 64 } }}>
            <RouterLink to="/" aria-label={t('nav.logoHome', { name })} underline="none" color="inherit" sx={{ mr: 1 }}>
              <BrandLogo size={34} />
            </RouterLink>
            <Box component="nav" aria-label={t('nav.main')} sx={{ display: 'flex', gap: 0.5 }}>
              <NavButton name="root" to="/" icon={<HomeOutlined />} label={t('nav.home')} />
              <NavButton name="dev-mail" to="/dev/mail" icon={<MailOutlined />} label={t('nav.mail')} />
            </Box>
            <Box sx={{ flexGrow: 1 }} />
            <ScopeSwitcher />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              {multiLanguage && <LanguageMenu />}
              <ThemeModeMenu />
              <UserMenu />
            </Box>
          </Toolbar>
        </Container>
      </AppBar>
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="xl"
        sx={{ flexGrow: 1, py: { xs: 3, md: 4 }, outline: 'none' }}
      >
        {children}
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2.5 }}>
        <Container maxWidth="xl">
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {name}
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
