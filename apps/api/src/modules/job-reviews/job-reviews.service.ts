import type { JobStatus } from '@hireline/contract/enums';
import type { Db, DbOrTx } from '../../db/client';
import { audit, auditEntry } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { likeContains } from '../../platform/text-search';
import * as repo from './job-reviews.repo';
import type { Actor } from '../../platform/actor';

/** Who resolves reports, for the reports, the status history and the audit log. */
export type { Actor } from '../../platform/actor';

/** The status history's reason when a moderator takes a job down without giving one. */
export const DEFAULT_TAKE_DOWN_REASON = 'Reported';

const iso = (d: Date) => d.toISOString();

/** The job the `:uuid` names, within the selected site (and the caller's employers); anything else is 404. */
async function jobInSlice(db: DbOrTx, slice: SiteSlice, jobId: string) {
  const job = await repo.findJob(db, slice, jobId);
  if (!job) throw notFound();
  return job;
}

export async function listFlaggedJobs(db: DbOrTx, scope: ResolvedScope, q: { page: number; per_page: number; q?: string }) {
  const slice = siteSlice(scope);
  const text = q.q?.trim();
  const { rows, total } = await repo.listFlaggedJobs(db, slice, text ? likeContains(text) : null, q.page, q.per_page);
  return {
    data: rows.map((r) => ({ ...r, latest_report_at: iso(r.latest_report_at) })),
    meta: { page: q.page, per_page: q.per_page, total },
  };
}

export async function getFlaggedJob(db: DbOrTx, scope: ResolvedScope, jobId: string) {
  const slice = siteSlice(scope);
  const job = await jobInSlice(db, slice, jobId);
  const reports = await repo.reportsOf(db, slice.accountId, job.id);
  return {
    job,
    reports: reports.map((r) => ({ ...r, date: iso(r.date), resolved_at: r.resolved_at ? iso(r.resolved_at) : null })),
  };
}

/**
 * Dismisses a job's open reports: the job stays as it is and is no longer flagged. Nothing open is not an error
 * (a second moderator, a double click): it resolves nothing and says so.
 */
export async function dismissFlags(db: Db, scope: ResolvedScope, actor: Actor, jobId: string) {
  const slice = siteSlice(scope);
  return db.transaction(async (tx) => {
    const job = await repo.lockJob(tx, slice, jobId);
    if (!job) throw notFound();
    const resolved = await repo.resolveOpenReports(tx, job.id, 'dismissed', actor.userId);
    if (job.openReports !== 0 || resolved > 0) await repo.clearOpenReports(tx, job.id);
    if (resolved > 0) {
      await audit(tx, auditEntry(actor, { type: 'job', id: job.id, accountId: job.accountId }, 'flagged_job.dismissed', { resolved }));
    }
    return { resolved };
  });
}

/**
 * Acts on a job's reports: a live job is unlisted (relisting undoes it), any other status stays as it is, and the
 * open reports are closed as actioned. One transaction under the job's row lock, with history and audit.
 */
export async function takeDownFlaggedJob(db: Db, scope: ResolvedScope, actor: Actor, jobId: string, reason?: string) {
  const slice = siteSlice(scope);
  return db.transaction(async (tx) => {
    const job = await repo.lockJob(tx, slice, jobId);
    if (!job) throw notFound();
    const why = reason?.trim() || DEFAULT_TAKE_DOWN_REASON;
    let status: JobStatus = job.status;
    if (job.status === 'live') {
      status = 'unlisted';
      await repo.unlistJob(tx, job.id);
      await repo.recordStatusChange(tx, { accountId: job.accountId, jobId: job.id, from: 'live', to: status, actorUserId: actor.userId, reason: why });
    }
    const resolved = await repo.resolveOpenReports(tx, job.id, 'actioned', actor.userId);
    if (status === job.status && (job.openReports !== 0 || resolved > 0)) await repo.clearOpenReports(tx, job.id);
    await audit(tx, auditEntry(actor, { type: 'job', id: job.id, accountId: job.accountId }, 'flagged_job.taken_down', { resolved, from: job.status, to: status, reason: why }));
    return { resolved, status };
  });
}

export async function listJobFeedbacks(db: DbOrTx, scope: ResolvedScope, jobId: string, q: { page: number; per_page: number }) {
  const slice = siteSlice(scope);
  const job = await jobInSlice(db, slice, jobId);
  const { rows, total } = await repo.listFeedbacks(db, slice.accountId, job.id, q.page, q.per_page);
  return {
    data: rows.map((r) => ({ ...r, additional_feedback: r.comment, created_at: iso(r.created_at) })),
    meta: { page: q.page, per_page: q.per_page, total },
  };
}

export async function jobAverageRating(db: DbOrTx, scope: ResolvedScope, jobId: string) {
  const slice = siteSlice(scope);
  const job = await jobInSlice(db, slice, jobId);
  return repo.averageRating(db, slice.accountId, job.id);
}
