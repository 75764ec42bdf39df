import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Edit from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import {
  approveEmployer,
  deleteEmployer,
  disableEmployer,
  enableEmployer,
  rejectEmployer,
  type EmployerAction,
  type EmployerDetail,
} from '@hireline/contract/employers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ReasonDialog } from '../../components/ReasonDialog';
import { ActionToolbar, useRecordActions } from '../../components/RecordActions';
import { ButtonLink } from '../../components/RouterLink';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import i18n from '../../lib/i18n';
import { session } from '../../lib/session';
import { useSnackbar } from '../../lib/snackbar';
import { formatNumber } from '../../lib/format';
import { translateError, translateMessage } from '../../lib/messages';
import { useRefreshEmployers } from './use-employers-data';

type Slugs = { account: string; site: string };
type DialogKind = 'reject' | 'enable' | 'disable' | 'delete';
export type EmployerMode = 'site' | 'selected';
const rejectSchema = bodySchema(rejectEmployer);

/**
 * The buttons of what the caller may do to the employer now (`allowed_actions`: its state allows it and they hold the
 * permission). Rejecting asks for the reason the registrant is emailed; disabling says what it does to the users
 * and jobs; enabling, when disabling unlisted jobs that could go live again, offers to relist them; deleting says what goes with it and that it cannot be undone, and when the API refuses it (credit
 * history) its reason is shown instead of the button. A 409 or 404 shows its message and reloads.
 */
export function EmployerActions({ employer, mode, slugs }: { employer: EmployerDetail; mode: EmployerMode; slugs: Slugs }) {
  const { t } = useTranslation('employers');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshEmployers();
  const { dialog, ask, close, done } = useRecordActions<DialogKind>(refresh);
  // As the shared handling does, with the employers API's own messages translated too.
  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const handlers = (message: string, then?: () => Promise<unknown>) => ({ ...done(message, then), onError });
  const approve = useApiMutation(approveEmployer, handlers(t('done.approve')));
  const reject = useApiMutation(rejectEmployer, handlers(t('done.reject')));
  // Ticked by default: a disabled employer is most often enabled again to undo the disabling whole.
  const [relist, setRelist] = useState(true);
  const relisting = dialog?.kind === 'enable' && relist;
  const enable = useApiMutation(enableEmployer, handlers(t(relisting ? 'done.enableRelisted' : 'done.enable')));
  const disable = useApiMutation(disableEmployer, handlers(t('done.disable')));
  const leave = async () => {
    // The selected employer is gone: act for none rather than for a deleted one.
    if (mode === 'selected') session.setScope({ ...session.get().scope, employerId: null });
    await navigate({ to: '/$account/$site/employers', params: slugs });
  };
  const remove = useApiMutation(deleteEmployer, handlers(t('done.delete'), leave));

  const params = { uuid: employer.id };
  const busy = [approve, reject, enable, disable, remove].some((m) => m.isPending);
  const may = (a: EmployerAction) => employer.allowed_actions.includes(a);
  const name = employer.business_name;
  const lang = i18n.language;
  const count = (key: 'jobs' | 'applications' | 'users', n: number) => t(`counts.${key}`, { count: n, formatted: formatNumber(n, lang) });
  const anyAction = (['update', 'approve', 'reject', 'enable', 'disable', 'delete'] as const).some(may);

  return (
    <Stack spacing={2}>
      {anyAction && (
        <ActionToolbar label={t('detail.actionsLabel')}>
          {may('update') &&
            (mode === 'site' ? (
              <ButtonLink to="/$account/$site/employers/$id/edit" params={{ ...slugs, id: employer.id }} variant="contained" startIcon={<Edit />}>
                {t('actions.edit')}
              </ButtonLink>
            ) : (
              <ButtonLink to="/$account/$site/employer/edit" params={slugs} variant="contained" startIcon={<Edit />}>
                {t('actions.edit')}
              </ButtonLink>
            ))}
          {may('approve') && (
            <Button
              variant="outlined"
              color="success"
              disabled={busy && !approve.isPending}
              loading={approve.isPending}
              onClick={() => approve.mutate({ params })}
            >
              {t('actions.approve')}
            </Button>
          )}
          {may('reject') && (
            <Button variant="outlined" color="error" disabled={busy} onClick={() => ask('reject')}>
              {t('actions.reject')}
            </Button>
          )}
          {may('enable') && (
            <Button
              variant="outlined"
              color="success"
              disabled={busy && !enable.isPending}
              loading={enable.isPending}
              onClick={() => {
                if (employer.relistable_jobs_count === 0) return enable.mutate({ params });
                setRelist(true);
                ask('enable');
              }}
            >
              {t('actions.enable')}
            </Button>
          )}
          {may('disable') && (
            <Button variant="outlined" color="warning" disabled={busy} onClick={() => ask('disable')}>
              {t('actions.disable')}
            </Button>
          )}
          {may('delete') && (
            <Button variant="outlined" color="error" disabled={busy} onClick={() => ask('delete')}>
              {t('actions.delete')}
            </Button>
          )}
        </ActionToolbar>
      )}
      {!may('delete') && employer.delete_blocked_reason && (
        <Alert severity="info">{t('detail.deleteBlocked', { reason: translateMessage(employer.delete_blocked_reason) })}</Alert>
      )}
      <ConfirmDialog
        open={dialog?.kind === 'disable' && dialog.open}
        title={t('confirm.disable.title', { name })}
        body={t('confirm.disable.body', { name, users: count('users', employer.users_count), jobs: count('jobs', employer.live_jobs_count) })}
        confirmLabel={t('confirm.disable.confirm')}
        color="warning"
        pending={disable.isPending}
        onCancel={close}
        onConfirm={() => disable.mutate({ params })}
      />
      <ConfirmDialog
        open={dialog?.kind === 'enable' && dialog.open}
        title={t('confirm.enable.title', { name })}
        body={t('confirm.enable.body', { jobs: count('jobs', employer.relistable_jobs_count) })}
        confirmLabel={t('confirm.enable.confirm')}
        color="success"
        pending={enable.isPending}
        onCancel={close}
        onConfirm={() => enable.mutate({ params, body: { relist } })}
      >
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={relist} onChange={(e) => setRelist(e.target.checked)} />}
          label={t('confirm.enable.relist', { jobs: count('jobs', employer.relistable_jobs_count) })}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete' && dialog.open}
        title={t('confirm.delete.title', { name })}
        body={t('confirm.delete.body', {
          name,
          jobs: count('jobs', employer.jobs_count),
          applications: count('applications', employer.applications_count),
        })}
        confirmLabel={t('confirm.delete.confirm')}
        color="error"
        irreversible
        pending={remove.isPending}
        onCancel={close}
        onConfirm={() => remove.mutate({ params })}
      />
      <ReasonDialog
        open={dialog?.kind === 'reject' && dialog.open}
        title={t('reject.title', { name })}
        body={t('reject.body')}
        reasonLabel={t('reject.reason')}
        reasonHint={t('reject.reasonHint')}
        confirmLabel={t('actions.reject')}
        schema={rejectSchema}
        pending={reject.isPending}
        onCancel={close}
        onConfirm={(reason) => reject.mutate({ params, body: { reason } })}
      />
    </Stack>
  );
}
