import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { EmployerStatus, EmployerType } from '@hireline/contract/enums';
import type { employerSorts } from '@hireline/contract/employers';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { creditLedgers, creditPurchases } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';
import { memberships, sessions, users } from '../../db/schema/identity';
import { acceptedMembership } from '../../platform/scope';
import { jobs, jobStatusHistory } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { afterKey, keyOf, orderByKey, sortKey, type Keyset, type SortKey } from '../../platform/keyset';
import type { SiteSlice } from '../../platform/site-slice';
import { acrossTenants } from '../../db/tenant-context';
import { reach } from './employer.policy';

/* Employers of a site: find, write, list, and what enabling, disabling and deleting one touch. */

export type EmployerRow = typeof employers.$inferSelect;
export type EmployerPatch = Partial<Omit<typeof employers.$inferInsert, 'id' | 'accountId' | 'siteId' | 'creditBalance'>>;
export type EmployerSort = (typeof employerSorts)[number];


/** One employer of the slice, or null (another site's or tenant's is "not found"). `lock` serialises state changes. */
export async function findEmployer(db: DbOrTx, s: SiteSlice, id: string, opts: { lock?: boolean } = {}): Promise<EmployerRow | null> {
  const q = db.select().from(employers).where(and(eq(employers.id, id), reach(s))).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Several employers of the slice, locked in id order so concurrent bulk reviews cannot deadlock. */
export async function lockEmployers(db: DbOrTx, s: SiteSlice, ids: string[]): Promise<EmployerRow[]> {
  return db.select().from(employers).where(and(inArray(employers.id, ids), reach(s))).orderBy(asc(employers.id)).for('update');
}

export async function insertEmployer(db: DbOrTx, s: SiteSlice, values: EmployerPatch & { businessName: string; type: EmployerType }) {
  const [row] = await db.insert(employers).values({ ...values, accountId: s.accountId, siteId: s.siteId }).returning();
  return row!;
}

export async function updateEmployer(db: DbOrTx, id: string, patch: EmployerPatch) {
  await db.update(employers).set({ ...patch, updatedAt: new Date() }).where(eq(employers.id, id));
}

/** The same change to several employers (already locked by the caller) in one statement. */
export async function updateEmployers(db: DbOrTx, ids: string[], patch: EmployerPatch) {
  if (ids.length) await db.update(employers).set({ ...patch, updatedAt: new Date() }).where(inArray(employers.id, ids));
}

export interface EmployerFilters {
  status?: EmployerStatus[];
  type?: EmployerType;
  enabled?: boolean;
  q?: string;
}

/** Business name by substring (employers_business_name_trgm_idx), registration number and contact email exactly-ish. */
export function listWhere(s: SiteSlice, f: EmployerFilters, pattern: string | null): SQL {
  return and(
    reach(s),
    f.status?.length ? inArray(employers.status, f.status) : undefined,
    f.type ? eq(employers.type, f.type) : undefined,
    f.enabled === undefined ? undefined : eq(employers.enabled, f.enabled),
    pattern
      ? or(
          ilike(employers.businessName, pattern),
          ilike(employers.registrationNumber, pattern),
          ilike(employers.contactName, pattern),
          ilike(employers.contactEmail, pattern),
        )
      : undefined,
  )!;
}

/** Each sort, then the id so pages never overlap; newest first as employers_site_created_idx is built. */
const sorts: Record<EmployerSort, SortKey> = {
  '-created_at': sortKey(employers.createdAt, 'desc', { nullsLast: true }),
  created_at: sortKey(employers.createdAt, 'asc'),
  business_name: sortKey(sql`lower(${employers.businessName})`, 'asc'),
  '-business_name': sortKey(sql`lower(${employers.businessName})`, 'desc'),
  '-credit_balance': sortKey(employers.creditBalance, 'desc'),
  credit_balance: sortKey(employers.creditBalance, 'asc'),
};

const summary = {
  employer: employers,
  // Spelled out: drizzle leaves the columns of a one-table query unqualified, and a bare "id" here is the job's.
  jobsCount: sql<number>`(select count(*)::int from ${jobs} where ${jobs.employerId} = "employers"."id")`,
};

/**
 * A page of employers with each one's job count (jobs_employer_created_idx: one index range per row of the page).
 * The page's ids are cut first and the counts taken for those rows only: counted in the same select, PostgreSQL
 * would count the jobs of every row the offset skips too (the last page of 2,000 employers took 270-320 ms).
 */
export async function listEmployers(db: DbOrTx, where: SQL, sort: EmployerSort, limit: number, offset: number) {
  const order = orderByKey(sorts[sort], employers.id);
  const page = db.select({ id: employers.id }).from(employers).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
  return db
    .select(summary)
    .from(employers)
    .innerJoin(page, eq(page.id, employers.id))
    .orderBy(...order);
}

/** One batch of the export: the list's rows in its order after `after`, each with its keyset value. */
export function exportBatch(db: DbOrTx, where: SQL, sort: EmployerSort, after: Keyset | null, limit: number) {
  const k = sorts[sort];
  return db
    .select({ ...summary, id: employers.id, sortKey: keyOf(k.value) })
    .from(employers)
    .where(and(where, afterKey(k, employers.id, after)))
    .orderBy(...orderByKey(k, employers.id))
    .limit(limit);
}

export async function countEmployers(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employers).where(where);
  return row?.n ?? 0;
}

