import { and, asc, count, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { consultantSorts } from '@hireline/contract/consultants';
import type { DbOrTx, Tx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { jobs } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { sites } from '../../db/schema/tenancy';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';
import { reach, reachOnSite, type Where } from './consultant.policy';
import { afterKey, keyOf, orderByKey, sortKey, type Keyset, type SortKey } from '../../platform/keyset';

/* Consultants of an account and the sites they work on: find, list, write; their jobs on a site, counted and assigned. */

const consultantColumns = getTableColumns(consultants);

export type ConsultantRow = typeof consultants.$inferSelect;
export type NewConsultant = typeof consultants.$inferInsert;
/** What the endpoints may change; the link to a portal login (`user_id`) is never among it. */
export type ConsultantPatch = Partial<Pick<NewConsultant, 'name' | 'email' | 'phone' | 'title' | 'photoFileId' | 'enabled'>>;
export type ConsultantSort = (typeof consultantSorts)[number];

/** A consultant of the account (working on the site, when one is given), or null. `lock` serialises changes of one row. */
export async function findConsultant(db: DbOrTx, w: Where, id: string, opts: { lock?: boolean } = {}): Promise<ConsultantRow | null> {
  const q = db
    .select(consultantColumns)
    .from(consultants)
    .where(and(eq(consultants.id, id), reach(db, w)))
    .limit(1);
  const [row] = opts.lock ? await q.for('no key update', { of: consultants }) : await q;
  return row ?? null;
}

export async function insertConsultant(db: DbOrTx, values: NewConsultant): Promise<ConsultantRow> {
  const [row] = await db.insert(consultants).values(values).returning(consultantColumns);
  return row!;
}

export async function updateConsultant(db: DbOrTx, id: string, patch: ConsultantPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(consultants).set(patch).where(eq(consultants.id, id));
}

/** Their sites go with them (ON DELETE CASCADE); their jobs stay with no consultant (jobs.consultant_id ON DELETE SET NULL). */
export async function deleteConsultant(db: DbOrTx, id: string): Promise<void> {
  await db.delete(consultants).where(eq(consultants.id, id));
}

/* Sites. */

/** The ids of the consultant's sites. */
export async function siteIdsOf(db: DbOrTx, consultantId: string): Promise<string[]> {
  const rows = await db.select({ id: consultantSites.siteId }).from(consultantSites).where(eq(consultantSites.consultantId, consultantId));
  return rows.map((r) => r.id);
}

/** The consultants' sites by name, for a page of consultants. */
export async function sitesOf(db: DbOrTx, consultantIds: string[]) {
  if (!consultantIds.length) return [];
  return db
    .select({ consultantId: consultantSites.consultantId, id: sites.id, name: sites.name })
    .from(consultantSites)
    .innerJoin(sites, eq(sites.id, consultantSites.siteId))
    .where(inArray(consultantSites.consultantId, consultantIds))
    .orderBy(asc(sites.name), asc(sites.id));
}

/** Which of these ids are sites of the account. */
export async function sitesOfAccount(db: DbOrTx, accountId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.accountId, accountId), inArray(sites.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Sets the consultant's sites to exactly these (sites of their account, checked by the caller). */
export async function replaceSites(db: DbOrTx, c: Pick<ConsultantRow, 'id' | 'accountId'>, siteIds: string[]): Promise<void> {
  await db.delete(consultantSites).where(eq(consultantSites.consultantId, c.id));
  if (siteIds.length) await db.insert(consultantSites).values(siteIds.map((siteId) => ({ consultantId: c.id, siteId, accountId: c.accountId })));
}

/* Checks of what a client sent. */

/** An uploaded photo (purpose `avatar`) of the account. */
export async function photoOfAccount(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId), eq(files.purpose, 'avatar')))
    .limit(1);
  return Boolean(row);
}

/**
 * Serialises the email checks of one account's consultants until the transaction ends. No unique index says an email
 * is used once per account (the table allows none or repeats), so two concurrent writers of the same address would
 * otherwise both find it free.
 */
export async function lockEmails(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consultants.email:${accountId}`}, 0))`);
}

