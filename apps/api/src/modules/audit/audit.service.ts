import { and } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditListQuery, AuditLogEntry, EnterpriseAuditLogEntry, enterpriseAuditListQuery } from '@hireline/contract/audit';
import type { AppDeps } from '../../deps';
import { auditCsv } from './audit-csv';
import { subjectNames, type SubjectName } from './audit-names';
import * as repo from './audit.repo';
import type { AuditSlice, EntryRow } from './audit.repo';

/* Reading the audit trail of an account or of the whole enterprise: a page as JSON, or every page as CSV. Never written here. */

type AccountQuery = z.output<typeof auditListQuery>;
type EnterpriseQuery = z.output<typeof enterpriseAuditListQuery>;

const person = (id: string | null, name: string | null, email: string | null) => (id ? { id, name: name ?? '', email: email ?? '' } : null);

export function presentEntry(r: EntryRow, named: SubjectName = { name: null, deleted: false }): AuditLogEntry {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    action: r.action,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    subject_name: r.subjectName ?? named.name,
    // A candidate since deleted (an erased one keeps its row, named as erased) is gone like any other record.
    subject_deleted: named.deleted || (r.subjectType === 'seeker' && r.subjectId !== null && r.subjectSeekerId === null),
    actor: person(r.actorId, r.actorName, r.actorEmail),
    impersonator: person(r.impersonatorId, r.impersonatorName, r.impersonatorEmail),
    ip: r.ip,
    data: r.data ?? {},
  };
}

export const presentEnterpriseEntry = (r: EntryRow, named?: SubjectName): EnterpriseAuditLogEntry => ({
  ...presentEntry(r, named),
  account: r.accountId ? { id: r.accountId, name: r.accountName ?? '' } : null,
});

const filtersOf = (q: AccountQuery): repo.AuditFilters => ({
  q: q.q?.trim() || undefined,
  actor: q.actor,
  actorEmail: q.actor_email,
  impersonatedOnly: q.impersonated_only,
  action: q.action,
  subjectType: q.subject_type,
  subjectId: q.subject_id,
  from: q.from,
  to: q.to,
});

/** One page and its total, read side by side as the other lists do. */
async function page(deps: AppDeps, slice: AuditSlice, q: AccountQuery) {
  const where = repo.listWhere(deps.db, slice, filtersOf(q));
  const [rows, total] = await Promise.all([
    repo.listEntries(deps.db, where, q.sort, q.per_page, (q.page - 1) * q.per_page),
    repo.countEntries(deps.db, where, deps.totals),
  ]);
  const meta = { page: q.page, per_page: q.per_page, total: total.total, ...(total.estimated ? { estimated: true } : {}) };
  return { rows, names: await subjectNames(deps.db, slice.enterpriseId, rows), meta };
}

/**
 * Every row of the filtered list in its order, a batch at a time, each after the last one sent (the CSV lists ids, not
 * names): an audit trail can hold millions of entries, which an offset would re-read batch after batch.
 */
function allRows<T>(deps: AppDeps, slice: AuditSlice, q: AccountQuery, present: (r: EntryRow) => T) {
  const where = repo.listWhere(deps.db, slice, filtersOf(q));
  let lastId: string | null = null;
  return async (_last: unknown, limit: number) => {
    const rows = await repo.listEntries(deps.db, and(where, repo.afterEntry(q.sort, lastId))!, q.sort, limit, 0);
    lastId = rows.at(-1)?.id ?? lastId;
    return rows.map((r) => present(r));
  };
}

/** The selected account's entries (route() has verified the account and the caller's `audit.view` there). */
export async function listAccountLogs(deps: AppDeps, slice: AuditSlice, q: AccountQuery) {
  const { rows, names, meta } = await page(deps, slice, q);
  return { data: rows.map((r, i) => presentEntry(r, names[i])), meta };
}

export async function exportAccountLogsCsv(deps: AppDeps, slice: AuditSlice, q: AccountQuery) {
  return auditCsv(allRows(deps, slice, q, (r) => presentEntry(r)), false);
}

/** The enterprise's entries, of every account or of the one asked for (one of another enterprise finds nothing). */
export async function listEnterpriseLogs(deps: AppDeps, enterpriseId: string, q: EnterpriseQuery) {
  const { rows, names, meta } = await page(deps, { enterpriseId, accountId: q.account ?? null }, q);
  return { data: rows.map((r, i) => presentEnterpriseEntry(r, names[i])), meta };
}

export async function exportEnterpriseLogsCsv(deps: AppDeps, enterpriseId: string, q: EnterpriseQuery) {
  return auditCsv(allRows(deps, { enterpriseId, accountId: q.account ?? null }, q, (r) => presentEnterpriseEntry(r)), true);
}
