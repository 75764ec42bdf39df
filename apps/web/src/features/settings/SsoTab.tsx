import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { deleteOAuthProvider, listAccountOAuthProviders, updateOAuthProvider, type OAuthProvider } from '@hireline/contract/sso';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';
import { CopyButton } from './CopyButton';
import { RequireMfaCard } from './RequireMfaCard';
import { callbackUrlOf, SsoProviderDialog } from './SsoProviderDialog';

type Editing = { mode: 'create' } | { mode: 'edit'; provider: OAuthProvider };

/**
 * The account's OpenID Connect providers (account admins only, like the branding): each enabled one is a "Sign in with …"
 * button on the account's login page. Added, edited, turned on or off, deleted.
 */
export function SsoTab() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const query = useApiQuery(listAccountOAuthProviders, {});
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<{ provider: OAuthProvider; open: boolean } | null>(null);
  const remove = useApiMutation(deleteOAuthProvider);
  const toggle = useApiMutation(updateOAuthProvider);

  const refresh = () => void invalidateEndpoint(queryClient, listAccountOAuthProviders);
  const open = (next: Editing) => {
    setEditing(next);
    setDialogOpen(true);
  };
  const setEnabled = (p: OAuthProvider, enabled: boolean) =>
    toggle.mutate(
      { params: { id: p.id }, body: { enabled } },
      {
        onSuccess: (saved) => notify.success(t(saved.enabled ? 'sso.enabledNow' : 'sso.disabledNow', { name: saved.name })),
        onError: (error) => notify.error(translateError(error)),
        onSettled: refresh,
      },
    );
  const confirmDelete = (p: OAuthProvider) =>
    remove.mutate(
      { params: { id: p.id } },
      {
        onSuccess: () => notify.success(t('sso.deleted', { name: p.name })),
        onError: (error) => notify.error(translateError(error)),
        onSettled: () => {
          setDeleting((d) => d && { ...d, open: false });
          refresh();
        },
      },
    );

  const columns: ListColumn<OAuthProvider>[] = [
    {
      id: 'name',
      header: t('sso.columns.name'),
      rowHeader: true,
      cell: (p) => (
        <>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {p.name}
          </Box>
          <Typography variant="body2" color="text.secondary" dir="ltr">
            {p.slug}
          </Typography>
        </>
      ),
    },
    {
      id: 'issuer',
      header: t('sso.columns.issuer'),
      sx: { wordBreak: 'break-all' },
      cell: (p) => <span dir="ltr">{p.issuer}</span>,
    },
    {
      id: 'domains',
      header: t('sso.columns.domains'),
      cell: (p) =>
        p.allowed_domains.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {p.allowed_domains.map((d) => (
              <Chip key={d} size="small" variant="outlined" label={d} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('sso.anyDomain')}
          </Typography>
        ),
    },
    {
      id: 'newUsers',
      header: t('sso.columns.newUsers'),
      cell: (p) =>
        p.new_users ? (
          p.new_users.site_id ? (
            t('sso.newUsersSite', { name: p.new_users.role_name, site: p.new_users.site_name })
          ) : (
            t('sso.newUsersAccount', { name: p.new_users.role_name })
          )
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('sso.newUsersRefused')}
          </Typography>
        ),
    },
    {
      id: 'enabled',
      header: t('sso.columns.enabled'),
      cell: (p) => (
        <Switch
          checked={p.enabled}
          disabled={toggle.isPending}
          onChange={(_, checked) => setEnabled(p, checked)}
          slotProps={{ input: { 'aria-label': t('sso.enable', { name: p.name }) } }}
        />
      ),
    },
    {
      id: 'callback',
      header: t('sso.columns.callback'),
      cell: (p) => <CopyButton text={callbackUrlOf(p.slug)} label={t('sso.copyCallback', { name: p.name })} />,
    },
    {
      id: 'actions',
      header: t('sso.columns.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => (
        <>
          <Tooltip title={t('sso.edit', { name: p.name })}>
            <IconButton aria-label={t('sso.edit', { name: p.name })} onClick={() => open({ mode: 'edit', provider: p })}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('sso.delete', { name: p.name })}>
            <IconButton aria-label={t('sso.delete', { name: p.name })} onClick={() => setDeleting({ provider: p, open: true })}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  if (query.isError && !query.data) return <ErrorState title={t('sso.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data;
  return (
    <Box component="section" aria-labelledby="sso-heading">
      <RequireMfaCard />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography id="sso-heading" variant="h6" component="h2">
            {t('sso.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sso.hint')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => open({ mode: 'create' })}>
          {t('sso.add')}
        </Button>
      </Box>
      <Card variant="outlined">
        {rows?.length === 0 ? (
          <ListEmpty compact title={t('sso.empty')} hint={t('sso.emptyHint')} />
        ) : (
          <ListTable label={t('sso.heading')} minWidth={1040} columns={columns} rows={rows} placeholders={2} />
        )}
      </Card>
      <SsoProviderDialog
        open={dialogOpen}
        provider={editing?.mode === 'edit' ? editing.provider : null}
        onClose={() => setDialogOpen(false)}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={Boolean(deleting?.open)}
        title={t('sso.deleteTitle', { name: deleting?.provider.name ?? '' })}
        body={t('sso.deleteBody')}
        confirmLabel={t('sso.deleteConfirm')}
        color="error"
        irreversible
        pending={remove.isPending}
        onCancel={() => setDeleting((d) => d && { ...d, open: false })}
        onConfirm={() => deleting && confirmDelete(deleting.provider)}
      />
    </Box>
  );
}
