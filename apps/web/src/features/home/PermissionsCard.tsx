import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { keyCounts } from '@hireline/access/ability';
import type { CurrentUser } from '../../lib/current-user';
import { scopeLabels } from '../../lib/scope';
import type { Scope } from '../../lib/session';

/** The permission keys that count in the selected scope (spec §6: a scoped key applies only while selected). */
export function PermissionsCard({ user, scope }: { user: CurrentUser; scope: Scope }) {
  const { t } = useTranslation('home');
  const labels = scopeLabels(user.accounts);
  const entries = Object.entries(user.permissions).filter(([key, values]) => keyCounts(key, scope) && values.length > 0);

  const title = (key: string) => {
    if (key === 'enterprise') return t('permissions.enterprise');
    const kind = key.slice(0, key.indexOf(':')) as 'account' | 'site' | 'employer';
    return t(`permissions.${kind}`, { name: labels.get(key) ?? key.slice(key.indexOf(':') + 1) });
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={t('permissions.title')}
        subheader={t('permissions.hint')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {entries.length === 0 ? (
          <Typography color="text.secondary">{t('permissions.empty')}</Typography>
        ) : (
          <Stack spacing={2.5}>
            {entries.map(([key, values]) => (
              <Box key={key}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {title(key)}
                </Typography>
                <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
                  {values.map((value) => (
                    <li key={value}>
                      <Chip size="small" variant="outlined" label={value} sx={{ fontFamily: 'monospace' }} />
                    </li>
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
