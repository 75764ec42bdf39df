import { and, arrayContains, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, JobStatus } from '@hireline/contract/enums';
import type { jobSorts } from '@hireline/contract/job-model';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { consultants } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { cappedTotal, cappedTotalShaped } from '../../platform/capped-count';
import { afterKeyset, keyOf, type Keyset } from '../../platform/keyset';
import { among, listShape, pageShaped, type Bound, type ListShape, type Shape } from '../../platform/prepared';
import { idAmong, matchedIds, parseMatched, tagCondition, type Matched } from '../../platform/search-ids';
import type { SiteSlice } from '../../platform/site-slice';
import type { Total, TotalsCache } from '../../platform/totals-cache';
import { reach } from './job.policy';

/* The jobs list: filters, search, sort and page; served by the site's (site_id, status, created_at) indexes. */

export interface JobFilters {
  status?: JobStatus[];
  employer_id?: string;
  consultant_id?: string;
  work_type?: string;
  classification?: string;
  /** Calendar days (UTC), both inclusive. */
  created_from?: string;
  created_to?: string;
  /** Jobs carrying every one of these tags. */
  tags?: string[];
  flagged?: boolean;
  q?: string;
}

/** What to look for, prepared by the service from the user's text (platform/text-search.ts). */
export interface SearchTerm {
  tsquery: SQL | null;
  pattern: string;
  /** Substring matching only from three characters: pg_trgm has no trigram of a shorter text. */
  substring: boolean;
}

/**
 * A search term resolved to constants before the list query runs: the tsquery as text and the ids of the
 * employers whose name matches. Inside the list query, a tsquery computed in SQL cannot be estimated and an
 * `employer_id IN (subquery)` cannot be OR-ed with index scans, so PostgreSQL read the whole site for every search
 * (bench/README.md); as constants, each branch of the OR uses its own index.
 */
export interface PreparedSearch {
  tsquery: string | null;
  pattern: string;
  substring: boolean;
  employerIds: string[];
  /**
   * The site's jobs whose text or title matches, through hireline_search_jobs, which can use the GIN indexes under
   * row-level security (ADR 019); unless it lists ids, the conditions filter.
   */
  matched: Matched;
}

/** More employers than this match only for very short, common text; the title and full text still apply. */
const MAX_NAMED_EMPLOYERS = 200;

export async function prepareSearch(db: DbOrTx, s: SiteSlice, term: SearchTerm): Promise<PreparedSearch> {
  // One round trip: the tsquery's text, the ids of matching employers and those of the matching jobs.
  const named = term.substring
    ? sql`(select array_agg(id) from (select ${employers.id} as id from ${employers}
        where ${employers.siteId} = ${s.siteId} and ${employers.businessName} ilike ${term.pattern}
        limit ${MAX_NAMED_EMPLOYERS}) named)`
    : sql`null`;
  const result = await db.execute<{ q: string | null; ids: string[] | null; matched: string | null }>(
    sql`select q, ids, ${matchedIds('jobs', (n) => sql`hireline_search_jobs(${s.siteId}::uuid, q::tsquery, ${term.substring ? term.pattern : null}::text, ${n}::int)`)} as matched
      from (select ${term.tsquery ? sql`(${term.tsquery})::text` : sql`null`} as q, ${named} as ids) t`,
  );
  const row = result.rows[0];
  return {
    tsquery: row?.q || null,
    pattern: term.pattern,
    substring: term.substring,
    employerIds: row?.ids ?? [],
    matched: parseMatched(row?.matched),
  };
}

export type JobSort = (typeof jobSorts)[number];

