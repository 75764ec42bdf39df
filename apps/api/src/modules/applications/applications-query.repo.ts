import { and, arrayContains, asc, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { applicationSorts } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { applications, applicationStatusCounts } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { cappedCounts, cappedTotal, cappedTotalShaped } from '../../platform/capped-count';
import { afterKeyset, keyOf, type Keyset } from '../../platform/keyset';
import { among, listShape, pageShaped, runShaped, type Bound, type ListShape, type Shape } from '../../platform/prepared';
import { idAmong, matchedIds, parseMatched, tagCondition, type Matched } from '../../platform/search-ids';
import type { SiteSlice } from '../../platform/site-slice';
import type { Total, TotalsCache } from '../../platform/totals-cache';
import { reach } from './application.policy';

/*
 * The applications list, its stage counts and its CSV: filters, search, sort and page, served by the site's
 * (site_id[, status], created_at DESC) indexes; the list's names are copies on the row, so only the page joins.
 */

export interface ApplicationFilters {
  q?: string;
  status?: ApplicationStatus[];
  job_id?: string;
  employer_id?: string;
  consultant_id?: string;
  /** Calendar days (UTC), both inclusive. */
  created_from?: string;
  created_to?: string;
  /** Applications carrying every one of these tags. */
  tags?: string[];
  knocked_out?: boolean;
  enabled?: boolean;
}

export type ApplicationSort = (typeof applicationSorts)[number];

/**
 * The typed text as a tsquery constant, resolved before the list query runs: computed inside it, PostgreSQL cannot
 * estimate it and reads the whole site (the jobs list's lesson, bench/README.md). In the same round trip, the site's
 * matching ids through hireline_search_applications, which can use the GIN index under row-level security (ADR 019).
 * `q` empty: nothing can match. Unless `matched` lists ids, the tsquery filters.
 */
export interface PreparedSearch {
  q: string;
  matched: Matched;
}

export async function prepareSearch(db: DbOrTx, siteId: string, tsquery: SQL | null): Promise<PreparedSearch> {
  if (!tsquery) return { q: '', matched: { kind: 'plain' } };
  const result = await db.execute<{ q: string | null; ids: string | null }>(
    sql`select q, ${matchedIds('applications', (n) => sql`hireline_search_applications(${siteId}::uuid, q::tsquery, ${n}::int)`)} as ids
      from (select (${tsquery})::text as q) t`,
  );
  const row = result.rows[0];
  return { q: row?.q ?? '', matched: parseMatched(row?.ids) };
}

function matches(search: PreparedSearch): SQL {
  if (!search.q) return sql`false`;
  const m = search.matched;
  return m.kind === 'ids' ? idAmong(applications.id, m.ids) : sql`${applications.search} @@ ${search.q}::tsquery`;
}

const DAY = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A list's filter values; undefined = absent. Which are present is a prepared page's shape (platform/prepared.ts). */
export type FilterValues = {
  siteId: string;
  employerIds?: string[];
  status?: ApplicationStatus[];
  jobId?: string;
  employerId?: string;
  consultantId?: string;
  createdFrom?: Date;
  createdTo?: Date;
  knockedOut?: boolean;
  enabled?: boolean;
};

export function filterValues(s: SiteSlice, f: ApplicationFilters): FilterValues {
  return {
    siteId: s.siteId,
    employerIds: s.employerIds ?? undefined,
    status: f.status?.length ? f.status : undefined,
    jobId: f.job_id || undefined,
    employerId: f.employer_id || undefined,
    consultantId: f.consultant_id || undefined,
    createdFrom: f.created_from ? dayStart(f.created_from) : undefined,
    createdTo: f.created_to ? new Date(dayStart(f.created_to).getTime() + DAY) : undefined,
    knockedOut: f.knocked_out,
    enabled: f.enabled,
  };
}

/** The filters' conditions, on their values or (prepared) on placeholders of the same names. */
export function filterConditions(v: Bound<FilterValues>) {
  return [
    reach({ siteId: v.siteId, employerIds: v.employerIds ?? null }),
    v.status !== undefined ? among(applications.status, v.status) : undefined,
    v.jobId !== undefined ? eq(applications.jobId, v.jobId) : undefined,
    v.employerId !== undefined ? eq(applications.employerId, v.employerId) : undefined,
    // The consultant is the job's: its jobs on the site, through jobs_consultant_idx.
    v.consultantId !== undefined
      ? inArray(applications.jobId, sql`(select ${jobs.id} from ${jobs} where ${jobs.consultantId} = ${v.consultantId} and ${jobs.siteId} = ${v.siteId})`)
      : undefined,
    v.createdFrom !== undefined ? gte(applications.createdAt, v.createdFrom) : undefined,
    v.createdTo !== undefined ? lt(applications.createdAt, v.createdTo) : undefined,
    v.knockedOut !== undefined ? eq(applications.knockedOut, v.knockedOut) : undefined,
    v.enabled !== undefined ? eq(applications.enabled, v.enabled) : undefined,
  ];
}

/** `search`: see {@link prepareSearch}, undefined = no search; `tagged`: the tag filter's match (prepareTags). */
export function listWhere(s: SiteSlice, f: ApplicationFilters, search: PreparedSearch | undefined, tagged?: Matched): SQL {
  return and(
    ...filterConditions(filterValues(s, f)),
    tagCondition(applications.id, tagged, f.tags?.length ? arrayContains(applications.tags, f.tags) : undefined),
    search === undefined ? undefined : matches(search),
  )!;
}

const sortColumns: Record<string, PgColumn> = {
  created_at: applications.createdAt,
  status_changed_at: applications.statusChangedAt,
  candidate_name: applications.candidateName,
  job_title: applications.jobTitle,
};

/**
 * The whitelisted sort, then the id so pages never overlap on ties. Every sort column is NOT NULL, so the null
 * order is spelled as the indexes store it (`desc nulls last`, or `asc nulls first` read backwards): a plain `desc`
 * means NULLS FIRST, which no index matches.
 */
export function orderOf(sort: ApplicationSort): SQL[] {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const column = sortColumns[sort.replace(/^-/, '')]!;
  const nulls = dir === 'desc' ? 'nulls last' : 'nulls first';
  return [sql`${column} ${sql.raw(dir)} ${sql.raw(nulls)}`, dir === 'desc' ? desc(applications.id) : asc(applications.id)];
}

export const summaryColumns = {
  id: applications.id,
  status: applications.status,
  statusChangedAt: applications.statusChangedAt,
  enabled: applications.enabled,
  knockedOut: applications.knockedOut,
  source: applications.source,
  seekerId: applications.seekerId,
  candidateName: applications.candidateName,
  candidateEmail: applications.candidateEmail,
  jobId: applications.jobId,
  jobTitle: applications.jobTitle,
  referenceNumber: jobs.referenceNumber,
  employerId: applications.employerId,
  employerName: employers.businessName,
  tags: applications.tags,
  createdAt: applications.createdAt,
};

/**
 * One page: its ids first, in the list's order through the sort's index (index-only: it also holds the account the
 * policy tests), then the page's rows and their joins. Reading and joining every row an offset skips, the last page
 * of a 300,000-application site sorted the whole site on disk (bench/README.md).
 */
export function listApplications(db: DbOrTx, where: SQL, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
  const page = db.select({ id: applications.id }).from(applications).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
  return db
    .select(summaryColumns)
    .from(applications)
    .innerJoin(page, eq(page.id, applications.id))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, applications.employerId))
    .orderBy(...order);
}

