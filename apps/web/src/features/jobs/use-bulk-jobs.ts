import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJob, listJobs, listJobsOnHold, bulkJobs, type bulkJobActions } from '@hireline/contract/jobs';
import { listFlaggedJobs } from '@hireline/contract/job-reviews';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { translateError, translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';

export type BulkAction = (typeof bulkJobActions)[number];

/** Every cached list and detail of jobs that an action may have changed. */
export function useRefreshJobs() {
  const client = useQueryClient();
  return () =>
    Promise.all([listJobs, listJobsOnHold, getJob, listFlaggedJobs].map((endpoint) => invalidateEndpoint(client, endpoint)));
}

/**
 * One action on several jobs (`bulkJobs`): each job succeeds or fails on its own, so the snackbar sums up both,
 * with the first failure's reason.
 */
export function useBulkJobs(onDone: () => void) {
  const { t } = useTranslation('jobs');
  const snackbar = useSnackbar();
  const refresh = useRefreshJobs();
  return useApiMutation(bulkJobs, {
    onSuccess: ({ results }, { body }) => {
      const done = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      const parts: string[] = [];
      if (done > 0) parts.push(t(`bulk.done.${body.action}`, { jobs: t('bulk.jobCount', { count: done }) }));
      if (failed.length > 0)
        parts.push(
          t('bulk.failed', {
            jobs: t('bulk.jobCount', { count: failed.length }),
            reason: translateMessage(failed[0]?.message) || t('bulk.unknownReason'),
          }),
        );
      snackbar.show(parts.join(' '), failed.length === 0 ? 'success' : done === 0 ? 'error' : 'warning');
      onDone();
      return refresh();
    },
    onError: (error) => snackbar.error(translateError(error)),
  });
}
