import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { HttpError, notFound } from '../../platform/errors';
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

/**
 * Several decisions in one transaction per item, so one that fails (already decided, not found) leaves the others
 * done; each item reports its own outcome.
 */
export async function reviewMany(deps: AppDeps, scope: ResolvedScope, actor: Actor, ids: string[], d: Decision) {
  const s = siteSlice(scope);
  // The site's name and colour, read once for every registrant's email rather than once per item.
  const site = await siteBrand(deps.db, s);
  const results = [];
  for (const id of [...new Set(ids)]) {
    try {
      const status = await deps.db.transaction(async (tx) => {
        const e = await repo.findEmployer(tx, s, id, { lock: true });
        if (!e) throw notFound();
        await decide(deps, tx, site, actor, callerOf(scope, actor.ability), e, d);
        return d.action === 'approve' ? ('active' as const) : ('rejected' as const);
      });
      results.push({ id, ok: true, status, message: null });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ id, ok: false, status: null, message: err.message });
    }
  }
  return { results };
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
