import type { z } from 'zod';
import { can, type Action } from '@hireline/access/ability';
import type { bulkApplications } from '@hireline/contract/application-actions';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { forbidden, HttpError, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { loadDetail } from './application-present';
import { UNCHANGED, type Actor } from './application-rules';
import { applyStatus, type StatusResult } from './application-status.service';
import * as repo from './applications.repo';
import type { ApplicationRow } from './applications.repo';

/* Enable, disable and delete, one at a time or in bulk, and the bulk endpoint's dispatch (status changes included). */

type Toggle = 'enable' | 'disable';

const auditOf = (actor: Actor, app: ApplicationRow, action: string, data: Record<string, unknown>) =>
  auditEntry(actor, { type: 'application', id: app.id, accountId: app.accountId }, action, data);

/** Sets `enabled` on a locked row; already so is ok and writes nothing. Answers whether it changed. */
async function toggle(deps: AppDeps, s: SiteSlice, actor: Actor, id: string, action: Toggle) {
  return deps.db.transaction(async (tx) => {
    const app = await repo.findApplication(tx, s, id, { lock: true });
    if (!app) throw notFound();
    const enabled = action === 'enable';
    if (app.enabled === enabled) return { app, changed: false };
    await repo.updateApplication(tx, id, { enabled });
    await audit(tx, auditOf(actor, app, enabled ? 'application.enabled' : 'application.disabled', { status: app.status }));
    return { app, changed: true };
  });
}

export async function setEnabled(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, action: Toggle) {
  const s = siteSlice(scope);
  await toggle(deps, s, actor, id, action);
  return loadDetail(deps.db, s, actor.ability, id);
}

async function remove(deps: AppDeps, s: SiteSlice, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const app = await repo.findApplication(tx, s, id, { lock: true });
    if (!app) throw notFound();
    await repo.deleteApplication(tx, id);
    // The row is gone for good, so the audit keeps what identifies it.
    await audit(
      tx,
      auditOf(actor, app, 'application.deleted', {
        status: app.status,
        job_id: app.jobId,
        seeker_id: app.seekerId,
        candidate_name: app.candidateName,
        job_title: app.jobTitle,
      }),
    );
  });
}

/** Permanent: its answers, history and feedback go with it. */
export async function deleteApplication(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  await remove(deps, siteSlice(scope), actor, id);
}

type BulkBody = z.output<NonNullable<typeof bulkApplications.body>>;

const permissionOf: Record<'enable' | 'disable' | 'delete', Action> = { enable: 'update', disable: 'update', delete: 'delete' };

/**
 * The same rules as one application at a time; each succeeds or fails on its own and results keep the given order.
 * The endpoint only needs `applications.view`, so each action's own permission is checked here: an application the
 * caller can see but not act on is 403 beside it, anything outside the slice is "Not found." and never touched.
 */
export async function bulk(deps: AppDeps, scope: ResolvedScope, actor: Actor, body: BulkBody): Promise<{ results: StatusResult[] }> {
  const s = siteSlice(scope);
  if (body.action === 'status') return { results: await applyStatus(deps, s, actor, { ids: body.ids, status: body.status!, notify: body.notify! }) };
  const action = body.action;
  const results: StatusResult[] = [];
  for (const id of body.ids) {
    try {
      if (!can(actor.ability, permissionOf[action], 'applications')) throw (await repo.findApplication(deps.db, s, id)) ? forbidden() : notFound();
      if (action === 'delete') {
        await remove(deps, s, actor, id);
        results.push({ id, ok: true, status: null, message: null });
      } else {
        const { app, changed } = await toggle(deps, s, actor, id, action);
        results.push({ id, ok: true, status: app.status, message: changed ? null : UNCHANGED });
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const app = err.statusCode === 404 ? null : await repo.findApplication(deps.db, s, id);
      results.push({ id, ok: false, status: app?.status ?? null, message: err.message });
    }
  }
  return { results };
}
