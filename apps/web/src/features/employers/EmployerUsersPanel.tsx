import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useTranslation } from 'react-i18next';
import {
  listEmployerUsers,
  removeEmployerUser,
  resendEmployerInvitation,
  updateEmployerUser,
  type EmployerUser,
  type memberStatuses,
} from '@hireline/contract/employer-users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ImpersonateDialog } from '../../components/ImpersonateDialog';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { UserAvatar } from '../../components/UserAvatar';
import { useCan } from '../../lib/ability';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { useCurrentUser, useImpersonating } from '../../lib/current-user';
import { formatDateTime } from '../../lib/format';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';
import { InviteUserDialog } from './InviteUserDialog';
import { useRefreshEmployers } from './use-employers-data';

type MemberStatus = (typeof memberStatuses)[number];
const STATUS_COLOR: Record<MemberStatus, NonNullable<ChipProps['color']>> = { invited: 'info', active: 'success', disabled: 'warning' };

/**
 * The people who sign in for an employer, with their role, whether they have set a password yet and when they were
 * last active. Those who may manage them (`manage`) invite, change roles, resend invitations and remove; nobody
 * changes or removes their own access (the API refuses it too). Staff who may impersonate users (at the selected
 * scope) act as anyone enabled but themselves, unless they are already acting as someone.
 */
