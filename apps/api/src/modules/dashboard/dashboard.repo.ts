import { and, count, eq, gt, gte, inArray, sql, sum } from 'drizzle-orm';
import type { JobStatus } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { applicationDailyCounts, applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs, jobStatusCounts } from '../../db/schema/jobs';
import { newestFirst } from '../../platform/order';
import { inEmployers as employerFilter, type SiteSlice } from '../../platform/site-slice';

/** A counter table's rows for the slice: the site's own, or the selected employers' (summed by the caller). */
function counterScope(counter: typeof jobStatusCounts | typeof applicationDailyCounts, s: SiteSlice) {
  return s.employerIds
    ? and(eq(counter.scopeKind, 'employer'), inArray(counter.scopeId, s.employerIds))
    : and(eq(counter.scopeKind, 'site'), eq(counter.scopeId, s.siteId));
}

/**
 * Jobs per status of the slice, from the counters the database keeps (job_status_counts, migration 0013): the site's
 * handful of rows, or the selected employers' rows summed, instead of every job of the site.
 */
export async function jobCountsByStatus(db: DbOrTx, s: SiteSlice) {
  const scope = counterScope(jobStatusCounts, s);
  return db
    .select({ status: jobStatusCounts.status, count: sql<number>`sum(${jobStatusCounts.count})::int` })
    .from(jobStatusCounts)
    .where(and(eq(jobStatusCounts.accountId, s.accountId), scope))
    .groupBy(jobStatusCounts.status) as Promise<Array<{ status: JobStatus; count: number }>>;
}

/** Served by the partial flagged-jobs index. */
export async function flaggedJobCount(db: DbOrTx, s: SiteSlice) {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.siteId, s.siteId),
        gt(jobs.openReports, 0),
        inArray(jobs.status, ['live', 'unlisted']),
        employerFilter(jobs.employerId, s.employerIds),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Applications per UTC day since `from`, from the counters the database keeps (application_daily_counts, migration
 * 0014): at most 30 rows for the site, or the selected employers' rows summed per day.
 */
export async function applicationsPerDay(db: DbOrTx, s: SiteSlice, from: Date) {
  const c = applicationDailyCounts;
  const scope = counterScope(c, s);
  return db
    .select({ date: sql<string>`${c.day}::text`, count: sql<number>`sum(${c.count})::int` })
    .from(c)
    .where(and(eq(c.accountId, s.accountId), scope, gte(c.day, from.toISOString().slice(0, 10))))
    .groupBy(c.day);
}

export async function latestApplications(db: DbOrTx, s: SiteSlice, limit: number) {
  return db
    .select({
      id: applications.id,
      candidate_name: applications.candidateName,
      job_title: applications.jobTitle,
      status: applications.status,
      created_at: applications.createdAt,
    })
    .from(applications)
    .where(and(eq(applications.siteId, s.siteId), employerFilter(applications.employerId, s.employerIds)))
    .orderBy(...newestFirst(applications.createdAt))
    .limit(limit);
}

export async function creditsBalance(db: DbOrTx, s: SiteSlice) {
  const [row] = await db
    .select({ total: sum(employers.creditBalance).mapWith(Number) })
    .from(employers)
    .where(and(eq(employers.siteId, s.siteId), employerFilter(employers.id, s.employerIds)));
  return row?.total ?? 0;
}