/** Whether another consultant of the account has this (lower-cased) email, whatever the case it was stored in. */
export async function emailTaken(db: DbOrTx, accountId: string, email: string, exceptId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(
      and(
        eq(consultants.accountId, accountId),
        sql`lower(${consultants.email}) = ${email}`,
        exceptId ? ne(consultants.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/* The list. */

export interface ConsultantFilters {
  enabled?: boolean;
  /** An escaped `%…%` LIKE pattern matched against name, email and title. */
  pattern?: string | null;
}

/** Consultants working on the site (consultant_sites_site_idx), filtered. Read from consultant_sites joined to consultants. */
export function listWhere(s: SiteSlice, f: ConsultantFilters): SQL {
  return and(
    reachOnSite(s),
    f.enabled === undefined ? undefined : eq(consultants.enabled, f.enabled),
    f.pattern ? or(ilike(consultants.name, f.pattern), ilike(consultants.email, f.pattern), ilike(consultants.title, f.pattern)) : undefined,
  )!;
}

/** The id breaks ties so pages never overlap. */
const sorts: Record<ConsultantSort, SortKey> = {
  name: sortKey(consultants.name, 'asc'),
  '-name': sortKey(consultants.name, 'desc'),
  created_at: sortKey(consultants.createdAt, 'asc'),
  '-created_at': sortKey(consultants.createdAt, 'desc'),
};

/** The consultant's jobs on the slice (jobs_consultant_idx), as a column of the row. */
const jobsCountSql = (s: SiteSlice) => {
  const theirs = and(eq(jobs.consultantId, consultants.id), eq(jobs.siteId, s.siteId), inEmployers(jobs.employerId, s.employerIds));
  return sql<number>`(select count(*)::int from ${jobs} where ${theirs})`;
};

export type ListRow = ConsultantRow & { jobsCount: number };

export async function listConsultants(
  db: DbOrTx,
  s: SiteSlice,
  where: SQL,
  sort: ConsultantSort,
  limit: number,
  offset: number,
): Promise<ListRow[]> {
  return db
    .select({ ...consultantColumns, jobsCount: jobsCountSql(s) })
    .from(consultantSites)
    .innerJoin(consultants, eq(consultants.id, consultantSites.consultantId))
    .where(where)
    .orderBy(...orderByKey(sorts[sort], consultants.id))
    .limit(limit)
    .offset(offset);
}

/** One batch of the export: the list's rows in its order after `after`, each with its keyset value. */
export function exportBatch(db: DbOrTx, s: SiteSlice, where: SQL, sort: ConsultantSort, after: Keyset | null, limit: number) {
  const k = sorts[sort];
  return db
    .select({ ...consultantColumns, jobsCount: jobsCountSql(s), sortKey: keyOf(k.value) })
    .from(consultantSites)
    .innerJoin(consultants, eq(consultants.id, consultantSites.consultantId))
    .where(and(where, afterKey(k, consultants.id, after)))
    .orderBy(...orderByKey(k, consultants.id))
    .limit(limit);
}

export async function countConsultants(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(consultantSites)
    .innerJoin(consultants, eq(consultants.id, consultantSites.consultantId))
    .where(where);
  return row?.n ?? 0;
}

/* Their jobs and applications. */

/** Jobs of the slice with this consultant: what GET /v1/jobs?consultant_id= lists. */
export async function jobsCount(db: DbOrTx, s: SiteSlice, consultantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.consultantId, consultantId), eq(jobs.siteId, s.siteId), inEmployers(jobs.employerId, s.employerIds)));
  return row?.n ?? 0;
}

/** Applications of the slice to this consultant's jobs there: what GET /v1/applications?consultant_id= lists. */
export async function applicationsCount(db: DbOrTx, s: SiteSlice, consultantId: string): Promise<number> {
  const theirJobs = db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.consultantId, consultantId), eq(jobs.siteId, s.siteId)));
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.siteId, s.siteId), inEmployers(applications.employerId, s.employerIds), inArray(applications.jobId, theirJobs)));
  return row?.n ?? 0;
}

/** Their jobs on every site, e.g. how many a deletion leaves without a consultant. */
export async function allJobsCount(db: DbOrTx, consultantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.consultantId, consultantId));
  return row?.n ?? 0;
}

/** Which of these ids are jobs of the slice. */
export async function jobsOfSlice(db: DbOrTx, s: SiteSlice, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, ids), eq(jobs.siteId, s.siteId), inEmployers(jobs.employerId, s.employerIds)));
  return new Set(rows.map((r) => r.id));
}

/** Makes the consultant the consultant of these jobs (of the slice, checked by the caller); answers how many changed rows. */
export async function assignJobs(db: DbOrTx, s: SiteSlice, consultantId: string, ids: string[]): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ consultantId })
    .where(and(inArray(jobs.id, ids), eq(jobs.siteId, s.siteId), inEmployers(jobs.employerId, s.employerIds)))
    .returning({ id: jobs.id });
  return rows.length;
}
