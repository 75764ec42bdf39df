import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import { useTranslation } from 'react-i18next';
import {
  disableAccountUser,
  enableAccountUser,
  removeAccountUser,
  resendAccountInvitation,
  type AccountUser,
  type AccountUserAction,
} from '@hireline/contract/account-users';
import { resetAccountUserMfa } from '@hireline/contract/mfa';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ImpersonateDialog } from '../../components/ImpersonateDialog';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { useCurrentUser, useImpersonating } from '../../lib/current-user';
import { useSnackbar } from '../../lib/snackbar';
import { translateError, translateMessage } from '../../lib/messages';
import { useAccountCan, useRefreshUsers, useSelectedAccount } from './use-users-data';

type Confirm = 'disable' | 'remove' | 'resetMfa';

/**
 * One person's actions, in a menu: edit access, resend the invitation, act as them, reset two-step sign-in, disable
 * or enable, remove, each as the API allows it now (`allowed_actions`: the caller's permissions and roles, the
 * person's standing, the last admin). Acting as someone, disabling and removing ask first. A 409 (the person changed
 * meanwhile) or 404 shows the API's message and reloads the list.
 */
export function UserRowActions({ user, onEdit }: { user: AccountUser; onEdit: () => void }) {
  const { t } = useTranslation('users');
  const menuId = useId();
  const snackbar = useSnackbar();
  const refresh = useRefreshUsers();
  const account = useSelectedAccount();
  const accountCan = useAccountCan();
  const may = (a: AccountUserAction) => user.allowed_actions.includes(a);
  const me = useCurrentUser();
  const impersonating = useImpersonating();
  // The API refuses yourself, a disabled person, someone who has not accepted their invitation (it grants nothing
  // yet), and a second impersonation from inside one.
  const canActAs = accountCan('impersonate', 'users') && !impersonating && user.status === 'active' && user.id !== me?.id;
  const [actingAs, setActingAs] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<{ kind: Confirm; open: boolean } | null>(null);
  const close = () => setConfirm((c) => c && { ...c, open: false });
  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const done = (message: string) => ({
    onSuccess: () => {
      close();
      snackbar.success(message);
      void refresh();
    },
    onError,
  });
  const disable = useApiMutation(disableAccountUser, done(t('done.disable', { name: user.name })));
  const enable = useApiMutation(enableAccountUser, done(t('done.enable', { name: user.name })));
  const remove = useApiMutation(removeAccountUser, done(t('done.remove', { name: user.name })));
  const resetMfa = useApiMutation(resetAccountUserMfa, done(t('done.resetMfa', { name: user.name })));
  const resend = useApiMutation(resendAccountInvitation, {
    onSuccess: (res) => snackbar.success(translateMessage(res.message)),
    onError,
  });
  if (!user.allowed_actions.length && !canActAs) return null;
  const params = { user: user.id };
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const kind = confirm?.kind ?? 'disable';

  return (
    <>
      <IconButton
        aria-label={t('people.actionsFor', { name: user.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertOutlined />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {may('update_access') && (
          <MenuItem onClick={pick(onEdit)}>
            <ListItemText>{t('actions.editAccess')}</ListItemText>
          </MenuItem>
        )}
        {may('resend_invitation') && (
          <MenuItem onClick={pick(() => resend.mutate({ params }))} disabled={resend.isPending}>
            <ListItemText>{t('actions.resend')}</ListItemText>
          </MenuItem>
        )}
        {canActAs && (
          <MenuItem onClick={pick(() => setActingAs(true))}>
            <ListItemText>{t('actions.actAs')}</ListItemText>
          </MenuItem>
        )}
        {may('reset_mfa') && (
          <MenuItem onClick={pick(() => setConfirm({ kind: 'resetMfa', open: true }))}>
            <ListItemText>{t('actions.resetMfa')}</ListItemText>
          </MenuItem>
        )}
        {may('disable') && (
          <MenuItem onClick={pick(() => setConfirm({ kind: 'disable', open: true }))}>
            <ListItemText>{t('actions.disable')}</ListItemText>
          </MenuItem>
        )}
        {may('enable') && (
          <MenuItem onClick={pick(() => enable.mutate({ params }))} disabled={enable.isPending}>
            <ListItemText>{t('actions.enable')}</ListItemText>
          </MenuItem>
        )}
        {may('remove') && (
          <MenuItem onClick={pick(() => setConfirm({ kind: 'remove', open: true }))} sx={{ color: 'error.main' }}>
            <ListItemText>{t('actions.remove')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={!!confirm?.open}
        title={t(`confirm.${kind}.title`, { name: user.name, account: account?.name ?? '' })}
        body={t(`confirm.${kind}.body`, { name: user.name, account: account?.name ?? '' })}
        confirmLabel={t(`confirm.${kind}.confirm`)}
        color={kind === 'remove' ? 'error' : 'warning'}
        pending={disable.isPending || remove.isPending || resetMfa.isPending}
        onCancel={close}
        onConfirm={() => ({ remove, disable, resetMfa })[kind].mutate({ params })}
      />
      {canActAs && <ImpersonateDialog target={user} open={actingAs} onClose={() => setActingAs(false)} />}
    </>
  );
}
