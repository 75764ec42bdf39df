import type { AuditAction } from '@hireline/contract/audit-actions';
import type { z } from 'zod';
import type { Action } from '@hireline/access/ability';
import type { ConsultantAction, createConsultantBody, updateConsultantBody } from '@hireline/contract/consultants';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor as RequestActor } from '../../platform/actor';
import { audit, auditEntry } from '../../platform/audit';
import { forbidden, invalid, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import type { SiteSlice } from '../../platform/site-slice';
import { likeContains } from '../../platform/text-search';
import { csvFormatOf } from '../../platform/csv-format';
import { consultantsCsv } from './consultant-csv';
import { loadDetail, presentPage } from './consultant-present';
import { consultantSlice, mayDo, refusal, type Caller } from './consultant.policy';
import * as repo from './consultants.repo';
import type { ConsultantPatch, ConsultantRow, ConsultantSort } from './consultants.repo';
import { keysetBatches } from '../../platform/keyset';

/* The consultants of the selected site: list (JSON and CSV), one, create, update, enable, disable, delete, assign jobs. */

/**
 * Who acts, as the policy sees them (`mayAt`: their permissions at the account's other sites). Adding a consultant
 * to a site or taking them off one reaches sites besides the selected one, so it is checked there too.
 */
export interface Actor extends RequestActor, Caller {}

type CreateBody = z.output<typeof createConsultantBody>;
type UpdateBody = z.output<typeof updateConsultantBody>;
type Errors = Record<string, string[]>;

/** An audit_logs row about a consultant, with who acted (and who impersonated them). */
export const consultantAudit = (actor: Actor, c: Pick<ConsultantRow, 'id' | 'accountId'>, action: AuditAction, data: Record<string, unknown> = {}) =>
  auditEntry(actor, { type: 'consultant', id: c.id, accountId: c.accountId }, action, data);

const unique = <T>(xs: T[]) => [...new Set(xs)];
const hasErrors = (e: Errors) => Object.keys(e).length > 0;

const detail = (deps: AppDeps, db: DbOrTx, slice: SiteSlice, caller: Caller, id: string, onSite: boolean) =>
  loadDetail({ db, slice, appSecret: deps.config.appSecret, caller, onSite }, id);

/* Reading. */

export interface ListQuery {
  page: number;
  per_page: number;
  sort: ConsultantSort;
  q?: string;
  enabled?: boolean;
}

async function page(deps: AppDeps, slice: SiteSlice, q: ListQuery, limit: number, offset: number) {
  const text = q.q?.trim();
  const where = repo.listWhere(slice, { enabled: q.enabled, pattern: text ? likeContains(text) : null });
  const [rows, total] = await Promise.all([
    repo.listConsultants(deps.db, slice, where, q.sort, limit, offset),
    repo.countConsultants(deps.db, where),
  ]);
  return { data: await presentPage(deps.db, rows, deps.config.appSecret), total };
}

export async function listConsultants(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const { data, total } = await page(deps, consultantSlice(scope), q, q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total } };
}

/** The same filters and sort as the list, every row, as CSV text streamed a batch at a time. */
export async function exportConsultantsCsv(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const slice = consultantSlice(scope);
  const text = q.q?.trim();
  const where = repo.listWhere(slice, { enabled: q.enabled, pattern: text ? likeContains(text) : null });
  const batches = keysetBatches(
    (after, limit) => repo.exportBatch(deps.db, slice, where, q.sort, after, limit),
    (rows) => presentPage(deps.db, rows, deps.config.appSecret),
  );
  return consultantsCsv(batches, await csvFormatOf(deps.db, scope.siteId));
}

export function getConsultant(deps: AppDeps, scope: ResolvedScope, caller: Caller, id: string) {
  return detail(deps, deps.db, consultantSlice(scope), caller, id, true);
}

/* Checks of what a client sent: anything not of the selected account is 422 on its field, never a hint it exists. */

/**
 * Every site must be one of the account's, and every site added or taken away one where the caller may `action`
 * consultants. Sites the consultant keeps are not re-checked, so an unchanged list always saves.
 */
