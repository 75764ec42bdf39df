import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';
import { reconcileScope } from '../../lib/scope';
import { session, useSession } from '../../lib/session';

/**
 * Account and site selectors. The selection is persisted and sent as scope headers; query keys include it, so
 * every list refetches for the new scope and the guard re-checks the page (App's GuardRefresher).
 */
export function ScopeSwitcher() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { scope } = useSession();
  if (!user || user.accounts.length === 0) return null;
  const account = user.accounts.find((a) => a.id === scope.accountId);

  const select = (accountId: string | null, siteId: string | null) =>
    session.setScope(reconcileScope(user, { accountId, siteId, employerId: null }));

  return (
    <Box role="group" aria-label={t('scope.selector')} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={t('scope.account')}
        value={account?.id ?? ''}
        onChange={(e) => select(e.target.value, null)}
        sx={{ minWidth: 170, maxWidth: 240 }}
      >
        {user.accounts.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('scope.site')}
        value={account?.sites.some((s) => s.id === scope.siteId) ? scope.siteId : ''}
        onChange={(e) => select(scope.accountId, e.target.value)}
        disabled={!account || account.sites.length === 0}
        sx={{ minWidth: 170, maxWidth: 240 }}
      >
        {account?.sites.length ? (
          account.sites.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))
        ) : (
          <MenuItem value="" disabled>
            {t('scope.noSite')}
          </MenuItem>
        )}
      </TextField>
    </Box>
  );
}