export function EmployerUsersPanel({ employerId, employerName, manage }: { employerId: string; employerName: string; manage: boolean }) {
  const { t, i18n } = useTranslation('employers');
  const snackbar = useSnackbar();
  const me = useCurrentUser();
  const refresh = useRefreshEmployers();
  const query = useApiQuery(listEmployerUsers, { params: { employer: employerId } });
  const rows = query.data?.data;
  const roles = query.data?.roles ?? [];
  const [inviting, setInviting] = useState(false);
  // Kept while the dialog fades out, so its text does not blank; `open` says whether it shows.
  const [removing, setRemoving] = useState<{ user: EmployerUser; open: boolean } | null>(null);
  const closeRemove = () => setRemoving((r) => r && { ...r, open: false });
  const impersonating = useImpersonating();
  const canImpersonate = useCan('impersonate', 'users') && !impersonating;
  const canActAs = (user: EmployerUser) => canImpersonate && user.id !== me?.id && user.status === 'active';
  const [actingAs, setActingAs] = useState<{ user: EmployerUser; open: boolean } | null>(null);

  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
    if (error.status === 409 || error.status === 404) {
      closeRemove();
      void refresh();
    }
  };
  const changeRole = useApiMutation(updateEmployerUser, {
    onSuccess: (user) => {
      snackbar.success(t('users.roleChanged', { name: user.name, role: user.role.name }));
      return refresh();
    },
    onError,
  });
  const resend = useApiMutation(resendEmployerInvitation, {
    onSuccess: (_, { params }) => {
      const user = rows?.find((u) => u.id === params?.user);
      snackbar.success(t('users.resent', { email: user?.email ?? '' }));
    },
    onError,
  });
  const remove = useApiMutation(removeEmployerUser, {
    onSuccess: () => {
      closeRemove();
      snackbar.success(t('users.removed', { name: removing?.user.name ?? '' }));
      return refresh();
    },
    onError,
  });

  const busy = changeRole.isPending || resend.isPending || remove.isPending;
  const params = (user: EmployerUser) => ({ employer: employerId, user: user.id });
  const columns: ListColumn<EmployerUser>[] = [
    {
      id: 'name',
      header: t('users.columns.name'),
      rowHeader: true,
      cell: (user) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <UserAvatar name={user.name} src={user.avatar} size={32} />
          <span>
            {user.name}
            {user.id === me?.id && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {t('users.you')}
              </Typography>
            )}
          </span>
        </Box>
      ),
    },
    { id: 'email', header: t('users.columns.email'), sx: { whiteSpace: 'nowrap' }, cell: (user) => <bdi dir="ltr">{user.email}</bdi> },
    {
      id: 'role',
      header: t('users.columns.role'),
      cell: (user) =>
        manage && user.id !== me?.id ? (
          <TextField
            select
            size="small"
            value={user.role.key}
            disabled={busy}
            onChange={(e) => {
              if (e.target.value !== user.role.key) changeRole.mutate({ params: params(user), body: { role: e.target.value } });
            }}
            slotProps={{ htmlInput: { 'aria-label': t('users.roleFor', { name: user.name }) } }}
            sx={{ minWidth: 160 }}
          >
            {!roles.some((r) => r.key === user.role.key) && <MenuItem value={user.role.key}>{user.role.name}</MenuItem>}
            {roles.map((role) => (
              <MenuItem key={role.key} value={role.key}>
                {role.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          user.role.name
        ),
    },
    {
      id: 'status',
      header: t('users.columns.status'),
      cell: (user) => (
        <Chip size="small" color={STATUS_COLOR[user.status]} variant={user.status === 'active' ? 'filled' : 'outlined'} label={t(`users.status.${user.status}`)} />
      ),
    },
    {
      id: 'lastActive',
      header: t('users.columns.lastActive'),
      sx: { whiteSpace: 'nowrap' },
      cell: (user) => (user.last_active_at ? formatDateTime(user.last_active_at, i18n.language) : t('users.never')),
    },
    ...(manage || canImpersonate
      ? [
          {
            id: 'actions',
            header: t('users.columns.actions'),
            align: 'right',
            cell: (user) => (
              <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
                {manage && user.status === 'invited' && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy && !(resend.isPending && resend.variables?.params?.user === user.id)}
                    loading={resend.isPending && resend.variables?.params?.user === user.id}
                    onClick={() => resend.mutate({ params: params(user) })}
                    aria-label={t('users.resendFor', { name: user.name })}
                  >
                    {t('users.resend')}
                  </Button>
                )}
                {canActAs(user) && (
                  <Button
                    size="small"
                    variant="outlined"
                    color="warning"
                    onClick={() => setActingAs({ user, open: true })}
                    aria-label={t('users.actAsFor', { name: user.name })}
                  >
                    {t('users.actAs')}
                  </Button>
                )}
                {manage && user.id !== me?.id && (
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    disabled={busy}
                    onClick={() => setRemoving({ user, open: true })}
                    aria-label={t('users.removeFor', { name: user.name })}
                  >
                    {t('users.remove')}
                  </Button>
                )}
              </Box>
            ),
          } satisfies ListColumn<EmployerUser>,
        ]
      : []),
  ];

  return (
    <>
      <ListCard query={query} rows={rows} errorTitle={t('users.loadError')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}>
          <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
            {manage ? t('users.intro') : t('users.introReadOnly')}
          </Typography>
          {manage && (
            <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setInviting(true)} disabled={!query.data}>
              {t('users.inviteButton')}
            </Button>
          )}
        </Box>
        {rows?.length === 0 ? (
          <ListEmpty compact title={t('users.empty')} hint={manage ? t('users.emptyHint') : t('users.emptyHintReadOnly')} />
        ) : (
          <ListTable label={t('users.label', { name: employerName })} minWidth={860} columns={columns} rows={rows} placeholders={3} />
        )}
      </ListCard>
      {manage && (
        <InviteUserDialog
          open={inviting}
          employerId={employerId}
          employerName={employerName}
          roles={roles}
          onClose={() => setInviting(false)}
          onInvited={refresh}
        />
      )}
      <ConfirmDialog
        open={!!removing?.open}
        title={t('users.confirmRemove.title', { name: removing?.user.name ?? '' })}
        body={t('users.confirmRemove.body', { name: removing?.user.name ?? '', employer: employerName })}
        confirmLabel={t('users.confirmRemove.confirm')}
        color="error"
        pending={remove.isPending}
        onCancel={closeRemove}
        onConfirm={() => removing && remove.mutate({ params: params(removing.user) })}
      />
      {canImpersonate && (
        <ImpersonateDialog
          target={actingAs?.user ?? null}
          open={!!actingAs?.open}
          onClose={() => setActingAs((a) => a && { ...a, open: false })}
        />
      )}
    </>
  );
}
