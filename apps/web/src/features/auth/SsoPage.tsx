import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { safeRedirectPath, signIn } from '../../lib/auth';
import { AuthCard } from './AuthCard';

/**
 * Where a single sign-on lands (`/auth/sso#token=…&redirect=…`): the API puts the token in the fragment, which
 * browsers never send to a server. It is taken out of the address at once, kept like a password sign-in's token,
 * and the user goes on to where they were headed.
 */
export function SsoPage() {
  const { t } = useTranslation('auth');
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // A token is used once, also when React runs the effect twice in development.
  const taken = useRef(false);

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    const token = fragment.get('token');
    const redirect = safeRedirectPath(fragment.get('redirect'));
    // Out of the address bar and the history entry before anything else can read or keep it.
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    if (!token) {
      setFailed(true);
      return;
    }
    signIn(token).then(
      () => navigate({ href: redirect, replace: true }),
      () => setFailed(true),
    );
  }, [hash, navigate]);

  if (!failed) return <FullPageSpinner />;
  return (
    <AuthCard title={t('sso.failedTitle')}>
      <Stack spacing={2.5}>
        <Alert severity="error">{t('sso.missingToken')}</Alert>
        <ButtonLink to="/login" startIcon={<BackIcon />}>
          {t('sso.backToLogin')}
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}
