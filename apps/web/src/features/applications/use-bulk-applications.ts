import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countApplications, getApplication, getApplicationHistory, listApplications } from '@hireline/contract/applications';
import { bulkApplications, type bulkApplicationActions } from '@hireline/contract/application-actions';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { getJobApplications, listJobs } from '@hireline/contract/jobs';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { translateError, translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { useStages } from './use-stages';

export type ApplicationBulkAction = (typeof bulkApplicationActions)[number];

/**
 * Every cached answer an action on applications may have changed: the list and board (one endpoint), the stage
 * counts, the detail and its history, and the job pages that count applications.
 */
export function useRefreshApplications() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [listApplications, countApplications, getApplication, getApplicationHistory, getJobApplications, listJobs].map((endpoint) =>
        invalidateEndpoint(client, endpoint),
      ),
    );
}

/**
 * One action on several applications (`bulkApplications`): each succeeds or fails on its own, so the snackbar sums
 * up both, with the first failure's reason (as the jobs bulk does).
 */
export function useBulkApplications(onDone: () => void) {
  const { t } = useTranslation('applications');
  const snackbar = useSnackbar();
  const stages = useStages();
  const refresh = useRefreshApplications();
  return useApiMutation(bulkApplications, {
    onSuccess: ({ results }, { body }) => {
      const done = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      const parts: string[] = [];
      const count = (n: number) => t('bulk.count', { count: n });
      if (done > 0)
        parts.push(
          t(`bulk.done.${body.action}`, { applications: count(done), status: body.status ? stages.label(body.status as ApplicationStatus) : '' }),
        );
      if (failed.length > 0)
        parts.push(
          t('bulk.failed', {
            applications: count(failed.length),
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