/**
 * The list without search or tags as a shape of prepared statements (platform/prepared.ts). Those two stay built per
 * request: their matches are id lists of any length, and how many rows a term matches varies too much for one plan.
 */
export const shapeOf = (s: SiteSlice, f: ApplicationFilters, sort: ApplicationSort): ListShape<ApplicationSort> =>
  listShape('applications', filterValues(s, f), sort, (v) => filterConditions(v));

export const listShaped = (db: DbOrTx, shape: ListShape<ApplicationSort>, limit: number, offset: number) =>
  pageShaped(db, shape, listApplications, orderOf, limit, offset);

export type SummaryRow = Awaited<ReturnType<typeof listApplications>>[number];

/** One batch of the export: the list's rows in its order after `after`, each with its keyset value. */
export function exportBatch(db: DbOrTx, where: SQL, sort: ApplicationSort, after: Keyset | null, limit: number) {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const column = sortColumns[sort.replace(/^-/, '')]!;
  return db
    .select({ ...summaryColumns, sortKey: keyOf(column) })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, applications.employerId))
    .where(and(where, afterKeyset(column, applications.id, dir, dir === 'desc', after)))
    .orderBy(...orderOf(sort))
    .limit(limit);
}

export { COUNT_CAP } from '../../platform/capped-count';

/** The list's total: exact up to {@link COUNT_CAP}, the planner's estimate beyond; big totals cached a few seconds. */
export function countApplications(db: DbOrTx, where: SQL, totals: TotalsCache): Promise<Total> {
  return cappedTotal(db, applications, where, totals, 'applications');
}

/** {@link countApplications} of a shaped list, its count a prepared statement too. */
export const countShaped = (db: DbOrTx, shape: Shape, totals: TotalsCache): Promise<Total> =>
  cappedTotalShaped(db, applications, shape, totals, 'applications');

/**
 * Applications per status under filters the counters cannot answer, bounded like the list's total: exact up to
 * {@link COUNT_CAP} matching applications, the planner's estimates beyond (platform/capped-count.ts).
 */
export function countByStatus(db: DbOrTx, where: SQL) {
  return cappedCounts(db, applications, where, applications.status, applicationStatuses);
}

/**
 * Applications per status of the whole slice, from the counters the database keeps (application_status_counts,
 * migration 0004): a few rows read instead of the site counted. An employer-confined slice adds up its employers'.
 */
export async function storedCounts(db: DbOrTx, s: SiteSlice) {
  const confined = s.employerIds !== null;
  const rows = await runShaped(
    db,
    `application_status_counts|${confined ? 'employer' : 'site'}`,
    () => {
      const scope = confined
        ? and(eq(applicationStatusCounts.scopeKind, 'employer'), sql`${applicationStatusCounts.scopeId} = any(${sql.placeholder('scopeIds')})`)
        : and(eq(applicationStatusCounts.scopeKind, 'site'), eq(applicationStatusCounts.scopeId, sql.placeholder('scopeId')));
      return db
        .select({ status: applicationStatusCounts.status, n: sql<number>`sum(${applicationStatusCounts.count})::int` })
        .from(applicationStatusCounts)
        .where(and(eq(applicationStatusCounts.accountId, sql.placeholder('accountId')), scope))
        .groupBy(applicationStatusCounts.status);
    },
    { accountId: s.accountId, ...(confined ? { scopeIds: s.employerIds } : { scopeId: s.siteId }) },
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
