import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { candidateLogout } from '@hireline/contract/board-candidate-account';
import { getCandidateProfile } from '@hireline/contract/board-candidates';
import { request } from '../lib/api-client';
import { useApiQuery } from '../lib/api-query';
import { signOutLocally } from '../lib/auth';
import { notice } from '../lib/notice';
import { useSession } from '../lib/session';

/** Whole minutes left, rounded up, never below zero. */
export function minutesLeft(expiresAt: string, now = Date.now()): number {
  const ms = Date.parse(expiresAt) - now;
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 60_000)) : 0;
}

/**
 * On every page while a staff member acts as a candidate from the portal: who they are acting as, who they are,
 * why, and how long is left; "Stop" ends that session and closes the tab the portal opened.
 */
export function ImpersonationBanner() {
  const { impersonation } = useSession();
  if (!impersonation) return null;
  return <Banner expiresAt={impersonation.expiresAt} by={impersonation.by} />;
}

function Banner({ expiresAt, by }: { expiresAt: string; by: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useApiQuery(getCandidateProfile, {});
  const [now, setNow] = useState(() => Date.now());
  const [stopping, setStopping] = useState(false);
  const info = profile.data?.impersonating;
  const minutes = minutesLeft(info?.expires_at ?? expiresAt, now);

  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);

  async function stop() {
    setStopping(true);
    try {
      await request(candidateLogout);
    } catch {
      // Already ended (time up, staff session gone): nothing left to end on the server.
    }
    signOutLocally();
    // Browsers only let a script close a tab it opened (or one with no history to go back to); asking in any other
    // case only earns a console warning. Otherwise say it is over and leave the candidate's pages.
    if (window.opener || window.history.length <= 1) window.close();
    notice.show(t('impersonation.stopped'), 'info');
    setStopping(false);
    await navigate({ to: '/' });
  }

  const candidate = profile.data?.name ?? '…';
  const staff = info?.by.name ?? by ?? '…';
  const reason = info?.reason;
  return (
    <Box component="section" aria-label={t('impersonation.label')} sx={{ bgcolor: 'warning.main', color: 'warning.contrastText', py: 1 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t('impersonation.banner', { candidate, staff })}
            {reason ? ` — ${reason}` : ''}
            {', '}
            {minutes > 0 ? t('impersonation.timeLeft', { count: minutes }) : t('impersonation.expired')}
          </Typography>
          <Button size="small" variant="contained" color="inherit" onClick={() => void stop()} loading={stopping} sx={{ color: 'text.primary', bgcolor: 'background.paper', flexShrink: 0 }}>
            {t('impersonation.stop')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
