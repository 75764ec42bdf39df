import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { type ApplicationDetail } from '@hireline/contract/applications';
import { deleteApplication, disableApplication, enableApplication } from '@hireline/contract/application-actions';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { ConfirmDialog } from '../jobs/ConfirmDialog';
import { StatusChangeDialog } from './StatusChangeDialog';
import { useRefreshApplications } from './use-bulk-applications';
import { isStaffStatus } from './use-stages';

type Confirmed = 'enable' | 'disable' | 'delete';

/**
 * The buttons of what the caller may do to this application now (`actions` of the overview: its state allows it
 * and they hold the permission). A 409 or 404 (someone changed it meanwhile) shows its message and reloads.
 */
export function ApplicationActions({ app, slugs }: { app: ApplicationDetail; slugs: { account: string; site: string } }) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshApplications();
  const [confirm, setConfirm] = useState<{ action: Confirmed; open: boolean } | null>(null);
  const [statusDialog, setStatusDialog] = useState<{ key: number; open: boolean } | null>(null);
  const close = () => setConfirm((c) => c && { ...c, open: false });
  const onError = (error: ApiError) => {
    snackbar.error(translateMessage(error.message));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const toggle = (action: 'enable' | 'disable') =>
    ({
      onSuccess: () => {
        close();
        snackbar.success(t(`detail.done.${action}`));
        return refresh();
      },
      onError,
    }) as const;
  const enable = useApiMutation(enableApplication, toggle('enable'));
  const disable = useApiMutation(disableApplication, toggle('disable'));
  const remove = useApiMutation(deleteApplication, {
    onSuccess: async () => {
      close();
      snackbar.success(t('detail.done.delete'));
      await navigate({ to: '/$account/$site/applications', params: slugs });
      await refresh();
    },
    onError,
  });

  const params = { uuid: app.id };
  const statuses = app.actions.statuses.filter((s) => isStaffStatus(s) && s !== app.status);
  const busy = enable.isPending || disable.isPending || remove.isPending;
  const anything = statuses.length > 0 || app.actions.enable || app.actions.disable || app.actions.delete;
  const action = confirm?.action ?? 'enable';
  const run = { enable: () => enable.mutate({ params }), disable: () => disable.mutate({ params }), delete: () => remove.mutate({ params }) };
  const button = (name: Confirmed, color: 'primary' | 'warning' | 'error') => (
    <Button variant="outlined" color={color} disabled={busy} onClick={() => setConfirm({ action: name, open: true })}>
      {t(`actions.${name}`)}
    </Button>
  );

  return (
    <>
      {/* No empty toolbar for a withdrawn application or a viewer. */}
      {anything && (
        <Box role="toolbar" aria-label={t('detail.actionsLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {statuses.length > 0 && (
            <Button variant="contained" disabled={busy} onClick={() => setStatusDialog((d) => ({ key: (d?.key ?? 0) + 1, open: true }))}>
              {t('actions.status')}
            </Button>
          )}
          {app.actions.enable && button('enable', 'primary')}
          {app.actions.disable && button('disable', 'warning')}
          {app.actions.delete && button('delete', 'error')}
        </Box>
      )}
      <ConfirmDialog
        open={confirm?.open ?? false}
        title={t(`detail.confirm.${action}.title`, { name: app.candidate.name })}
        body={t(`detail.confirm.${action}.body`)}
        confirmLabel={t(`actions.${action}`)}
        irreversible={action === 'delete'}
        color={action === 'delete' ? 'error' : action === 'disable' ? 'warning' : 'primary'}
        pending={busy}
        onCancel={close}
        onConfirm={run[action]}
      />
      {statusDialog && (
        <StatusChangeDialog
          key={statusDialog.key}
          open={statusDialog.open}
          target={{ ids: [app.id], names: { [app.id]: app.candidate.name }, current: app.status, allowed: statuses }}
          onClose={() => setStatusDialog((d) => d && { ...d, open: false })}
        />
      )}
    </>
  );
}
