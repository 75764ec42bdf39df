import { and, count, eq, gt, gte, inArray, sql, sum } from 'drizzle-orm';
import type { JobStatus } from '@hireline/contract/enums';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { applicationDailyCounts, applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs, jobStatusCounts } from '../../db/schema/jobs';
import { newestFirst } from '../../platform/order';
import { among, placeholders, runShaped, shapeKey, type Bound, type Preparable, type Values } from '../../platform/prepared';
import { inEmployers as employerFilter, type SiteSlice } from '../../platform/site-slice';

/*
 * The dashboard's five statements, each prepared once per kind of slice (the whole site, or confined to employers:
 * platform/prepared.ts); the slice's ids, the day and the limit are values.
 */

/** The slice's values; the employers only when the caller is confined to them (that changes the statements). */
const sliceValues = (s: SiteSlice) => ({ accountId: s.accountId, siteId: s.siteId, employerIds: s.employerIds ?? undefined });
type Slice = Bound<ReturnType<typeof sliceValues>>;

/** A counter table's rows for the slice: the site's own, or the selected employers' (summed by the caller). */
function counterScope(counter: typeof jobStatusCounts | typeof applicationDailyCounts, p: Slice) {
  return p.employerIds
    ? and(eq(counter.scopeKind, 'employer'), among(counter.scopeId, p.employerIds))
    : and(eq(counter.scopeKind, 'site'), eq(counter.scopeId, p.siteId));
}

/** The slice's rows of a table with a site and an employer column. */
const bySite = (site: PgColumn, employer: PgColumn, p: Slice) => and(eq(site, p.siteId), employerFilter(employer, p.employerIds ?? null));

/** Runs `build`'s statement for the slice (and `extra` values) as one prepared per kind of slice. */
function sliced<R, E extends Values>(db: DbOrTx, label: string, s: SiteSlice, extra: E, build: (p: Slice, e: Bound<E>) => Preparable<R>) {
  const values = { ...sliceValues(s), ...extra };
  return runShaped(db, shapeKey(`dashboard|${label}`, values), () => build(placeholders(sliceValues(s)), placeholders(extra)), values);
}

/**
 * Jobs per status of the slice, from the counters the database keeps (job_status_counts, migration 0013): the site's
 * handful of rows, or the selected employers' rows summed, instead of every job of the site.
 */
export async function jobCountsByStatus(db: DbOrTx, s: SiteSlice) {
  return sliced(db, 'jobs', s, {}, (p) =>
    db
      .select({ status: jobStatusCounts.status, count: sql<number>`sum(${jobStatusCounts.count})::int` })
      .from(jobStatusCounts)
      .where(and(eq(jobStatusCounts.accountId, p.accountId), counterScope(jobStatusCounts, p)))
      .groupBy(jobStatusCounts.status),
  ) as Promise<Array<{ status: JobStatus; count: number }>>;
}

/** Served by the partial flagged-jobs index. */
export async function flaggedJobCount(db: DbOrTx, s: SiteSlice) {
  const [row] = await sliced(db, 'flagged', s, {}, (p) =>
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.siteId, p.siteId), gt(jobs.openReports, 0), inArray(jobs.status, ['live', 'unlisted']), employerFilter(jobs.employerId, p.employerIds ?? null))),
  );
  return row?.n ?? 0;
}

/**
 * Applications per UTC day since `from`, from the counters the database keeps (application_daily_counts, migration
 * 0014): at most 30 rows for the site, or the selected employers' rows summed per day.
 */
export async function applicationsPerDay(db: DbOrTx, s: SiteSlice, from: Date) {
  const c = applicationDailyCounts;
  return sliced(db, 'per-day', s, { from: from.toISOString().slice(0, 10) }, (p, e) =>
    db
      .select({ date: sql<string>`${c.day}::text`, count: sql<number>`sum(${c.count})::int` })
      .from(c)
      .where(and(eq(c.accountId, p.accountId), counterScope(c, p), gte(c.day, e.from)))
      .groupBy(c.day),
  );
}

export async function latestApplications(db: DbOrTx, s: SiteSlice, limit: number) {
  return sliced(db, 'latest', s, { limit }, (p, e) =>
    db
      .select({
        id: applications.id,
        candidate_name: applications.candidateName,
        job_title: applications.jobTitle,
        status: applications.status,
        created_at: applications.createdAt,
      })
      .from(applications)
      .where(bySite(applications.siteId, applications.employerId, p))
      .orderBy(...newestFirst(applications.createdAt))
      .limit(e.limit),
  );
}

export async function creditsBalance(db: DbOrTx, s: SiteSlice) {
  const [row] = await sliced(db, 'credits', s, {}, (p) =>
    db
      .select({ total: sum(employers.creditBalance).mapWith(Number) })
      .from(employers)
      .where(bySite(employers.siteId, employers.id, p)),
  );
  return row?.total ?? 0;
}
