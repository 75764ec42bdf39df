import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { ListEmptyMessage } from '../../components/list/ListCard';
import { NewRoleDialog } from './NewRoleDialog';
import { RoleEditor } from './RoleEditor';
import { useAccountCan, useAccountRoles } from './use-users-data';

/**
 * The account's roles: the list (name, level, members) and the chosen one's editor. Built-in roles are the account's
 * copies of the default bundles: editable, never deletable.
 */
export function RolesTab() {
  const { t } = useTranslation('users');
  const accountCan = useAccountCan();
  const canUpdate = accountCan('update', 'users');
  const query = useAccountRoles();
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const roles = query.data?.data;
  const selected = roles?.find((r) => r.id === chosen) ?? roles?.[0];

  if (query.isError && !roles) return <ErrorState title={t('roles.loadError')} error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined" component="section" aria-labelledby="roles-list-heading">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2, pb: 1 }}>
            <Typography id="roles-list-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('roles.title')}
            </Typography>
            {canUpdate && (
              <Button size="small" variant="outlined" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
                {t('roles.new')}
              </Button>
            )}
          </Box>
          {!roles ? (
            <Box sx={{ p: 2 }} aria-busy>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={48} />
              ))}
            </Box>
          ) : roles.length === 0 ? (
            <ListEmptyMessage>{t('roles.empty')}</ListEmptyMessage>
          ) : (
            <List aria-label={t('roles.title')}>
              {roles.map((role) => (
                <ListItemButton
                  key={role.id}
                  selected={role.id === selected?.id}
                  aria-current={role.id === selected?.id ? 'true' : undefined}
                  onClick={() => setChosen(role.id)}
                >
                  <ListItemText
                    primary={role.name}
                    secondary={t('roles.summary', { level: t(`scope.${role.level}`), count: role.members_count })}
                  />
                  {role.built_in && <Chip size="small" variant="outlined" label={t('roles.builtIn')} />}
                </ListItemButton>
              ))}
            </List>
          )}
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        {selected && query.data ? (
          <RoleEditor
            key={selected.id}
            role={selected}
            vocabulary={query.data.vocabulary}
            canUpdate={canUpdate}
            onDeleted={() => setChosen(null)}
          />
        ) : (
          !roles && <Skeleton variant="rounded" height={420} />
        )}
      </Grid>
      {canUpdate && <NewRoleDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => setChosen(id)} />}
    </Grid>
  );
}
