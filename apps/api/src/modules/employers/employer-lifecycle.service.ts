import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OutgoingMail } from '../../platform/mail';
import { composeMail } from '../../platform/notify/compose';
import { asLocale } from '../../platform/notify/locale';
import type { ResolvedScope } from '../../platform/scope';
import { siteBrand, type SiteBrand } from '../../platform/site-brand';
import { siteSlice } from '../../platform/site-slice';
import { callerOf, refusal, type Caller } from './employer.policy';
import * as repo from './employers.repo';
import type { EmployerRow } from './employers.repo';
import { employerAudit, loadDetail } from './employers.service';

/*
 * What changes an employer's standing: the decision on a registration (singly or in bulk, the registrant emailed
 * once per decision), enabling, disabling (users out, live jobs unlisted) and deleting (jobs and applications go).
 */

type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/** The registrant's email for a decision; the dedupe key makes a retried or repeated decision email once. */
async function decisionMails(deps: AppDeps, tx: Tx, site: SiteBrand, e: EmployerRow, d: Decision): Promise<OutgoingMail[]> {
  const approved = d.action === 'approve';
  const people = await repo.registrantsOf(tx, e);
  const mails: OutgoingMail[] = [];
  for (const p of people)
    mails.push(
      await composeMail(deps, tx, {
        kind: approved ? 'employer.approved' : 'employer.declined',
        accountId: e.accountId,
        siteId: e.siteId,
        // Employer users sign in to the account's portal.
        audience: 'portal',
        to: { email: p.email, name: p.name ?? e.businessName, locale: asLocale(p.locale) },
        vars: approved ? { employer_name: e.businessName } : { employer_name: e.businessName, reason: d.reason },
        action: approved ? '/login' : null,
        // One decision per registration: it leaves `pending` once, so the employer id is enough.
        dedupeKey: `employer.review:${e.id}:${p.email}`,
      }),
    );
  return mails;
}

/** Applies a decision to a locked registration; one that is not on hold is a 409 with a clear message. */
async function decide(deps: AppDeps, tx: Tx, site: SiteBrand, actor: Actor, caller: Caller, e: EmployerRow, d: Decision) {
  const refused = refusal({ ...e, ledger: false }, caller, d.action);
  if (refused) throw refused;
  const now = new Date();
  await repo.updateEmployer(
    tx,
    e.id,
    d.action === 'approve'
      ? { status: 'active', approvedAt: now, rejectionReason: null }
      : { status: 'rejected', rejectedAt: now, rejectionReason: d.reason },
  );
  await deps.mailer.queue(tx, await decisionMails(deps, tx, site, e, d));
  await audit(tx, employerAudit(actor, e, `employer.${d.action}`, d.action === 'reject' ? { reason: d.reason } : {}));
}

export async function review(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, d: Decision) {
  const s = siteSlice(scope);
  return deps.db.transaction(async (tx) => {
    const e = await repo.findEmployer(tx, s, id, { lock: true });
    if (!e) throw notFound();
    await decide(deps, tx, await siteBrand(tx, s), actor, callerOf(scope, actor.ability), e, d);
    return loadDetail(deps, tx, s, callerOf(scope, actor.ability), id);
  });
}

type ReviewResult = { id: string; ok: boolean; status: 'active' | 'rejected' | null; message: string | null };

/**
 * The same rule as one decision, for the whole set at once (as the jobs' bulk actions do): the registrations are
 * locked in id order, every id is decided by the policy before anything is written (not found, 403 without the
 * permission, 409 once decided; an id given twice is decided against what its first occurrence did), then the allowed
 * ones change together in one UPDATE, with an email to each registrant and an audit row each. A refused id is
 * reported beside it and the others go ahead. Results keep the given order.
 */
export async function reviewMany(deps: AppDeps, scope: ResolvedScope, actor: Actor, ids: string[], d: Decision) {
  const s = siteSlice(scope);
  const caller = callerOf(scope, actor.ability);
  const to = d.action === 'approve' ? ('active' as const) : ('rejected' as const);
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockEmployers(tx, s, [...new Set(ids)]);
    const now = new Map<string, EmployerRow>(found.map((e) => [e.id, e]));
    const allowed: EmployerRow[] = [];
    const results: ReviewResult[] = ids.map((id) => {
      const e = now.get(id);
      const refused = e ? refusal({ ...e, ledger: false }, caller, d.action) : notFound();
      if (refused) return { id, ok: false, status: null, message: refused.message };
      allowed.push(e!);
      now.set(id, { ...e!, status: to });
      return { id, ok: true, status: to, message: null };
    });
    if (!allowed.length) return { results };
    const at = new Date();
    await repo.updateEmployers(
      tx,
      allowed.map((e) => e.id),
      d.action === 'approve'
        ? { status: 'active', approvedAt: at, rejectionReason: null }
        : { status: 'rejected', rejectedAt: at, rejectionReason: d.reason },
    );
    // The site's name and colour, read once for every registrant's email rather than once per item.
    const site = await siteBrand(tx, s);
    const mails: OutgoingMail[] = [];
    for (const e of allowed) mails.push(...(await decisionMails(deps, tx, site, e, d)));
    await deps.mailer.queue(tx, mails);
    await audit(
      tx,
      allowed.map((e) => employerAudit(actor, e, `employer.${d.action}`, d.action === 'reject' ? { reason: d.reason } : {})),
    );
    return { results };
  });
}

/**
 * Disabling unlists the live jobs, as their status history records; enabling with `relist` puts back live those
 * still unlisted since and whose advert has not ended, so a mistaken disable can be undone whole.
 */
export async function setEnabled(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, enabled: boolean, opts: { relist?: boolean } = {}) {
  const s = siteSlice(scope);
  return deps.db.transaction(async (tx) => {
    const e = await repo.findEmployer(tx, s, id, { lock: true });
    if (!e) throw notFound();
    const refused = refusal({ ...e, ledger: false }, callerOf(scope, actor.ability), enabled ? 'enable' : 'disable');
    if (refused) throw refused;
    await repo.updateEmployer(tx, e.id, { enabled });
    let data: Record<string, unknown> = {};
    if (!enabled) {
      data = { unlisted_jobs: await repo.unlistLiveJobs(tx, e, actor.userId, repo.DISABLED_REASON) };
      await repo.revokeSessionsOfOnlyMembers(tx, e.id);
    } else if (opts.relist) {
      data = { relisted_jobs: await repo.relistUnlistedByDisable(tx, e, actor.userId) };
    }
    await audit(tx, employerAudit(actor, e, enabled ? 'employer.enable' : 'employer.disable', data));
    return loadDetail(deps, tx, s, callerOf(scope, actor.ability), id);
  });
}

/** For good, with its jobs and their applications; refused while credit history exists, which must be kept. */
export async function deleteEmployer(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const s = siteSlice(scope);
  await deps.db.transaction(async (tx) => {
    const e = await repo.findEmployer(tx, s, id, { lock: true });
    if (!e) throw notFound();
    const counts = await repo.countsOf(tx, e.id);
    const refused = refusal({ ...e, ledger: counts.ledger }, callerOf(scope, actor.ability), 'delete');
    if (refused) throw refused;
    await repo.revokeSessionsOfOnlyMembers(tx, e.id);
    await repo.deleteEmployer(tx, e.id);
    await audit(tx, employerAudit(actor, e, 'employer.delete', { business_name: e.businessName, jobs: counts.jobs, applications: counts.applications }));
  });
}
