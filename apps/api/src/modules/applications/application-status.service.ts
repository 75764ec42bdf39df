import type { NotifyChoice } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { adminRecipients, candidateEmail, candidateMail, consultantRecipients, queueSummaries, wordingLocale, type Change, type Wording } from './application-notify';
import { labelsOf, loadDetail, stagesOf } from './application-present';
import { moveRefusal, STAGE_HIDDEN, UNCHANGED, WITHDRAWN_FINAL, type Actor, type Caller, type StaffStatus } from './application.policy';
import { siteBrand } from '../../platform/site-brand';
import * as repo from './applications.repo';
import type { Target } from './applications.repo';

/*
 * Moving applications between statuses (DESIGN §5), one or many, and the preview of such a move. Staff may move an
 * application between any two statuses but Withdrawn, which only the candidate sets and which is final, and never
 * into a stage the site hides (one already there may stay or leave); moving one to the status it already has writes
 * and sends nothing.
 */

export interface StatusRequest {
  ids: string[];
  status: StaffStatus;
  notify: NotifyChoice;
}

/** What happens to one requested id; `change` is the only outcome that writes. */
type Outcome = 'missing' | 'forbidden' | 'withdrawn' | 'hidden' | 'unchanged' | 'change';
interface Planned {
  id: string;
  target: Target | null;
  outcome: Outcome;
}

const messageOf: Record<Exclude<Outcome, 'change'>, string> = {
  missing: messages.notFound,
  forbidden: messages.unauthorized,
  withdrawn: WITHDRAWN_FINAL,
  hidden: STAGE_HIDDEN,
  unchanged: UNCHANGED,
};

/**
 * The same classification for the preview and the change itself, in the order the ids were given: not found, else
 * the policy's verdict on the move ({@link moveRefusal}: refused, a no-op, or a change). `hidden` are the statuses
 * whose stage the site hides.
 */
function plan(ids: string[], targets: Target[], to: ApplicationStatus, caller: Caller, hidden: ReadonlySet<ApplicationStatus>): Planned[] {
  const byId = new Map(targets.map((t) => [t.id, t]));
  return ids.map((id) => {
    const target = byId.get(id) ?? null;
    const outcome: Outcome = !target ? 'missing' : (moveRefusal(target, caller, to, hidden) ?? 'change');
    return { id, target, outcome };
  });
}

export async function wording(db: DbOrTx, s: SiteSlice): Promise<Wording> {
  // One after the other: inside a transaction the handle runs one query at a time.
  const site = await siteBrand(db, s);
  const labels = labelsOf(stagesOf(await repo.stageRowsOf(db, s)));
  return { site, labels, locale: await wordingLocale(db, s) };
}

/** The candidate is written to while their data exists; an erased candidate has no address left to use. */
const reachable = (t: Target) => !t.seekerErased;

/** Everything a change would do, computed from the same plan, writing nothing. */
export async function preview(deps: AppDeps, scope: ResolvedScope, caller: Caller, body: StatusRequest) {
  const s = siteSlice(scope);
  const planned = plan(body.ids, await repo.findTargets(deps.db, s, body.ids), body.status, caller, await repo.hiddenStatuses(deps.db, s));
  const changing = planned.filter((p) => p.outcome === 'change').map((p) => p.target!);
  const from = applicationStatuses
    .map((status) => ({ status, count: changing.filter((t) => t.status === status).length }))
    .filter((f) => f.count > 0);
  const skipped = planned.filter((p) => p.outcome !== 'change').map((p) => ({ id: p.id, message: messageOf[p.outcome as Exclude<Outcome, 'change'>] }));
  const consultantIds = [...new Set(changing.map((t) => t.consultantId).filter((id): id is string => id !== null))];
  const admin = body.notify.admin && changing.length ? await adminRecipients(deps.db, s) : [];
  const consultants = body.notify.consultants ? await consultantRecipients(deps.db, s.accountId, consultantIds) : [];
  const candidates = body.notify.candidate ? changing.filter(reachable) : [];
  const first = candidates[0];
  const email = first
    ? await candidateEmail(deps, deps.db, await wording(deps.db, s), s, { name: first.seekerName, email: first.seekerEmail, jobTitle: first.jobTitle, to: body.status })
    : null;
  const strip = (r: { name: string | null; email: string }) => ({ name: r.name, email: r.email });
  return {
    to: body.status,
    changing: changing.length,
    from,
    skipped,
    recipients: { admin: admin.map(strip), consultants: consultants.map(strip), candidates: candidates.length },
    email,
  };
}

