import type { AuditAction } from '@hireline/contract/audit-actions';
import type { z } from 'zod';
import type { JobStatus } from '@hireline/contract/enums';
import type { bulkJobs } from '@hireline/contract/jobs';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { refundPost } from './job-credits.repo';
import { jobAudit, type Actor } from './job-fields';
import { notifyDecision } from './job-notify';
import { loadDetail } from './job-present';
import { assertAllowed, refusal, transitions, type Transition } from './job.policy';
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
const auditedAs: Partial<Record<Transition, AuditAction>> = { approve: 'job.approved', reject: 'job.rejected', expire: 'job.expired' };

/**
 * One status change for every job of `list` (locked, and checked against the policy by the caller), in one UPDATE
 * and one history insert; each job keeps its own refund, notice and audit row. Refunds go employer by employer in
 * id order, so two bulk rejections take the employers' balance locks in the same order and never deadlock.
 */
async function applyAll(deps: AppDeps, tx: Tx, list: JobRow[], action: Transition, actor: Actor, reason: string | null) {
  if (!list.length) return;
  const { to } = transitions[action];
  const patch: JobPatch = { status: to, ...stamps(action, new Date(), reason) };
  const fromOf = new Map(list.map((job) => [job.id, job.status]));
  await repo.updateJobs(tx, list.map((job) => job.id), patch);
  await repo.recordStatuses(tx, list, (job) => fromOf.get(job.id)!, to, actor.userId, reason);
  if (action === 'reject') {
    const byEmployer = [...list].sort((x, y) => (x.employerId < y.employerId ? -1 : x.employerId > y.employerId ? 1 : 0));
    for (const job of byEmployer)
      await refundPost(tx, {
        accountId: job.accountId,
        siteId: job.siteId,
        employerId: job.employerId,
        jobId: job.id,
        actorUserId: actor.userId,
        reason: `Refund: “${job.title}” was rejected`,
      });
  }
  for (const job of list) {
    const changed = { ...job, ...patch } as JobRow;
    if (action === 'reject') await notifyDecision(deps, tx, changed, 'job.rejected', reason);
    if (action === 'approve') await notifyDecision(deps, tx, changed, 'job.approved');
  }
  const audited = auditedAs[action];
  if (audited)
    await audit(
      tx,
      list.map((job) => jobAudit(actor, job, audited, { from: job.status, to, ...(reason ? { reason } : {}) })),
    );
}

/** Deletes every job of `list` (locked and checked by the caller) in one statement, with an audit row each. */
async function removeAll(tx: Tx, list: JobRow[], actor: Actor) {
  if (!list.length) return;
  await repo.deleteJobs(tx, list.map((job) => job.id));
  await audit(
    tx,
    list.map((job) => jobAudit(actor, job, 'job.deleted', { title: job.title, status: job.status, employer_id: job.employerId, site_id: job.siteId })),
  );
}

/** One job, locked; 404 outside the caller's reach, then the policy's 403 or 409. */
async function one(deps: AppDeps, slice: SiteSlice, actor: Actor, id: string, action: Transition | 'delete', reason: string | null) {
  await deps.db.transaction(async (tx) => {
    const job = await repo.findJob(tx, slice, id, { lock: true });
    if (!job) throw notFound();
    assertAllowed(job, actor, action);
    if (action === 'delete') await removeAll(tx, [job], actor);
    else await applyAll(deps, tx, [job], action, actor, reason);
  });
}

export async function changeStatus(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, action: Transition, reason: string | null = null) {
  const slice = siteSlice(scope);
  await one(deps, slice, actor, id, action, reason);
  return loadDetail({ db: deps.db, slice, ability: actor.ability, appSecret: deps.config.appSecret }, id);
}

/** Permanent, from any status; its applications, questions and history go with it. */
export async function deleteJob(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  await one(deps, siteSlice(scope), actor, id, 'delete', null);
}

type BulkBody = z.output<NonNullable<typeof bulkJobs.body>>;
type BulkResult = { id: string; ok: boolean; status: JobStatus | null; message: string | null };

/**
 * The same rules as one job at a time, for the whole set at once: the jobs are locked in id order, every id is
 * decided by the policy before anything is written (not found, 403 without the permission, 409 for its status; an id
 * given twice is decided against what the first occurrence did), then the allowed ones change together in one
 * transaction. A refused job is reported beside its id and the others go ahead. Results keep the given order.
 */
export async function bulk(deps: AppDeps, scope: ResolvedScope, actor: Actor, body: BulkBody) {
  const slice = siteSlice(scope);
  const action = body.action;
  const reason = action === 'reject' ? (body.reason ?? null) : null;
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockJobs(tx, slice, [...new Set(body.ids)]);
    // What each job is as the ids are decided in order: a job changed or deleted earlier in the list is seen so.
    const now = new Map<string, JobRow | null>(found.map((job) => [job.id, job]));
    const allowed: JobRow[] = [];
    const results: BulkResult[] = body.ids.map((id) => {
      const job = now.get(id) ?? null;
      const refused = job ? refusal(job, actor, action) : notFound();
      if (refused) return { id, ok: false, status: job?.status ?? null, message: refused.message };
      allowed.push(job!);
      const status = action === 'delete' ? null : transitions[action].to;
      now.set(id, status ? { ...job!, status } : null);
      return { id, ok: true, status, message: null };
    });
    if (action === 'delete') await removeAll(tx, allowed, actor);
    else await applyAll(deps, tx, allowed, action, actor, reason);
    return { results };
  });
}
