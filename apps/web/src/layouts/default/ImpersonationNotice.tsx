import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { useTranslation } from 'react-i18next';
import { endExpiredImpersonation, signOut } from '../../lib/auth';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';

/** The reason as the banner shows it: one line's worth, the whole of it in the tooltip. */
const REASON_SHOWN = 80;
function shortReason(reason: string): string {
  const chars = Array.from(reason.replace(/\s+/g, ' ').trim());
  return chars.length > REASON_SHOWN ? `${chars.slice(0, REASON_SHOWN - 1).join('').trimEnd()}…` : chars.join('');
}

/**
 * Whole minutes until `expiresAt`, re-read every 15 s so the countdown moves without re-rendering the page, and
 * once more at the end itself, so the time being up is noticed on the second.
 */
function useMinutesLeft(expiresAt: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, 15_000);
    const end = window.setTimeout(tick, Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(end);
    };
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

/**
 * Shown on every page while the session is an impersonation (spec §2): who is acting as whom, why, the time left
 * and the way back. The API says so in `/auth/me`; a kept parent session says so too, so the notice never depends
 * on a single source being right. When the time is up the staff member is taken back to their own session.
 */
export function ImpersonationNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { parent } = useSession();
  const navigate = useNavigate();
  const info = user?.impersonating;
  const minutes = useMinutesLeft(info?.expires_at);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (minutes !== 0) return;
    // The borrowed token has expired at the API too: the staff session takes over now, not at the next request.
    void endExpiredImpersonation().then((to) => to && navigate(to));
  }, [minutes, navigate]);
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
        {info?.reason && (
          <>
            {' · '}
            <span title={info.reason}>{t('impersonation.reason', { reason: shortReason(info.reason) })}</span>
          </>
        )}
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
