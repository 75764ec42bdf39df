import type { z } from 'zod';
import type { JobStatus } from '@hireline/contract/enums';
import type { bulkJobs } from '@hireline/contract/jobs';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { conflict, forbidden, HttpError, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { refundPost } from './job-credits.repo';
import { jobAudit, type Actor } from './job-fields';
import { notifyDecision } from './job-notify';
import { loadDetail } from './job-present';
import { mayDo, transitions, type Transition } from './job-rules';
import * as repo from './jobs.repo';
import type { JobPatch, JobRow } from './jobs.repo';

/* Status changes after posting (DESIGN §5), delete, and the bulk form of both. Posting is in job-post.service. */

/** The timestamps each change stamps; relisting clears the unlisted mark. */
function stamps(action: Transition, now: Date, reason: string | null): JobPatch {
  switch (action) {
    case 'approve':
      return { approvedAt: now };
    case 'reject':
      return { rejectedAt: now, rejectionReason: reason };
    case 'unlist':
      return { unlistedAt: now };
    case 'relist':
      return { unlistedAt: null };
    case 'expire':
      return { expiredAt: now };
  }
}

/** Changes the audit log keeps (with post and delete); unlisting and relisting are routine. */
const auditedAs: Partial<Record<Transition, string>> = { approve: 'job.approved', reject: 'job.rejected', expire: 'job.expired' };

/** One status change on a locked job row; anything the status does not allow is 409 and changes nothing. */
async function apply(deps: AppDeps, tx: Tx, job: JobRow, action: Transition, actor: Actor, reason: string | null) {
  const { from, to } = transitions[action];
  if (!from.includes(job.status)) throw conflict();
  const patch: JobPatch = { status: to, ...stamps(action, new Date(), reason) };
  await repo.updateJob(tx, job.id, patch);
  await repo.recordStatus(tx, job, job.status, to, actor.userId, reason);
  const changed = { ...job, ...patch } as JobRow;
  if (action === 'reject') {
    await refundPost(tx, {
      accountId: job.accountId,
      siteId: job.siteId,
      employerId: job.employerId,
      jobId: job.id,
      actorUserId: actor.userId,
      reason: `Refund: “${job.title}” was rejected`,
    });
    await notifyDecision(deps, tx, changed, 'job.rejected', reason);
  }
  if (action === 'approve') await notifyDecision(deps, tx, changed, 'job.approved');
  const audited = auditedAs[action];
  if (audited) await audit(tx, jobAudit(actor, job, audited, { from: job.status, to, ...(reason ? { reason } : {}) }));
  return to;
}

async function transition(deps: AppDeps, slice: SiteSlice, actor: Actor, id: string, action: Transition, reason: string | null) {
  return deps.db.transaction(async (tx) => {
    const job = await repo.findJob(tx, slice, id, { lock: true });
    if (!job) throw notFound();
    return apply(deps, tx, job, action, actor, reason);
  });
}

export async function changeStatus(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, action: Transition, reason: string | null = null) {
  const slice = siteSlice(scope);
  await transition(deps, slice, actor, id, action, reason);
  return loadDetail({ db: deps.db, slice, ability: actor.ability, appSecret: deps.config.appSecret }, id);
}

async function remove(deps: AppDeps, slice: SiteSlice, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const job = await repo.findJob(tx, slice, id, { lock: true });
    if (!job) throw notFound();
    await repo.deleteJob(tx, id);
    await audit(tx, jobAudit(actor, job, 'job.deleted', { title: job.title, status: job.status, employer_id: job.employerId, site_id: job.siteId }));
  });
}

/** Permanent, from any status; its applications, questions and history go with it. */
export async function deleteJob(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  await remove(deps, siteSlice(scope), actor, id);
}

type BulkBody = z.output<NonNullable<typeof bulkJobs.body>>;
type BulkResult = { id: string; ok: boolean; status: JobStatus | null; message: string | null };

/**
 * The same rules as one job at a time, each job in its own transaction: one job's failure (not found, not allowed
 * for the caller, 409 for its status) is reported beside it and the others go ahead. Results keep the given order.
 */
export async function bulk(deps: AppDeps, scope: ResolvedScope, actor: Actor, body: BulkBody) {
  const slice = siteSlice(scope);
  const reason = body.action === 'reject' ? (body.reason ?? null) : null;
  const results: BulkResult[] = [];
  for (const id of body.ids) {
    try {
      if (!mayDo(actor.ability, body.action)) throw (await repo.findJob(deps.db, slice, id)) ? forbidden() : notFound();
      const status = body.action === 'delete' ? (await remove(deps, slice, actor, id), null) : await transition(deps, slice, actor, id, body.action, reason);
      results.push({ id, ok: true, status, message: null });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const job = err.statusCode === 404 ? null : await repo.findJob(deps.db, slice, id);
      results.push({ id, ok: false, status: job?.status ?? null, message: err.message });
    }
  }
  return { results };
}
