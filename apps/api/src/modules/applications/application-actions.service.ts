import type { AuditAction } from '@hireline/contract/audit-actions';
import type { z } from 'zod';
import type { bulkApplications } from '@hireline/contract/application-actions';
import { messages } from '@hireline/contract/messages';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { loadDetail } from './application-present';
import { refusal, UNCHANGED, type Actor } from './application.policy';
import { applyStatus, type StatusResult } from './application-status.service';
import * as repo from './applications.repo';
import type { ApplicationRow } from './applications.repo';

/* Enable, disable and delete, one at a time or in bulk, and the bulk endpoint's dispatch (status changes included). */

type Toggle = 'enable' | 'disable';

const auditOf = (actor: Actor, app: ApplicationRow, action: AuditAction, data: Record<string, unknown>) =>
  auditEntry(actor, { type: 'application', id: app.id, accountId: app.accountId }, action, data);

/** Sets `enabled` on locked rows the policy allowed, in one statement, with an audit row each. */
async function toggleAll(tx: Tx, list: ApplicationRow[], actor: Actor, action: Toggle) {
  if (!list.length) return;
  const enabled = action === 'enable';
  await repo.updateApplications(tx, list.map((app) => app.id), { enabled });
  await audit(
    tx,
    list.map((app) => auditOf(actor, app, enabled ? 'application.enabled' : 'application.disabled', { status: app.status })),
  );
}

/** Deletes locked rows the policy allowed, in one statement. */
async function removeAll(tx: Tx, list: ApplicationRow[], actor: Actor) {
  if (!list.length) return;
  await repo.deleteApplications(tx, list.map((app) => app.id));
  // The rows are gone for good, so the audit keeps what identifies each.
  await audit(
    tx,
    list.map((app) =>
      auditOf(actor, app, 'application.deleted', {
        status: app.status,
        job_id: app.jobId,
        seeker_id: app.seekerId,
        candidate_name: app.candidateName,
        job_title: app.jobTitle,
      }),
    ),
  );
}

type Action = Toggle | 'delete';

/**
 * Decides every id against the locked rows and the policy, in the given order, then writes the allowed ones at
 * once: missing (404), `forbidden` (403) and, for a toggle, already so (ok, "Unchanged.", nothing written). An id
 * given twice is decided against what its first occurrence did.
 */
async function applyAll(tx: Tx, s: SiteSlice, actor: Actor, ids: string[], action: Action): Promise<StatusResult[]> {
  const found = await repo.findTargets(tx, s, [...new Set(ids)], { lock: true });
  const now = new Map<string, ApplicationRow | null>(found.map((app) => [app.id, app]));
  const allowed: ApplicationRow[] = [];
  const results = ids.map((id): StatusResult => {
    const app = now.get(id) ?? null;
    if (!app) return { id, ok: false, status: null, message: messages.notFound };
    const refused = refusal(app, actor, action);
    if (refused === 'forbidden') return { id, ok: false, status: app.status, message: messages.unauthorized };
    if (refused === 'unchanged') return { id, ok: true, status: app.status, message: UNCHANGED };
    allowed.push(app);
    now.set(id, action === 'delete' ? null : { ...app, enabled: action === 'enable' });
    return { id, ok: true, status: action === 'delete' ? null : app.status, message: null };
  });
  if (action === 'delete') await removeAll(tx, allowed, actor);
  else await toggleAll(tx, allowed, actor, action);
  return results;
}

/** One application: 404 outside the caller's reach, 403 without the permission; already so is ok and writes nothing. */
async function one(deps: AppDeps, s: SiteSlice, actor: Actor, id: string, action: Action) {
  const [result] = await deps.db.transaction((tx) => applyAll(tx, s, actor, [id], action));
  if (result!.message === messages.notFound) throw notFound();
  if (result!.message === messages.unauthorized) throw forbidden();
}

export async function setEnabled(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, action: Toggle) {
  const s = siteSlice(scope);
  await one(deps, s, actor, id, action);
  return loadDetail(deps.db, s, actor.ability, id);
}

/** Permanent: its answers, history and feedback go with it. */
export async function deleteApplication(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  await one(deps, siteSlice(scope), actor, id, 'delete');
}

type BulkBody = z.output<NonNullable<typeof bulkApplications.body>>;

/**
 * The same rules as one application at a time, for the whole set in one transaction: the rows are locked in id
 * order, each id is decided before anything is written, then the allowed ones change in one statement. Each
 * succeeds or fails on its own and results keep the given order. The endpoint only needs `applications.view`, so
 * each action's own permission is the policy's: an application the caller can see but not act on is 403 beside it,
 * anything outside the caller's reach is "Not found." and never touched.
 */
export async function bulk(deps: AppDeps, scope: ResolvedScope, actor: Actor, body: BulkBody): Promise<{ results: StatusResult[] }> {
  const s = siteSlice(scope);
  if (body.action === 'status') return { results: await applyStatus(deps, s, actor, { ids: body.ids, status: body.status!, notify: body.notify! }) };
  const action = body.action;
  return { results: await deps.db.transaction((tx) => applyAll(tx, s, actor, body.ids, action)) };
}