export interface StatusResult {
  id: string;
  ok: boolean;
  status: ApplicationStatus | null;
  message: string | null;
}

/**
 * Applies a status change to every id it may, in one transaction: the rows are locked in id order, refusals (not
 * found, not allowed, withdrawn, a hidden stage) and no-ops are decided before anything is written, then every
 * changing application moves in one UPDATE, with its history row, audit row and candidate email, and the admins' and
 * consultants' summaries are queued before the commit, so the request's mail exists exactly when its changes do.
 *
 * One UPDATE rather than one per application: the stage counters (application_status_counts, migration 0004) are
 * kept by a statement-level trigger, which then takes its counter locks once and in order. Row-by-row updates in one
 * transaction would take them piecemeal in a different order per request, and two bulk changes (or a bulk change and
 * the board inserting an application) could deadlock.
 */
export async function applyStatus(deps: AppDeps, s: SiteSlice, actor: Actor, body: StatusRequest): Promise<StatusResult[]> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.findTargets(tx, s, body.ids, { lock: true });
    const planned = plan(body.ids, found, body.status, actor, await repo.hiddenStatuses(tx, s));
    const targets = planned.filter((p) => p.outcome === 'change').map((p) => p.target!);
    if (targets.length) await record(deps, tx, s, actor, body, targets);
    return planned.map(resultOf(body.status));
  });
}

async function record(deps: AppDeps, tx: Tx, s: SiteSlice, actor: Actor, body: StatusRequest, targets: Target[]) {
  // History ids are made here so each change knows its row (and its emails their dedupe keys) without relying on
  // the order RETURNING gives.
  const changes: Change[] = targets.map((t) => ({
    applicationId: t.id,
    historyId: uuidv7(),
    candidateName: t.candidateName,
    jobTitle: t.jobTitle,
    from: t.status,
    to: body.status,
    consultantId: t.consultantId,
  }));
  await repo.moveApplications(tx, targets.map((t) => t.id), body.status, new Date());
  await repo.insertHistory(
    tx,
    changes.map((c) => ({ id: c.historyId, accountId: s.accountId, applicationId: c.applicationId, fromStatus: c.from, toStatus: c.to, actorUserId: actor.userId, notify: body.notify })),
  );
  await audit(
    tx,
    changes.map((c) =>
      auditEntry(actor, { type: 'application', id: c.applicationId, accountId: s.accountId }, 'application.status', {
        from: c.from,
        to: c.to,
        notify: body.notify,
        history_id: c.historyId,
      }),
    ),
  );
  const w = await wording(tx, s);
  if (body.notify.candidate) {
    const mails = [];
    for (const [i, t] of targets.entries())
      if (reachable(t)) mails.push(await candidateMail(deps, tx, w, s, changes[i]!, { seekerId: t.seekerId, name: t.seekerName, email: t.seekerEmail }));
    await deps.mailer.queue(tx, mails);
  }
  await queueSummaries(deps, tx, w, s, changes, body.notify, actor.name);
}

const resultOf =
  (to: ApplicationStatus) =>
  (p: Planned): StatusResult =>
    p.outcome === 'change'
      ? { id: p.id, ok: true, status: to, message: null }
      : { id: p.id, ok: p.outcome === 'unchanged', status: p.target?.status ?? null, message: messageOf[p.outcome] };

/**
 * One application: 404 outside the slice, 409 once withdrawn, 422 on the status field for a stage the site hides; the
 * same status answers the overview unchanged.
 */
export async function changeStatus(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, body: Omit<StatusRequest, 'ids'>) {
  const s = siteSlice(scope);
  const [result] = await applyStatus(deps, s, actor, { ...body, ids: [id] });
  if (result!.message === messages.notFound) throw notFound();
  if (result!.message === messages.unauthorized) throw forbidden();
  if (result!.message === STAGE_HIDDEN) throw invalid({ status: [STAGE_HIDDEN] });
  if (!result!.ok) throw conflict(result!.message!);
  return loadDetail(deps.db, s, actor.ability, id);
}
