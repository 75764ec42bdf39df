import { useNavigate } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { JobAction, JobDetail } from '@hireline/contract/job-model';
import {
  approveJob,
  cloneJob,
  deleteJob,
  expireJob,
  rejectJob,
  relistJob,
  unlistJob,
} from '@hireline/contract/jobs';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ActionToolbar, useRecordActions } from '../../components/RecordActions';
import { ButtonLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { PostJobAction } from './PostJobAction';
import { RejectJobDialog } from './RejectJobDialog';
import { useRefreshJobs } from './use-bulk-jobs';

type Slugs = { account: string; site: string };
type Dialog = 'reject' | 'expire' | 'delete';

/**
 * The buttons of what the caller may do now (`allowed_actions`: the status allows it and they hold the permission).
 * A 409 (someone changed the job meanwhile) shows its message and reloads the job.
 */
export function JobActions({ job, slugs }: { job: JobDetail; slugs: Slugs }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshJobs();
  const { dialog, ask, close, onError, done } = useRecordActions<Dialog>(refresh);
  const approve = useApiMutation(approveJob, done(t('detail.done.approve')));
  const reject = useApiMutation(rejectJob, done(t('detail.done.reject')));
  const unlist = useApiMutation(unlistJob, done(t('detail.done.unlist')));
  const relist = useApiMutation(relistJob, done(t('detail.done.relist')));
  const expire = useApiMutation(expireJob, done(t('detail.done.expire')));
  const leave = () => navigate({ to: '/$account/$site/jobs', params: slugs });
  const remove = useApiMutation(deleteJob, done(t('detail.done.delete'), leave));
  const clone = useApiMutation(cloneJob, {
    onSuccess: async (copy) => {
      snackbar.success(t('detail.done.clone'));
      await navigate({ to: '/$account/$site/jobs/edit', params: slugs, search: { id: copy.id } });
      await refresh();
    },
    onError,
  });

  const params = { uuid: job.id };
  const busy = [approve, reject, unlist, relist, expire, remove, clone].some((m) => m.isPending);
  const allowed = (action: JobAction) => job.allowed_actions.includes(action);
  const button = (action: JobAction, onClick: () => void, color: 'primary' | 'success' | 'warning' | 'error' = 'primary', pending = false) =>
    allowed(action) && (
      <Button key={action} variant="outlined" color={color} disabled={busy && !pending} loading={pending} onClick={onClick}>
        {t(`actions.${action}`)}
      </Button>
    );

  return (
    <>
      <ActionToolbar label={t('detail.actionsLabel')}>
        {allowed('edit') && (
          <ButtonLink to="/$account/$site/jobs/edit" params={slugs} search={{ id: job.id }} variant="contained" disabled={busy}>
            {t('actions.edit')}
          </ButtonLink>
        )}
        {allowed('post') && <PostJobAction job={job} slugs={slugs} disabled={busy} />}
        {button('approve', () => approve.mutate({ params }), 'success', approve.isPending)}
        {button('reject', () => ask('reject'), 'error')}
        {button('unlist', () => unlist.mutate({ params }), 'primary', unlist.isPending)}
        {button('relist', () => relist.mutate({ params }), 'primary', relist.isPending)}
        {button('expire', () => ask('expire'), 'warning')}
        {button('clone', () => clone.mutate({ params }), 'primary', clone.isPending)}
        {button('delete', () => ask('delete'), 'error')}
      </ActionToolbar>
      <RejectJobDialog
        open={dialog?.kind === 'reject' && dialog.open}
        title={job.title}
        pending={reject.isPending}
        onCancel={close}
        onConfirm={(reason) => reject.mutate({ params, body: { reason } })}
      />
      <ConfirmDialog
        open={dialog?.kind !== 'reject' && !!dialog?.open}
        title={t(dialog?.kind === 'delete' ? 'detail.confirm.delete.title' : 'detail.confirm.expire.title', { title: job.title })}
        body={t(dialog?.kind === 'delete' ? 'detail.confirm.delete.body' : 'detail.confirm.expire.body')}
        confirmLabel={t(dialog?.kind === 'delete' ? 'actions.delete' : 'actions.expire')}
        color={dialog?.kind === 'delete' ? 'error' : 'warning'}
        irreversible
        pending={expire.isPending || remove.isPending}
        onCancel={close}
        onConfirm={() => (dialog?.kind === 'delete' ? remove.mutate({ params }) : expire.mutate({ params }))}
      />
    </>
  );
}