export const summaryColumns = {
  id: jobs.id,
  title: jobs.title,
  referenceNumber: jobs.referenceNumber,
  status: jobs.status,
  openReports: jobs.openReports,
  featured: jobs.featured,
  employerId: jobs.employerId,
  employerName: employers.businessName,
  consultantId: jobs.consultantId,
  consultantName: consultants.name,
  workType: jobs.workType,
  classification: jobs.classification,
  location: jobs.location,
  tags: jobs.tags,
  advertStartAt: jobs.advertStartAt,
  advertEndAt: jobs.advertEndAt,
  postedAt: jobs.postedAt,
  createdAt: jobs.createdAt,
  // Counted with the row (applications_job_created_idx, index only) rather than in a second round trip.
  applicationsCount: sql<number>`(select count(*)::int from ${applications} where ${applications.jobId} = ${jobs.id})`,
};

const DAY = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Title, reference and description through the full-text document (prefix words), title by substring, and the
 * jobs of employers whose name matches. */
function matches(p: PreparedSearch): SQL {
  return (
    or(
      ...(p.matched.kind === 'ids'
        ? [idAmong(jobs.id, p.matched.ids)]
        : [p.tsquery ? sql`${jobs.search} @@ ${p.tsquery}::tsquery` : undefined, p.substring ? ilike(jobs.title, p.pattern) : undefined]),
      p.employerIds.length ? inArray(jobs.employerId, p.employerIds) : undefined,
    ) ?? sql`false`
  );
}

/** A list's filter values; undefined = absent. Which are present (and the flag filter) is a prepared page's shape. */
export type FilterValues = {
  siteId: string;
  employerIds?: string[];
  status?: JobStatus[];
  employerId?: string;
  consultantId?: string;
  workType?: string;
  classification?: string;
  createdFrom?: Date;
  createdTo?: Date;
};

export function filterValues(s: SiteSlice, f: JobFilters): FilterValues {
  return {
    siteId: s.siteId,
    employerIds: s.employerIds ?? undefined,
    status: f.status?.length ? f.status : undefined,
    employerId: f.employer_id || undefined,
    consultantId: f.consultant_id || undefined,
    workType: f.work_type || undefined,
    classification: f.classification || undefined,
    createdFrom: f.created_from ? dayStart(f.created_from) : undefined,
    createdTo: f.created_to ? new Date(dayStart(f.created_to).getTime() + DAY) : undefined,
  };
}

/** The filters' conditions, on their values or (prepared) on placeholders of the same names. */
export function filterConditions(v: Bound<FilterValues>, flagged: boolean | undefined) {
  return [
    reach({ siteId: v.siteId, employerIds: v.employerIds ?? null }),
    v.status !== undefined ? among(jobs.status, v.status) : undefined,
    v.employerId !== undefined ? eq(jobs.employerId, v.employerId) : undefined,
    v.consultantId !== undefined ? eq(jobs.consultantId, v.consultantId) : undefined,
    v.workType !== undefined ? eq(jobs.workType, v.workType) : undefined,
    v.classification !== undefined ? eq(jobs.classification, v.classification) : undefined,
    v.createdFrom !== undefined ? gte(jobs.createdAt, v.createdFrom) : undefined,
    v.createdTo !== undefined ? lt(jobs.createdAt, v.createdTo) : undefined,
    flagged === true ? gt(jobs.openReports, 0) : flagged === false ? eq(jobs.openReports, 0) : undefined,
  ];
}

/** `tagged`: the tag filter's match (platform/search-ids.ts prepareTags). */
export function listWhere(s: SiteSlice, f: JobFilters, search: PreparedSearch | null, tagged?: Matched): SQL {
  return and(
    ...filterConditions(filterValues(s, f), f.flagged),
    tagCondition(jobs.id, tagged, f.tags?.length ? arrayContains(jobs.tags, f.tags) : undefined),
    search ? matches(search) : undefined,
  )!;
}

const sortColumns: Record<string, { column: PgColumn; nullable: boolean }> = {
  created_at: { column: jobs.createdAt, nullable: false },
  title: { column: jobs.title, nullable: false },
  advert_end_at: { column: jobs.advertEndAt, nullable: true },
  posted_at: { column: jobs.postedAt, nullable: true },
  status: { column: jobs.status, nullable: false },
};

