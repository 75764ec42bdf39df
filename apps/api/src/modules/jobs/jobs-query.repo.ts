import { and, arrayContains, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, JobStatus } from '@hireline/contract/enums';
import type { jobSorts } from '@hireline/contract/job-model';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { consultants } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import type { SiteSlice } from '../../platform/site-slice';
import { inSlice } from './jobs.repo';

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
};

const DAY = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Title, reference and description through the full-text document (prefix words), title by substring, and the
 * employer's name by substring (its trigram index) — an employer subquery, so the count needs no join.
 */
function matches(db: DbOrTx, s: SiteSlice, term: SearchTerm): SQL {
  const employerNamed = inArray(
    jobs.employerId,
    db
      .select({ id: employers.id })
      .from(employers)
      .where(and(eq(employers.siteId, s.siteId), ilike(employers.businessName, term.pattern))),
  );
  return (
    or(
      term.tsquery ? sql`${jobs.search} @@ ${term.tsquery}` : undefined,
      term.substring ? ilike(jobs.title, term.pattern) : undefined,
      term.substring ? employerNamed : undefined,
    ) ?? sql`false`
  );
}

export function listWhere(db: DbOrTx, s: SiteSlice, f: JobFilters, term: SearchTerm | null): SQL {
  return and(
    inSlice(s),
    f.status?.length ? inArray(jobs.status, f.status) : undefined,
    f.employer_id ? eq(jobs.employerId, f.employer_id) : undefined,
    f.consultant_id ? eq(jobs.consultantId, f.consultant_id) : undefined,
    f.work_type ? eq(jobs.workType, f.work_type) : undefined,
    f.classification ? eq(jobs.classification, f.classification) : undefined,
    f.created_from ? gte(jobs.createdAt, dayStart(f.created_from)) : undefined,
    f.created_to ? lt(jobs.createdAt, new Date(dayStart(f.created_to).getTime() + DAY)) : undefined,
    f.tags?.length ? arrayContains(jobs.tags, f.tags) : undefined,
    f.flagged === true ? gt(jobs.openReports, 0) : f.flagged === false ? eq(jobs.openReports, 0) : undefined,
    term ? matches(db, s, term) : undefined,
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
 * The whitelisted sort, then the id so pages never overlap on ties. Jobs without the date sort last either way;
 * non-null columns get a plain direction so the (site_id[, status], created_at desc) indexes can give the order.
 */
export function orderOf(sort: JobSort): SQL[] {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const { column, nullable } = sortColumns[sort.replace(/^-/, '')]!;
  const by = (c: PgColumn) => (dir === 'desc' ? desc(c) : asc(c));
  return [nullable ? sql`${column} ${sql.raw(dir)} nulls last` : by(column), by(jobs.id)];
}

export async function listJobs(db: DbOrTx, where: SQL, order: SQL[], limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .leftJoin(consultants, eq(consultants.id, jobs.consultantId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export type SummaryRow = Awaited<ReturnType<typeof listJobs>>[number];

export async function countJobs(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ n: count() }).from(jobs).where(where);
  return row?.n ?? 0;
}

/** Applications per job of a page, in one grouped query (applications_job_status_created_idx). */
export async function applicationCounts(db: DbOrTx, jobIds: string[]): Promise<Map<string, number>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .select({ jobId: applications.jobId, n: count() })
    .from(applications)
    .where(inArray(applications.jobId, jobIds))
    .groupBy(applications.jobId);
  return new Map(rows.map((r) => [r.jobId, Number(r.n)]));
}

export async function applicationsByStatus(db: DbOrTx, jobId: string) {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(eq(applications.jobId, jobId))
    .groupBy(applications.status);
  return new Map(rows.map((r) => [r.status as ApplicationStatus, Number(r.n)]));
}
