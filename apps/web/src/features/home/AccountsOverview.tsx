import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import Apartment from '@mui/icons-material/Apartment';
import Business from '@mui/icons-material/Business';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import type { AccountRef } from '@hireline/contract/auth';
import type { CurrentUser } from '../../lib/current-user';
import { reconcileScope } from '../../lib/scope';
import { session, type Scope } from '../../lib/session';

type SiteRef = AccountRef['sites'][number];

function SiteRow({ user, account, site, scope }: { user: CurrentUser; account: AccountRef; site: SiteRef; scope: Scope }) {
  const { t } = useTranslation('home');
  const selected = scope.accountId === account.id && scope.siteId === site.id;
  return (
    <Box
      component="li"
      sx={(theme) => ({
        p: 2,
        borderRadius: 1.5,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Apartment fontSize="small" color="action" aria-hidden />
        <Typography component="h4" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {site.name}
        </Typography>
        {selected ? (
          <Chip size="small" color="primary" icon={<CheckCircle />} label={t('accounts.selected')} />
        ) : (
          <Button
            size="small"
            variant="outlined"
            onClick={() => session.setScope(reconcileScope(user, { accountId: account.id, siteId: site.id, employerId: null }))}
          >
            {t('accounts.select', { name: site.name })}
          </Button>
        )}
      </Box>
      {/* Staff with site-wide reach work with every employer of the site; only employer memberships are listed (ADR 002). */}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, mb: 0.75 }}>
        {t('accounts.employers')}
      </Typography>
      {site.employers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('accounts.allEmployers')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
          {site.employers.map((e) => (
            <li key={e.id}>
              <Chip
                size="small"
                label={e.name}
                color={scope.employerId === e.id ? 'primary' : 'default'}
                variant={scope.employerId === e.id ? 'filled' : 'outlined'}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Signed in on a host whose brand is none of theirs (e.g. another tenant's portal): where their own accounts are. */
function AccountsElsewhere({ accounts }: { accounts: NonNullable<CurrentUser['accounts_elsewhere']> }) {
  const { t } = useTranslation('home');
  return (
    <Box role="status">
      <Typography variant="h6" component="p" sx={{ mb: 0.5 }}>
        {t('accounts.elsewhere')}{' '}
        {accounts.map((a, i) => (
          <span key={a.id}>
            {i > 0 && ', '}
            <Link href={a.url}>{a.name}</Link>
          </span>
        ))}
      </Typography>
      <Typography color="text.secondary">{t('accounts.elsewhereHint')}</Typography>
      <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5 }}>
        {accounts.map((a) => (
          <li key={a.id}>
            <Link href={a.url}>{new URL(a.url).host}</Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Accounts → sites → employers the user can reach; choosing a site changes the working scope. Drawn again only when
 * the user or the selection changes, not when the dashboard's figures arrive.
 */
export const AccountsOverview = memo(function AccountsOverview({ user, scope }: { user: CurrentUser; scope: Scope }) {
  const { t } = useTranslation('home');
  return (
    <Box component="section" aria-labelledby="accounts-title">
      <Typography id="accounts-title" variant="h6" component="h2">
        {t('accounts.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('accounts.hint')}
      </Typography>
      {user.accounts.length === 0 ? (
        <Card>
          <CardContent>
            {user.accounts_elsewhere?.length ? <AccountsElsewhere accounts={user.accounts_elsewhere} /> : <Typography color="text.secondary">{t('accounts.empty')}</Typography>}
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={3}>
          {user.accounts.map((account) => (
            <Grid key={account.id} size={{ xs: 12, lg: user.accounts.length > 1 ? 6 : 12 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
                    <Business color="primary" aria-hidden />
                    <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
                      {account.name}
                    </Typography>
                    <Chip size="small" variant="outlined" label={account.slug} sx={{ fontFamily: 'monospace' }} />
                  </Box>
                  <Divider sx={{ mb: 2 }} />
                  {account.sites.length === 0 ? (
                    <Typography color="text.secondary">{t('accounts.noSites')}</Typography>
                  ) : (
                    <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('accounts.sites')}>
                      {account.sites.map((site) => (
                        <SiteRow key={site.id} user={user} account={account} site={site} scope={scope} />
                      ))}
                    </Stack>
                  )}
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
});