async function checkSites(tx: Tx, slice: SiteSlice, actor: Actor, action: Action, next: string[], current: string[]): Promise<Errors> {
  const known = await repo.sitesOfAccount(tx, slice.accountId, next);
  const changed = [...next.filter((id) => !current.includes(id)), ...current.filter((id) => !next.includes(id))];
  const ok = next.every((id) => known.has(id)) && changed.every((id) => actor.mayAt(id, action));
  return ok ? {} : { site_ids: [messages.invalid] };
}

async function checkPhoto(tx: Tx, slice: SiteSlice, next: string | null | undefined, current: string | null): Promise<Errors> {
  if (next === undefined || next === null || next === current) return {};
  return (await repo.photoOfAccount(tx, slice.accountId, next)) ? {} : { photo_file_id: [messages.invalid] };
}

/** One address per consultant of the account (compared lower-cased); taken under the account's email lock. */
async function checkEmail(tx: Tx, slice: SiteSlice, next: string | null | undefined, current: ConsultantRow | null): Promise<Errors> {
  if (next === undefined || next === null || next === current?.email?.toLowerCase()) return {};
  await repo.lockEmails(tx, slice.accountId);
  return (await repo.emailTaken(tx, slice.accountId, next, current?.id ?? null)) ? { email: [messages.consultantEmailTaken] } : {};
}

/** Only what was sent. */
function columnsOf(b: UpdateBody): ConsultantPatch {
  const c: ConsultantPatch = {};
  if (b.name !== undefined) c.name = b.name;
  if (b.email !== undefined) c.email = b.email;
  if (b.phone !== undefined) c.phone = b.phone;
  if (b.title !== undefined) c.title = b.title;
  if (b.photo_file_id !== undefined) c.photoFileId = b.photo_file_id;
  return c;
}

/* Writing. */

export async function createConsultant(deps: AppDeps, scope: ResolvedScope, actor: Actor, body: CreateBody) {
  const slice = consultantSlice(scope);
  return deps.db.transaction(async (tx) => {
    const siteIds = unique(body.site_ids);
    const errors = {
      ...(await checkSites(tx, slice, actor, 'create', siteIds, [])),
      ...(await checkPhoto(tx, slice, body.photo_file_id, null)),
      ...(await checkEmail(tx, slice, body.email, null)),
    };
    if (hasErrors(errors)) throw invalid(errors);
    const row = await repo.insertConsultant(tx, {
      accountId: slice.accountId,
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      title: body.title ?? null,
      photoFileId: body.photo_file_id ?? null,
    });
    await repo.replaceSites(tx, row, siteIds);
    await audit(tx, consultantAudit(actor, row, 'consultant.create', { site_ids: siteIds }));
    return detail(deps, tx, slice, actor, row.id, false);
  });
}

/**
 * Runs `change` on the locked consultant (one working on the selected site), then reads the detail back in the same
 * transaction, wherever they now work.
 */
async function changeConsultant(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor,
  id: string,
  change: (tx: Tx, slice: SiteSlice, c: ConsultantRow) => Promise<void>,
) {
  const slice = consultantSlice(scope);
  return deps.db.transaction(async (tx) => {
    const c = await repo.findConsultant(tx, slice, id, { lock: true });
    if (!c) throw notFound();
    await change(tx, slice, c);
    return detail(deps, tx, slice, actor, c.id, false);
  });
}

/** Throws the policy's refusal of `action` on the locked consultant; true when it is already done (nothing to write). */
async function alreadyDone(tx: Tx, actor: Actor, c: ConsultantRow, action: ConsultantAction): Promise<boolean> {
  const refused = refusal({ enabled: c.enabled, siteIds: await repo.siteIdsOf(tx, c.id) }, actor, action);
  if (refused === 'unchanged') return true;
  if (refused) throw refused;
  return false;
}