/** What the detail page counts: jobs (and live ones), applications to them, and people who sign in for it. */
export async function countsOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      jobs: sql<number>`(select count(*)::int from ${jobs} where ${jobs.employerId} = ${id})`,
      liveJobs: sql<number>`(select count(*)::int from ${jobs} where ${jobs.employerId} = ${id} and ${jobs.status} = 'live')`,
      applications: sql<number>`(select count(*)::int from ${applications} where ${applications.employerId} = ${id})`,
      users: sql<number>`(select count(*)::int from ${memberships} where ${memberships.employerId} = ${id})`,
      relistable: sql<number>`(select count(*)::int from ${jobs} where ${relistableOf(id)})`,
      ledger: sql<boolean>`exists (select 1 from ${creditLedgers} where ${creditLedgers.employerId} = ${id})
        or exists (select 1 from ${creditPurchases} where ${creditPurchases.employerId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** A logo must be an image uploaded within the account for that purpose. */
export async function logoOfAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId), eq(files.purpose, 'logo')))
    .limit(1);
  return Boolean(row);
}

/** Another employer of the site already using this business name (case-insensitive), for a clear 422. */
export async function nameTaken(db: DbOrTx, s: SiteSlice, name: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: employers.id })
    .from(employers)
    .where(and(eq(employers.siteId, s.siteId), sql`lower(${employers.businessName}) = lower(${name})`, exceptId ? ne(employers.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * Takes the employer's live jobs off the board, recording why in each job's history: a disabled employer
 * advertises nothing. Returns how many were unlisted.
 */
/** The reason disabling an employer gives its jobs' history: what marks the jobs it unlisted. */
export const DISABLED_REASON = 'Employer disabled';

/*
 * The employer's jobs that disabling it unlisted and that could go live again: still unlisted with that as their last
 * change, and their advert not ended. Columns written out: a subquery would take drizzle's bare names as its own.
 */
const relistableOf = (employerId: string) => sql`"jobs"."employer_id" = ${employerId} and "jobs"."status" = 'unlisted'
  and ("jobs"."advert_end_at" is null or "jobs"."advert_end_at" > now())
  and (select h.reason from ${jobStatusHistory} h where h.job_id = "jobs"."id" order by h.created_at desc limit 1) = ${DISABLED_REASON}`;

/** Puts back live the jobs disabling the employer unlisted (see {@link relistableOf}); how many. */
export async function relistUnlistedByDisable(db: DbOrTx, employer: EmployerRow, actorUserId: string) {
  const relisted = await db
    .update(jobs)
    .set({ status: 'live', unlistedAt: null, updatedAt: new Date() })
    .where(relistableOf(employer.id))
    .returning({ id: jobs.id });
  if (relisted.length) {
    await db.insert(jobStatusHistory).values(
      relisted.map((j) => ({ accountId: employer.accountId, jobId: j.id, fromStatus: 'unlisted' as const, toStatus: 'live' as const, actorUserId, reason: 'Employer enabled' })),
    );
  }
  return relisted.length;
}

export async function unlistLiveJobs(db: DbOrTx, employer: EmployerRow, actorUserId: string, reason: string) {
  const unlisted = await db
    .update(jobs)
    .set({ status: 'unlisted', updatedAt: new Date() })
    .where(and(eq(jobs.employerId, employer.id), eq(jobs.status, 'live')))
    .returning({ id: jobs.id });
  if (unlisted.length) {
    await db.insert(jobStatusHistory).values(
      unlisted.map((j) => ({ accountId: employer.accountId, jobId: j.id, fromStatus: 'live' as const, toStatus: 'unlisted' as const, actorUserId, reason })),
    );
  }
  return unlisted.length;
}

/**
 * Signs out everyone whose only way into the portal was this employer (memberships of other employers that are
 * still enabled and approved, or of a site or account, keep a person's sessions).
 */
export async function revokeSessionsOfOnlyMembers(db: DbOrTx, employerId: string) {
  // Qualified by hand: in a one-table query drizzle writes bare column names, which the subquery would take as o's.
  const other = sql`exists (select 1 from ${memberships} o left join ${employers} e on e.id = o.employer_id
    where o.user_id = "memberships"."user_id" and o.id <> "memberships"."id"
      and (o.employer_id is null or (e.enabled and e.status = 'active')))`;
  const only = db.select({ id: memberships.userId }).from(memberships).where(and(eq(memberships.employerId, employerId), sql`not ${other}`));
  // The other memberships may be in accounts the caller cannot see (ADR 012); sessions belong to no account.
  await acrossTenants(db, async () => await db.update(sessions).set({ revokedAt: new Date() }).where(and(inArray(sessions.userId, only), isNull(sessions.revokedAt))));
}

/** The people to tell about a registration decision: its users, else the contact email given with it. */
export async function registrantsOf(db: DbOrTx, employer: EmployerRow) {
  const rows = await db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.employerId, employer.id), acceptedMembership, eq(users.enabled, true)))
    .orderBy(asc(memberships.createdAt))
    .limit(20);
  if (rows.length) return rows;
  return employer.contactEmail ? [{ email: employer.contactEmail, name: employer.contactName, locale: 'en' }] : [];
}

/** Jobs go with the employer (ON DELETE CASCADE), and their applications, history and feedback with them. */
export async function deleteEmployer(db: DbOrTx, id: string) {
  await db.delete(employers).where(eq(employers.id, id));
}
