import type { AuditAction } from '@hireline/contract/audit-actions';
import type { AppAbility } from '@hireline/access/ability';
import { employerTypeLabels, type EmployerFields } from '@hireline/contract/employers';
import { employerTypes } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit, auditEntry } from '../../platform/audit';
import { labelColumn, timeColumn, type CsvColumns } from '../../platform/csv';
import { csvFormatOf } from '../../platform/csv-format';
import { csvLines } from '../../platform/csv-stream';
import { keysetBatches } from '../../platform/keyset';
import { invalid, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import { likeContains } from '../../platform/text-search';
import { employerMessages, presentDetail, presentSummary } from './employer-present';
import { callerOf, type Caller } from './employer.policy';
import * as repo from './employers.repo';
import type { EmployerFilters, EmployerPatch, EmployerSort } from './employers.repo';

/* Reading, creating and editing employers. Reviews, enabling, disabling and deleting: employer-lifecycle.service. */

export const employerTypeList = () => employerTypes.map((value) => ({ value, label: employerTypeLabels[value] }));

export interface ListQuery extends EmployerFilters {
  page: number;
  per_page: number;
  sort: EmployerSort;
}

async function page(deps: AppDeps, s: SiteSlice, f: EmployerFilters, sort: EmployerSort, limit: number, offset: number) {
  const text = f.q?.trim();
  const where = repo.listWhere(s, f, text ? likeContains(text) : null);
  const [rows, total] = await Promise.all([repo.listEmployers(deps.db, where, sort, limit, offset), repo.countEmployers(deps.db, where)]);
  return { data: rows.map((r) => presentSummary(deps.config.appSecret, r.employer, r.jobsCount)), total };
}

export async function listEmployers(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const { data, total } = await page(deps, siteSlice(scope), q, q.sort, q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total } };
}

/** Registrations waiting for a decision, the longest-waiting first. */
export async function listOnHold(deps: AppDeps, scope: ResolvedScope, q: { page: number; per_page: number; q?: string }) {
  const { data, total } = await page(deps, siteSlice(scope), { status: ['pending'], q: q.q }, 'created_at', q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total } };
}

const columns: CsvColumns<ReturnType<typeof presentSummary>> = [
  ['ID', (e) => e.id],
  ['Business name', (e) => e.business_name],
  labelColumn('Type', 'employerType', (e) => e.type),
  ['Registration number', (e) => e.registration_number],
  ['Industry', (e) => e.industry],
  ['Contact', (e) => e.contact_name],
  ['Contact email', (e) => e.contact_email],
  ['Phone', (e) => e.phone],
  labelColumn('Status', 'employerStatus', (e) => e.status),
  labelColumn('Enabled', 'yesNo', (e) => e.enabled),
  ['Credits', (e) => e.credit_balance],
  ['Jobs', (e) => e.jobs_count],
  timeColumn('Created', (e) => e.created_at),
];

export async function exportCsv(deps: AppDeps, scope: ResolvedScope, q: ListQuery) {
  const s = siteSlice(scope);
  const text = q.q?.trim();
  const where = repo.listWhere(s, q, text ? likeContains(text) : null);
  const batches = keysetBatches(
    (after, limit) => repo.exportBatch(deps.db, where, q.sort, after, limit),
    (rows) => rows.map((r) => presentSummary(deps.config.appSecret, r.employer, r.jobsCount)),
  );
  return csvLines(columns, batches, await csvFormatOf(deps.db, s.siteId));
}

/** The detail as the caller may act on it, read in the caller's transaction when there is one. */
export async function loadDetail(deps: AppDeps, db: DbOrTx, s: SiteSlice, caller: Caller, id: string) {
  const employer = await repo.findEmployer(db, s, id);
  if (!employer) throw notFound();
  return presentDetail(deps.config.appSecret, caller, employer, await repo.countsOf(db, employer.id));
}

export function getEmployer(deps: AppDeps, scope: ResolvedScope, ability: AppAbility, id: string) {
  return loadDetail(deps, deps.db, siteSlice(scope), callerOf(scope, ability), id);
}

function patchOf(b: EmployerFields): EmployerPatch {
  const patch: EmployerPatch = {};
  const set = <K extends keyof EmployerPatch>(key: K, value: EmployerPatch[K] | undefined) => {
    if (value !== undefined) patch[key] = value;
  };
  set('type', b.type);
  set('businessName', b.business_name);
  set('registrationNumber', b.registration_number);
  set('industry', b.industry);
  set('website', b.website);
  set('size', b.size);
  set('contactName', b.contact_name);
  set('contactEmail', b.contact_email);
  set('phone', b.phone);
  set('address', b.address);
  set('about', b.about);
  set('logoFileId', b.logo_file_id);
  return patch;
}

/** Names and ids the client sent are checked against the site: a clear 422 on the field, never a foreign-key 500. */
async function checkFields(db: DbOrTx, s: SiteSlice, b: EmployerFields, currentId: string | null, currentLogo: string | null) {
  const errors: Record<string, string[]> = {};
  if (b.business_name && (await repo.nameTaken(db, s, b.business_name, currentId))) errors.business_name = [employerMessages.nameTaken];
  if (b.logo_file_id && b.logo_file_id !== currentLogo && !(await repo.logoOfAccount(db, s.accountId, b.logo_file_id)))
    errors.logo_file_id = [messages.invalid];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** An audit_logs row about an employer. */
export const employerAudit = (actor: Actor, e: { id: string; accountId: string }, action: AuditAction, data: Record<string, unknown> = {}) =>
  auditEntry(actor, { type: 'employer', id: e.id, accountId: e.accountId }, action, data);

/** Staff-created employers need no review: they start active and enabled. */
export async function createEmployer(deps: AppDeps, scope: ResolvedScope, actor: Actor, b: EmployerFields & { business_name: string; type: 'business' | 'household' }) {
  const s = siteSlice(scope);
  // An employer user cannot add employers beside their own, whatever their role says.
  if (s.employerIds) throw notFound();
  await checkFields(deps.db, s, b, null, null);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertEmployer(tx, s, { ...patchOf(b), businessName: b.business_name, type: b.type, status: 'active', approvedAt: new Date() });
    await audit(tx, employerAudit(actor, row, 'employer.create', { business_name: row.businessName }));
    return loadDetail(deps, tx, s, callerOf(scope, actor.ability), row.id);
  });
}

export async function updateEmployer(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, b: EmployerFields) {
  const s = siteSlice(scope);
  return deps.db.transaction(async (tx) => {
    const current = await repo.findEmployer(tx, s, id, { lock: true });
    if (!current) throw notFound();
    await checkFields(tx, s, b, current.id, current.logoFileId);
    const patch = patchOf(b);
    if (Object.keys(patch).length) {
      await repo.updateEmployer(tx, id, patch);
      await audit(tx, employerAudit(actor, current, 'employer.update', { fields: Object.keys(b) }));
    }
    return loadDetail(deps, tx, s, callerOf(scope, actor.ability), id);
  });
}
