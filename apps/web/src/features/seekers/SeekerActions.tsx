import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@hireline/contract/endpoint';
import { deleteSeeker, disableSeeker, enableSeeker, eraseSeeker, type SeekerDetail } from '@hireline/contract/seekers';
import { isApiError, type ApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { ConfirmDialog } from '../jobs/ConfirmDialog';
import { EraseSeekerDialog } from './EraseSeekerDialog';
import { downloadSeekerExport } from './seeker-files';
import { useRefreshSeekers } from './use-seekers-data';

type Slugs = { account: string; site: string };
type DialogKind = 'disable' | 'delete' | 'erase';

/**
 * The buttons of what the caller may do now (`actions`: the seeker's state allows it and they hold the permission).
 * Disabling, deleting and erasing cannot be undone: each asks first and says so. A 409 or 404 (someone acted on
 * the seeker meanwhile) shows its message and reloads.
 */
export function SeekerActions({ seeker, slugs }: { seeker: SeekerDetail; slugs: Slugs }) {
  const { t } = useTranslation('seekers');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshSeekers();
  const [dialog, setDialog] = useState<{ kind: DialogKind; open: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const close = () => setDialog((d) => d && { ...d, open: false });
  const onError = (error: ApiError) => {
    snackbar.error(translateMessage(error.message));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const useAction = <E extends Endpoint>(endpoint: E, done: string) =>
    useApiMutation(endpoint, {
      onSuccess: () => {
        close();
        snackbar.success(done);
        return refresh();
      },
      onError,
    });
  const enable = useAction(enableSeeker, t('done.enable'));
  const disable = useAction(disableSeeker, t('done.disable'));
  const erase = useAction(eraseSeeker, t('done.erase'));
  const remove = useApiMutation(deleteSeeker, {
    onSuccess: async () => {
      close();
      snackbar.success(t('done.delete'));
      await navigate({ to: '/$account/$site/seekers', params: slugs });
      await refresh();
    },
    onError,
  });
  const exportData = async () => {
    setExporting(true);
    try {
      await downloadSeekerExport(seeker.id, seeker.profile_id);
      snackbar.success(t('done.export'));
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) snackbar.error(isApiError(error) ? translateMessage(error.message) : t('exportError'));
    } finally {
      setExporting(false);
    }
  };

  const params = { uuid: seeker.id };
  const busy = [enable, disable, erase, remove].some((m) => m.isPending) || exporting;
  const { actions } = seeker;
  const open = (kind: DialogKind) => setDialog({ kind, open: true });
  const confirmKind = dialog?.kind === 'delete' ? 'delete' : 'disable';

  return (
    <>
      <Box role="toolbar" aria-label={t('detail.actionsLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {actions.enable && (
          <Button
            variant="outlined"
            color="success"
            disabled={busy && !enable.isPending}
            loading={enable.isPending}
            onClick={() => enable.mutate({ params })}
          >
            {t('actions.enable')}
          </Button>
        )}
        {actions.disable && (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => open('disable')}>
            {t('actions.disable')}
          </Button>
        )}
        {actions.export && (
          <Button variant="outlined" disabled={busy && !exporting} loading={exporting} onClick={() => void exportData()}>
            {t('actions.export')}
          </Button>
        )}
        {actions.erase && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => open('erase')}>
            {t('actions.erase')}
          </Button>
        )}
        {actions.delete && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => open('delete')}>
            {t('actions.delete')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={dialog?.kind !== 'erase' && !!dialog?.open}
        title={t(`confirm.${confirmKind}.title`, { name: seeker.name })}
        body={t(`confirm.${confirmKind}.body`, { name: seeker.name })}
        confirmLabel={t(`confirm.${confirmKind}.confirm`)}
        color={confirmKind === 'delete' ? 'error' : 'warning'}
        irreversible
        pending={disable.isPending || remove.isPending}
        onCancel={close}
        onConfirm={() => (confirmKind === 'delete' ? remove.mutate({ params }) : disable.mutate({ params }))}
      />
      <EraseSeekerDialog
        open={dialog?.kind === 'erase' && dialog.open}
        name={seeker.name}
        pending={erase.isPending}
        onCancel={close}
        onConfirm={(reason) => erase.mutate({ params, body: { reason } })}
      />
    </>
  );
}
