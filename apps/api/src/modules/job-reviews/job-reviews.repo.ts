import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FlagReportStatus, JobStatus } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { flaggedJobReports, jobFeedbacks, jobs, jobStatusHistory } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { newestFirst } from '../../platform/order';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';

/** The jobs a slice may read: its account and site, and its employers when the caller is confined to some. */
const inSlice = (s: SiteSlice): SQL =>
  and(eq(jobs.accountId, s.accountId), eq(jobs.siteId, s.siteId), inEmployers(jobs.employerId, s.employerIds))!;

const jobColumns = {
  id: jobs.id,
  title: jobs.title,
  reference_number: jobs.referenceNumber,
  status: jobs.status,
  employer_id: employers.id,
  employer_name: employers.businessName,
};

interface JobRow {
  id: string;
  title: string;
  reference_number: string | null;
  status: JobStatus;
  employer_id: string;
  employer_name: string;
}

/** The contract's job reference from the flat columns above. */
const jobRef = ({ employer_id, employer_name, ...job }: JobRow) => ({
  ...job,
  employer: { id: employer_id, name: employer_name },
});

/** A job of the slice as the contract's job reference, or null when it is not there (or not the caller's). */
export async function findJob(db: DbOrTx, s: SiteSlice, jobId: string) {
  const [row] = await db
    .select(jobColumns)
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(and(eq(jobs.id, jobId), inSlice(s)))
    .limit(1);
  return row ? jobRef(row) : null;
}

/**
 * The newest open report of the outer query's job: one index probe per listed job
 * (flagged_job_reports_job_status_idx), in the same statement, so the list needs no query per row.
 */
const latestOpenReport = (db: DbOrTx) =>
  db
    .select({ at: flaggedJobReports.createdAt, reason: flaggedJobReports.reason })
    .from(flaggedJobReports)
    .where(and(eq(flaggedJobReports.jobId, jobs.id), eq(flaggedJobReports.status, 'open')))
    .orderBy(...newestFirst(flaggedJobReports.createdAt, flaggedJobReports.id))
    .limit(1)
    .as('latest_report');

/**
 * Flagged jobs of the slice (the partial jobs_site_flagged_idx), newest report first. `pattern` is an escaped
 * `%…%` LIKE pattern matched against title and reference number.
 */
export async function listFlaggedJobs(db: DbOrTx, s: SiteSlice, pattern: string | null, page: number, perPage: number) {
  const latest = latestOpenReport(db);
  const where = and(
    inSlice(s),
    // A literal, so the planner can always match the partial jobs_site_flagged_idx (`where open_reports > 0`).
    sql`${jobs.openReports} > 0`,
    pattern === null ? undefined : or(ilike(jobs.title, pattern), ilike(jobs.referenceNumber, pattern)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...jobColumns, open_reports: jobs.openReports, latest_report_at: latest.at, latest_reason: latest.reason })
      .from(jobs)
      .innerJoin(employers, eq(employers.id, jobs.employerId))
      .innerJoinLateral(latest, sql`true`)
      .where(where)
      .orderBy(desc(latest.at), desc(jobs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    // The same join, so a job whose cached count ran ahead of its reports is neither listed nor counted.
    db.select({ n: count() }).from(jobs).innerJoinLateral(latest, sql`true`).where(where),
  ]);
  return {
    rows: rows.map(({ open_reports, latest_report_at, latest_reason, ...job }) => ({
      job: jobRef(job),
      open_reports,
      latest_report_at,
      latest_reason,
    })),
    total: total?.n ?? 0,
  };
}

/** Every report of a job, open ones first, then newest first. */
export async function reportsOf(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select({
      id: flaggedJobReports.id,
      date: flaggedJobReports.createdAt,
      reason: flaggedJobReports.reason,
      additional_comments: flaggedJobReports.additionalComments,
      reporter_email: flaggedJobReports.reporterEmail,
      status: flaggedJobReports.status,
      resolved_at: flaggedJobReports.resolvedAt,
    })
    .from(flaggedJobReports)
    .where(and(eq(flaggedJobReports.accountId, accountId), eq(flaggedJobReports.jobId, jobId)))
    .orderBy(sql`(${flaggedJobReports.status} = 'open') desc`, ...newestFirst(flaggedJobReports.createdAt, flaggedJobReports.id));
}

/**
 * Locks a job of the slice for the rest of the transaction, so resolving its reports cannot interleave with
 * another resolution or a new report's count update; null when the caller cannot see it.
 */
export async function lockJob(tx: DbOrTx, s: SiteSlice, jobId: string) {
  const [row] = await tx
    .select({ id: jobs.id, accountId: jobs.accountId, status: jobs.status, openReports: jobs.openReports })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), inSlice(s)))
    .for('update');
  return row ?? null;
}

/** Closes a job's open reports as `status`; returns how many were open. */
export async function resolveOpenReports(
  tx: DbOrTx,
  jobId: string,
  status: Exclude<FlagReportStatus, 'open'>,
  userId: string,
) {
  const rows = await tx
    .update(flaggedJobReports)
    .set({ status, resolvedAt: sql`now()`, resolvedByUserId: userId })
    .where(and(eq(flaggedJobReports.jobId, jobId), eq(flaggedJobReports.status, 'open')))
    .returning({ id: flaggedJobReports.id });
  return rows.length;
}

/** The job is no longer flagged: every open report of it was just resolved under the job's row lock. */
export async function clearOpenReports(tx: DbOrTx, jobId: string) {
  await tx.update(jobs).set({ openReports: 0 }).where(eq(jobs.id, jobId));
}

/** A live job taken off the board, its flag cleared in the same statement. */
export async function unlistJob(tx: DbOrTx, jobId: string) {
  await tx.update(jobs).set({ status: 'unlisted', unlistedAt: sql`now()`, openReports: 0 }).where(eq(jobs.id, jobId));
}

export async function recordStatusChange(
  tx: DbOrTx,
  e: { accountId: string; jobId: string; from: JobStatus; to: JobStatus; actorUserId: string; reason: string },
) {
  await tx.insert(jobStatusHistory).values({
    accountId: e.accountId,
    jobId: e.jobId,
    fromStatus: e.from,
    toStatus: e.to,
    actorUserId: e.actorUserId,
    reason: e.reason,
  });
}

/** A job's feedback newest first (job_feedbacks_job_created_idx); an erased seeker's name is gone. */
export async function listFeedbacks(db: DbOrTx, accountId: string, jobId: string, page: number, perPage: number) {
  const where = and(eq(jobFeedbacks.accountId, accountId), eq(jobFeedbacks.jobId, jobId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: jobFeedbacks.id,
        rating: jobFeedbacks.rating,
        employer_recommended: jobFeedbacks.employerRecommended,
        comment: jobFeedbacks.comment,
        seeker_name: sql<string | null>`case when ${seekers.erasedAt} is null then ${seekers.name} end`,
        created_at: jobFeedbacks.createdAt,
      })
      .from(jobFeedbacks)
      .leftJoin(seekers, eq(seekers.id, jobFeedbacks.seekerId))
      .where(where)
      .orderBy(...newestFirst(jobFeedbacks.createdAt, jobFeedbacks.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(jobFeedbacks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The average rating rounded to one decimal in numeric (so 3.75 is 3.8), null without feedback. */
export async function averageRating(db: DbOrTx, accountId: string, jobId: string) {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${jobFeedbacks.rating})::numeric, 1)`,
      count: count(),
    })
    .from(jobFeedbacks)
    .where(and(eq(jobFeedbacks.accountId, accountId), eq(jobFeedbacks.jobId, jobId)));
  return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
}
