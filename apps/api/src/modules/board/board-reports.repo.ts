import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { flaggedJobReports, jobFeedbacks, jobs } from '../../db/schema/jobs';
import { onBoard } from './board-jobs.repo';
import { newestFirst } from '../../platform/order';

/* What the public says about a board's adverts: candidates' ratings (job_feedbacks) and reports (flagged_job_reports). */

/**
 * A job a candidate may rate on this board: an advert live here now, or one they applied to on this site (an
 * advert that has since closed can still be rated by those who went through it). Null otherwise.
 */
export async function rateableJob(db: DbOrTx, s: { siteId: string; accountId: string }, seekerId: string, jobId: string, now: Date) {
  const applied = sql`exists (select 1 from ${applications} where ${applications.jobId} = ${jobs.id}
    and ${applications.seekerId} = ${seekerId} and ${applications.siteId} = ${s.siteId})`;
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(and(eq(jobs.id, jobId), eq(jobs.siteId, s.siteId), eq(jobs.accountId, s.accountId), or(onBoard(s.siteId, now), applied)))
    .limit(1);
  return row ?? null;
}

/** The candidate's rating of a job, if any (the newest, should older data hold several). */
export async function findJobFeedback(db: DbOrTx, jobId: string, seekerId: string) {
  const [row] = await db
    .select({ id: jobFeedbacks.id })
    .from(jobFeedbacks)
    .where(and(eq(jobFeedbacks.jobId, jobId), eq(jobFeedbacks.seekerId, seekerId)))
    .orderBy(...newestFirst(jobFeedbacks.createdAt, jobFeedbacks.id))
    .limit(1);
  return row ?? null;
}

export async function updateJobFeedback(tx: DbOrTx, id: string, f: { rating: number; employerRecommended: boolean | null; comment: string | null }) {
  await tx.update(jobFeedbacks).set(f).where(eq(jobFeedbacks.id, id));
}

export async function insertJobFeedback(tx: DbOrTx, f: typeof jobFeedbacks.$inferInsert) {
  await tx.insert(jobFeedbacks).values(f);
}

/**
 * Counts one more open report on the job (its flagged marker) and answers its title. The UPDATE takes the job's
 * row lock, which the portal's dismiss and take-down hold while they close reports, so the count stays in step.
 */
export async function countReport(tx: DbOrTx, jobId: string) {
  const [row] = await tx
    .update(jobs)
    // Not an edit of the advert: updated_at (the sitemap's lastmod) stays as it was.
    .set({ openReports: sql`${jobs.openReports} + 1`, updatedAt: sql`${jobs.updatedAt}` })
    .where(eq(jobs.id, jobId))
    .returning({ title: jobs.title });
  return row!;
}

export async function insertReport(tx: DbOrTx, r: typeof flaggedJobReports.$inferInsert) {
  const [row] = await tx.insert(flaggedJobReports).values(r).returning({ id: flaggedJobReports.id });
  return row!;
}