/** The fields sent; `site_ids` replaces the sites. The link to a portal login is left as it is. */
export function updateConsultant(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, body: UpdateBody) {
  return changeConsultant(deps, scope, actor, id, async (tx, slice, c) => {
    const current = await repo.siteIdsOf(tx, c.id);
    const refused = refusal({ enabled: c.enabled, siteIds: current }, actor, 'update');
    if (refused) throw refused;
    const siteIds = body.site_ids && unique(body.site_ids);
    const errors = {
      ...(siteIds ? await checkSites(tx, slice, actor, 'update', siteIds, current) : {}),
      ...(await checkPhoto(tx, slice, body.photo_file_id, c.photoFileId)),
      ...(await checkEmail(tx, slice, body.email, c)),
    };
    if (hasErrors(errors)) throw invalid(errors);
    const patch = columnsOf(body);
    const changed = (Object.keys(patch) as Array<keyof ConsultantPatch>).filter((k) => patch[k] !== c[k]);
    const sitesChanged = siteIds !== undefined && (siteIds.length !== current.length || siteIds.some((s) => !current.includes(s)));
    if (!changed.length && !sitesChanged) return;
    await repo.updateConsultant(tx, c.id, patch);
    if (sitesChanged) await repo.replaceSites(tx, c, siteIds);
    const fields = changed.map((k) => (k === 'photoFileId' ? 'photo_file_id' : k));
    const sitesData = sitesChanged ? { site_ids: siteIds, previous_site_ids: current } : {};
    await audit(tx, consultantAudit(actor, c, 'consultant.update', { fields, ...sitesData }));
  });
}

export function enableConsultant(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  return changeConsultant(deps, scope, actor, id, async (tx, _slice, c) => {
    if (await alreadyDone(tx, actor, c, 'enable')) return;
    await repo.updateConsultant(tx, c.id, { enabled: true });
    await audit(tx, consultantAudit(actor, c, 'consultant.enable'));
  });
}

/** The job form stops offering them; the jobs they are on keep them. */
export function disableConsultant(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  return changeConsultant(deps, scope, actor, id, async (tx, _slice, c) => {
    if (await alreadyDone(tx, actor, c, 'disable')) return;
    await repo.updateConsultant(tx, c.id, { enabled: false });
    await audit(tx, consultantAudit(actor, c, 'consultant.disable'));
  });
}

/**
 * Permanent. Their jobs, on every site, stay with no consultant: the foreign key does it (jobs.consultant_id ON
 * DELETE SET NULL). The consultant is gone from every site they worked on, so the caller must be allowed to delete
 * consultants on each of them.
 */
export async function deleteConsultant(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const slice = consultantSlice(scope);
  await deps.db.transaction(async (tx) => {
    const c = await repo.findConsultant(tx, slice, id, { lock: true });
    if (!c) throw notFound();
    const siteIds = await repo.siteIdsOf(tx, c.id);
    const refused = refusal({ enabled: c.enabled, siteIds }, actor, 'delete');
    if (refused) throw refused;
    const jobs = await repo.allJobsCount(tx, c.id);
    await repo.deleteConsultant(tx, c.id);
    await audit(tx, consultantAudit(actor, c, 'consultant.delete', { name: c.name, site_ids: siteIds, jobs }));
  });
}

/**
 * Makes an enabled consultant the consultant of these jobs of the selected site (of any status: reassigning the jobs
 * of someone who left includes the finished ones). It edits jobs, so it also needs `jobs.update`. Any id that is not
 * a job of the site fails the whole request, without saying which ids exist elsewhere.
 */
export async function assignJobs(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, jobIds: string[]) {
  const slice = consultantSlice(scope);
  // Without the permissions it is refused before looking the consultant up, as the route's own check would be.
  if (!mayDo(actor, 'assign_jobs')) throw forbidden();
  return deps.db.transaction(async (tx) => {
    const c = await repo.findConsultant(tx, slice, id, { lock: true });
    if (!c) throw notFound();
    await alreadyDone(tx, actor, c, 'assign_jobs');
    const ids = unique(jobIds);
    const found = await repo.jobsOfSlice(tx, slice, ids);
    if (ids.some((j) => !found.has(j))) throw invalid({ job_ids: [messages.invalid] });
    const assigned = await repo.assignJobs(tx, slice, c.id, ids);
    await audit(tx, consultantAudit(actor, c, 'consultant.assign_jobs', { job_ids: ids }));
    return { assigned };
  });
}