/**
 * The whitelisted sort, then the id so pages never overlap on ties. Jobs without the date sort last either way.
 * Non-null columns spell out the null order of the (site_id[, status], created_at DESC NULLS LAST) indexes
 * (`desc nulls last`, or `asc nulls first` read backwards): a plain `desc` means NULLS FIRST in PostgreSQL, which no
 * index matches, and sorted the whole site for every page (bench/README.md).
 */
export function orderOf(sort: JobSort): SQL[] {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const { column, nullable } = sortColumns[sort.replace(/^-/, '')]!;
  const nulls = nullable || dir === 'desc' ? 'nulls last' : 'nulls first';
  return [sql`${column} ${sql.raw(dir)} ${sql.raw(nulls)}`, dir === 'desc' ? desc(jobs.id) : asc(jobs.id)];
}

/**
 * One page: its ids first, in the list's order through the sort's index (index-only: it also holds the account the
 * policy tests), then the page's rows with their names and application counts. Joined and counted for every row
 * an offset skips, page 4,000 of a 100,000-job site took half a second (bench/README.md).
 */
export function listJobs(db: DbOrTx, where: SQL, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
  const page = db.select({ id: jobs.id }).from(jobs).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
  return db
    .select(summaryColumns)
    .from(jobs)
    .innerJoin(page, eq(page.id, jobs.id))
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .leftJoin(consultants, eq(consultants.id, jobs.consultantId))
    .orderBy(...order);
}

/**
 * The list without search or tags as a shape of prepared statements (platform/prepared.ts). Those two stay built per
 * request: their matches are id lists of any length, and how many rows a term matches varies too much for one plan.
 */
export const shapeOf = (s: SiteSlice, f: JobFilters, sort: JobSort): ListShape<JobSort> =>
  listShape('jobs', filterValues(s, f), sort, (v) => filterConditions(v, f.flagged), f.flagged);

export const listShaped = (db: DbOrTx, shape: ListShape<JobSort>, limit: number, offset: number) =>
  pageShaped(db, shape, listJobs, orderOf, limit, offset);

export type SummaryRow = Awaited<ReturnType<typeof listJobs>>[number];

/** One batch of the export: the list's rows in its order after `after`, each with its keyset value. */
export function exportBatch(db: DbOrTx, where: SQL, sort: JobSort, after: Keyset | null, limit: number) {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const { column, nullable } = sortColumns[sort.replace(/^-/, '')]!;
  return db
    .select({ ...summaryColumns, sortKey: keyOf(column) })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .leftJoin(consultants, eq(consultants.id, jobs.consultantId))
    .where(and(where, afterKeyset(column, jobs.id, dir, nullable || dir === 'desc', after)))
    .orderBy(...orderOf(sort))
    .limit(limit);
}

export { COUNT_CAP } from '../../platform/capped-count';

/**
 * The list's total. Counting a 100,000-job site on every page cost more than the page itself (bench/README.md), and
 * nobody pages through ten thousand jobs: exact up to {@link COUNT_CAP}, beyond it the planner's row estimate. Totals
 * above a thousand are kept a few seconds per query (platform/totals-cache.ts).
 */
export function countJobs(db: DbOrTx, where: SQL, totals: TotalsCache): Promise<Total> {
  return cappedTotal(db, jobs, where, totals, 'jobs');
}

/** {@link countJobs} of a shaped list, its count a prepared statement too. */
export const countShaped = (db: DbOrTx, shape: Shape, totals: TotalsCache): Promise<Total> => cappedTotalShaped(db, jobs, shape, totals, 'jobs');

export async function applicationsByStatus(db: DbOrTx, jobId: string) {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(eq(applications.jobId, jobId))
    .groupBy(applications.status);
  return new Map(rows.map((r) => [r.status as ApplicationStatus, Number(r.n)]));
}
