import { useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { candidateLogout } from '@hireline/contract/board-candidate-account';
import { ButtonLink, MenuItemLink, RouterLink } from '../components/RouterLink';
import { request } from '../lib/api-client';
import { signOutLocally } from '../lib/auth';
import { brandLogo, useBranding } from '../lib/branding';
import { notice } from '../lib/notice';
import { useSession } from '../lib/session';
import { useBoardSite } from '../lib/site';
import { LanguageMenu } from './LanguageMenu';

type NavTo = '/jobs' | '/employers/register' | '/me/applications' | '/me/profile' | '/sign-in';

/** The site's brand, the main navigation, the candidate's menu and the language; collapsed to a menu on phones. */
export function Header() {
  const { t } = useTranslation();
  const branding = useBranding();
  const site = useBoardSite();
  const { token } = useSession();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const logo = brandLogo(branding);
  const name = site.data?.name ?? branding?.title ?? '';

  async function signOut() {
    setMenu(null);
    try {
      await request(candidateLogout);
    } catch {
      // Already ended on the server (expired, revoked): forgetting it here is all that is left to do.
    }
    signOutLocally();
    notice.show(t('account.signedOut'), 'success');
    await navigate({ to: '/' });
  }

  const links: { to: NavTo; label: string }[] = [
    { to: '/jobs', label: t('nav.jobs') },
    { to: '/employers/register', label: t('nav.employers') },
    ...(token
      ? [
          { to: '/me/applications' as const, label: t('nav.applications') },
          { to: '/me/profile' as const, label: t('nav.profile') },
        ]
      : []),
  ];
  const current = (to: NavTo) => (to === '/jobs' ? pathname === '/' || pathname.startsWith('/jobs') : pathname.startsWith(to));

  return (
    <AppBar position="static" component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 64, md: 72 } }}>
          <RouterLink to="/" color="inherit" underline="none" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            {logo && <Box component="img" src={logo} alt={name ? '' : t('nav.home')} sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }} />}
            <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700 }}>
              {name || (!logo ? t('nav.home') : '')}
            </Typography>
          </RouterLink>
          <Box component="nav" aria-label={t('nav.main')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2, flex: 1 }}>
            {links.map((link) => (
              <ButtonLink
                key={link.to}
                to={link.to}
                color="inherit"
                aria-current={current(link.to) ? 'page' : undefined}
                sx={{ fontWeight: current(link.to) ? 700 : 500, borderBottom: 2, borderColor: current(link.to) ? 'primary.main' : 'transparent', borderRadius: 0 }}
              >
                {link.label}
              </ButtonLink>
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
            <LanguageMenu />
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>
              {token ? (
                <Button variant="outlined" onClick={() => void signOut()}>
                  {t('nav.signOut')}
                </Button>
              ) : (
                <ButtonLink to="/sign-in" variant="contained">
                  {t('nav.signIn')}
                </ButtonLink>
              )}
            </Box>
            <IconButton
              sx={{ display: { md: 'none' } }}
              aria-label={t('nav.menu')}
              aria-haspopup="true"
              aria-expanded={Boolean(menu)}
              aria-controls={menu ? 'board-menu' : undefined}
              onClick={(e) => setMenu(e.currentTarget)}
            >
              <MenuIcon />
            </IconButton>
          </Stack>
        </Toolbar>
      </Container>
      <Menu id="board-menu" anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {links.map((link) => (
          <MenuItemLink key={link.to} to={link.to} onClick={() => setMenu(null)} selected={current(link.to)}>
            {link.label}
          </MenuItemLink>
        ))}
        <Divider />
        {token ? (
          <MenuItem onClick={() => void signOut()}>{t('nav.signOut')}</MenuItem>
        ) : (
          <MenuItemLink to="/sign-in" onClick={() => setMenu(null)}>
            {t('nav.signIn')}
          </MenuItemLink>
        )}
      </Menu>
    </AppBar>
  );
}
