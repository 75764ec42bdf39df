import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { forgetCandidateData } from '../../lib/query-client';
import { parseImpersonationFragment, session } from '../../lib/session';
import { usePageTitle } from '../../lib/site';
import { AuthCard } from './AuthCard';

/**
 * `/impersonate#token=…&expires=…&by=…`: where the portal opens the board when a staff member acts as a candidate.
 * The token goes to this tab's sessionStorage only and the fragment is wiped from the address bar and history
 * before anything else can read or share it.
 */
export function ImpersonatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(false);
  usePageTitle(t('impersonation.title'));

  useEffect(() => {
    const imp = parseImpersonationFragment(window.location.hash);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!imp) {
      // A second run (development double effects) finds the fragment gone but the session already started.
      if (!session.get().impersonation) setInvalid(true);
      else void navigate({ to: '/me/applications', replace: true });
      return;
    }
    forgetCandidateData();
    session.startImpersonation(imp);
    void navigate({ to: '/me/applications', replace: true });
  }, [navigate]);

  return (
    <AuthCard title={t('impersonation.title')}>
      {invalid ? (
        <Alert severity="error" role="alert">
          {t('impersonation.invalidLink')}
        </Alert>
      ) : (
        <CircularProgress aria-label={t('common.loading')} />
      )}
    </AuthCard>
  );
}
