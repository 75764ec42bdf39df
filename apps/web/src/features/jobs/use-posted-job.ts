import { useQueryClient } from '@tanstack/react-query';
import { getBalance, listLedger } from '@hireline/contract/credits';
import { getDashboard } from '@hireline/contract/dashboard';
import type { Endpoint, ResponseOf } from '@hireline/contract/endpoint';
import { getEmployer, listEmployers } from '@hireline/contract/employers';
import { listFlaggedJobs } from '@hireline/contract/job-reviews';
import type { JobDetail } from '@hireline/contract/job-model';
import { getJob, listJobs, listJobsOnHold, type postJob } from '@hireline/contract/jobs';
import { apiQueryKey, refreshBeforeShowing } from '../../lib/api-query';
import { scopeKey, session } from '../../lib/session';

/** What else posting changes: the job lists and counts, and the employer's credits wherever they show. */
const CHANGED_BY_POSTING: readonly Endpoint[] = [listJobs, listJobsOnHold, listFlaggedJobs, getDashboard, getBalance, listLedger, listEmployers, getEmployer];

/** The job as the job page shows it, from the post's answer: its new status and the employer's balance after the charge. */
export function postedDetail(posted: ResponseOf<typeof postJob>): JobDetail {
  const { credits_spent: _spent, credit_balance, ...job } = posted;
  return { ...job, employer: { ...job.employer, credit_balance } };
}

/**
 * After a job is posted: the rest (lists, dashboard counts, credit balance and ledger) is brought up to date and
 * awaited (`refresh`); `store` then puts the posted job in the cache right before its page opens, so that page's first
 * render already shows the new status and balance (never Draft, a Post button and the old balance).
 */
export function usePostedJob() {
  const client = useQueryClient();
  return {
    refresh: () => refreshBeforeShowing(client, CHANGED_BY_POSTING),
    /** Caches the posted job under the key its page asks with; call right before navigating to it. */
    store: (posted: ResponseOf<typeof postJob>) => {
      const job = postedDetail(posted);
      client.setQueryData(apiQueryKey(getJob, { params: { uuid: job.id } }, scopeKey(session.get().scope)), job);
    },
  };
}
