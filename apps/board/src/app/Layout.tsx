import { useEffect, useRef } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notice, useNotice } from '../lib/notice';
import { useBoardSite } from '../lib/site';
import { Footer } from './Footer';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';

/**
 * Every page: a skip link, the staff banner while acting as a candidate, the header, the page in <main>, the footer.
 * After an in-app navigation the focus moves to the new page's heading (or main), as a full page load would reset
 * it, so keyboard and screen reader users start at the top of what changed.
 */
export function Layout() {
  const { t } = useTranslation();
  const site = useBoardSite();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);

  useEffect(() => {
    notice.navigated();
    if (first.current) {
      first.current = false;
      return;
    }
    const id = window.setTimeout(() => {
      // A page that put the focus somewhere itself (a sign-in form's first field) keeps it.
      const active = document.activeElement;
      if (active && active !== document.body && document.getElementById('main')?.contains(active) && active.id !== 'main') return;
      const target = document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
      if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target?.focus({ preventScroll: true });
    }, 50);
    return () => window.clearTimeout(id);
  }, [pathname]);

  // Not a board (an unknown host, a disabled site): nothing here can work, so say so instead of empty pages.
  const unavailable = site.isError && site.error.status === 404;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 2000,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skip')}
      </Box>
      <ImpersonationBanner />
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none', py: { xs: 2, md: 4 } }}>
        <Container maxWidth="lg">
          <NoticeBar />
          {unavailable ? (
            <Card>
              <CardContent sx={{ py: 6, textAlign: 'center' }}>
                <Typography variant="h1" sx={{ mb: 1 }}>
                  {t('site.unavailableTitle')}
                </Typography>
                <Typography color="text.secondary">{t('site.unavailableBody')}</Typography>
              </CardContent>
            </Card>
          ) : (
            <Outlet />
          )}
        </Container>
      </Box>
      <Footer />
    </Box>
  );
}

/** The message a previous action left for this page (signed out, account deleted, session ended). */
function NoticeBar() {
  const current = useNotice();
  return (
    <Box role="status" aria-live="polite">
      {current && (
        <Alert severity={current.severity} onClose={() => notice.clear()} sx={{ mb: 3 }}>
          {current.message}
        </Alert>
      )}
    </Box>
  );
}
