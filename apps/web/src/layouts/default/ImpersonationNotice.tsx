import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../lib/auth';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';

/** Whole minutes until `expiresAt`, re-read every 15 s so the countdown moves without re-rendering the page. */
function useMinutesLeft(expiresAt: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/**
 * Shown on every page while the session is an impersonation (spec §2): who is acting as whom, the time left and
 * the way back. The API says so in `/auth/me`; a kept parent session says so too, so the notice never depends on a
 * single source being right.
 */
export function ImpersonationNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { parent } = useSession();
  const navigate = useNavigate();
  const info = user?.impersonating;
  const minutes = useMinutesLeft(info?.expires_at);
  const [leaving, setLeaving] = useState(false);
  if (!user || (!info && !parent)) return null;

  const back = async () => {
    setLeaving(true);
    try {
      await navigate(await signOut());
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Container maxWidth="xl" sx={{ pt: 2 }}>
      <Alert
        severity="warning"
        variant="filled"
        icon={<SupervisorAccountOutlined />}
        aria-label={t('impersonation.label')}
        role="status"
        action={
          <Button color="inherit" size="small" variant="outlined" onClick={back} disabled={leaving}>
            {t('impersonation.back')}
          </Button>
        }
        sx={{ alignItems: 'center' }}
      >
        {info
          ? t('impersonation.actingAs', { name: user.name, by: info.by.name })
          : t('impersonation.actingAsUnknown', { name: user.name })}
        {minutes !== null && (
          <>
            {' · '}
            {minutes > 0 ? t('impersonation.timeLeft', { count: minutes }) : t('impersonation.expired')}
          </>
        )}
      </Alert>
    </Container>
  );
}
