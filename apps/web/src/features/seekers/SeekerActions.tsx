import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { deleteSeeker, disableSeeker, enableSeeker, eraseSeeker, type SeekerAction, type SeekerDetail } from '@hireline/contract/seekers';
import { ActAsCandidateButton } from '../../components/ActAsCandidateButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ReasonDialog } from '../../components/ReasonDialog';
import { ActionToolbar, useRecordActions } from '../../components/RecordActions';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import { translateError } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { downloadSeekerExport } from './seeker-files';
import { useRefreshSeekers } from './use-seekers-data';

type Slugs = { account: string; site: string };
type DialogKind = 'disable' | 'delete' | 'erase';
// The contract's own schema checks the erasure's reason, so the messages match the API's.
const eraseSchema = bodySchema(eraseSeeker);

/**
 * The buttons of what the caller may do now (`allowed_actions`: the seeker's state allows it and they hold the permission).
 * Disabling, deleting and erasing cannot be undone: each asks first and says so. A 409 or 404 (someone acted on
 * the seeker meanwhile) shows its message and reloads.
 */
export function SeekerActions({ seeker, slugs }: { seeker: SeekerDetail; slugs: Slugs }) {
  const { t } = useTranslation('seekers');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshSeekers();
  const { dialog, ask: open, close, done } = useRecordActions<DialogKind>(refresh);
  const [exporting, setExporting] = useState(false);
  const enable = useApiMutation(enableSeeker, done(t('done.enable')));
  const disable = useApiMutation(disableSeeker, done(t('done.disable')));
  const erase = useApiMutation(eraseSeeker, done(t('done.erase')));
  const leave = () => navigate({ to: '/$account/$site/seekers', params: slugs });
  const remove = useApiMutation(deleteSeeker, done(t('done.delete'), leave));
  const exportData = async () => {
    setExporting(true);
    try {
      await downloadSeekerExport(seeker.id, seeker.profile_id);
      snackbar.success(t('done.export'));
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) snackbar.error(isApiError(error) ? translateError(error) : t('exportError'));
    } finally {
      setExporting(false);
    }
  };

  const params = { uuid: seeker.id };
  const busy = [enable, disable, erase, remove].some((m) => m.isPending) || exporting;
  const may = (a: SeekerAction) => seeker.allowed_actions.includes(a);
  const confirmKind = dialog?.kind === 'delete' ? 'delete' : 'disable';

  return (
    <>
      <ActionToolbar label={t('detail.actionsLabel')}>
        {may('enable') && (
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
        {may('disable') && (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => open('disable')}>
            {t('actions.disable')}
          </Button>
        )}
        <ActAsCandidateButton type="seeker" id={seeker.id} name={seeker.name} available={seeker.enabled && !seeker.erased} />
        {may('export') && (
          <Button variant="outlined" disabled={busy && !exporting} loading={exporting} onClick={() => void exportData()}>
            {t('actions.export')}
          </Button>
        )}
        {may('erase') && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => open('erase')}>
            {t('actions.erase')}
          </Button>
        )}
        {may('delete') && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => open('delete')}>
            {t('actions.delete')}
          </Button>
        )}
      </ActionToolbar>
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
      <ReasonDialog
        open={dialog?.kind === 'erase' && dialog.open}
        title={t('confirm.erase.title', { name: seeker.name })}
        body={t('confirm.erase.body')}
        warning={t('confirm.erase.irreversible')}
        reasonLabel={t('confirm.erase.reason')}
        reasonHint={t('confirm.erase.reasonHint')}
        confirmLabel={t('actions.erase')}
        schema={eraseSchema}
        pending={erase.isPending}
        onCancel={close}
        onConfirm={(reason) => erase.mutate({ params, body: { reason } })}
      />
    </>
  );
}
