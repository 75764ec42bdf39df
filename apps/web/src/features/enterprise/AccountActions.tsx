import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { disableEnterpriseAccount, enableEnterpriseAccount, type EnterpriseAccountDetail } from '@hireline/contract/enterprise';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ActionToolbar, useRecordActions } from '../../components/RecordActions';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';
import { EditAccountDialog } from './EditAccountDialog';
import { ENTERPRISE_REQUEST, useEnterpriseCan, useRefreshAccounts } from './enterprise-data';

type DialogKind = 'disable' | 'enable';

/**
 * Edit (name, title, domain), and enable or disable, for enterprise staff allowed to update accounts. Both ask first:
 * disabling signs the account's users out and takes its boards offline; enabling brings them back.
 */
export function AccountActions({ account }: { account: EnterpriseAccountDetail }) {
  const { t } = useTranslation('enterprise');
  const can = useEnterpriseCan();
  const refresh = useRefreshAccounts();
  const snackbar = useSnackbar();
  const { dialog, ask, close, done } = useRecordActions<DialogKind>(refresh);
  const [editing, setEditing] = useState(false);
  // As the shared record actions do, with the account API's own messages (already enabled…) in the reader's language.
  const wrap = (message: string) => ({
    ...done(message),
    onError: (error: ApiError) => {
      snackbar.error(translateError(error));
      if (error.status === 409 || error.status === 404) {
        close();
        void refresh();
      }
    },
  });
  const enable = useApiMutation(enableEnterpriseAccount, wrap(t('done.enable', { name: account.name })));
  const disable = useApiMutation(disableEnterpriseAccount, wrap(t('done.disable', { name: account.name })));
  if (!can('update')) return null;
  const kind = dialog?.kind ?? (account.enabled ? 'disable' : 'enable');
  const input = { params: { id: account.id }, ...ENTERPRISE_REQUEST };
  const busy = enable.isPending || disable.isPending;

  return (
    <>
      <ActionToolbar label={t('detail.actionsLabel')}>
        <Button variant="contained" onClick={() => setEditing(true)} disabled={busy}>
          {t('actions.edit')}
        </Button>
        {account.enabled ? (
          <Button variant="outlined" color="warning" onClick={() => ask('disable')} disabled={busy}>
            {t('actions.disable')}
          </Button>
        ) : (
          <Button variant="outlined" color="success" onClick={() => ask('enable')} disabled={busy}>
            {t('actions.enable')}
          </Button>
        )}
      </ActionToolbar>
      <ConfirmDialog
        open={!!dialog?.open}
        title={t(`confirm.${kind}.title`, { name: account.name })}
        body={t(`confirm.${kind}.body`, { name: account.name })}
        confirmLabel={t(`confirm.${kind}.confirm`)}
        color={kind === 'disable' ? 'warning' : 'success'}
        pending={busy}
        onCancel={close}
        onConfirm={() => (kind === 'disable' ? disable.mutate(input) : enable.mutate(input))}
      />
      <EditAccountDialog open={editing} account={account} onClose={() => setEditing(false)} />
    </>
  );
}
