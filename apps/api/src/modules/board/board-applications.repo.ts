import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobFeedbacks, jobs, screeningQuestions } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { seekers } from '../../db/schema/seekers';
import { accounts, sites } from '../../db/schema/tenancy';
import { onBoard } from './board-jobs.repo';
import { questionColumns, questionRows } from './board-jobs.repo';
import { newestFirst } from '../../platform/order';

/* A candidate's applications on one board, and what applying reads: every query is bound to the board's site. */

/** The board's forms (sites.settings) and the slugs of the portal links its notices carry. */
export async function siteDetailsOf(db: DbOrTx, siteId: string) {
  const [row] = await db
    .select({ settings: sites.settings, siteSlug: sites.slug, accountSlug: accounts.slug })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(eq(sites.id, siteId))
    .limit(1);
  return row!;
}
export type SiteDetails = Awaited<ReturnType<typeof siteDetailsOf>>;

/** A live advert of the board with what an application copies from it; null for anything else. */
export async function findLiveJob(db: DbOrTx, siteId: string, now: Date, jobId: string) {
  const [row] = await db
    .select({
      id: jobs.id,
      accountId: jobs.accountId,
      siteId: jobs.siteId,
      employerId: jobs.employerId,
      consultantId: jobs.consultantId,
      title: jobs.title,
      applyType: jobs.applyType,
      employerName: employers.businessName,
    })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(and(eq(jobs.id, jobId), onBoard(siteId, now)))
    .limit(1);
  return row ?? null;
}
export type LiveJob = NonNullable<Awaited<ReturnType<typeof findLiveJob>>>;

/** The job's questions with their knock-out answers, which only the server ever reads. */
export const questionsWithKnockouts = (db: DbOrTx, accountId: string, jobId: string) =>
  questionRows(db, accountId, jobId, { ...questionColumns, knockoutAnswers: screeningQuestions.knockoutAnswers });

/**
 * The applicant, locked for the rest of the transaction: one candidate's applications (and job ratings) are then
 * written one at a time, so a double click meets the first one's row instead of racing it.
 */
export async function lockSeeker(tx: DbOrTx, seekerId: string, accountId: string) {
  const [row] = await tx
    .select({ id: seekers.id, name: seekers.name, email: seekers.email, emailVerifiedAt: seekers.emailVerifiedAt, resumeFileId: seekers.resumeFileId })
    .from(seekers)
    .where(and(eq(seekers.id, seekerId), eq(seekers.accountId, accountId)))
    .for('update');
  return row ?? null;
}

export async function touchSeeker(tx: DbOrTx, seekerId: string, now: Date) {
  // Activity, not an edit of the profile: updated_at stays as it was.
  await tx.update(seekers).set({ lastActiveAt: now, updatedAt: sql`${seekers.updatedAt}` }).where(eq(seekers.id, seekerId));
}

/** The resume the candidate just sent becomes their profile's, offered for the next application. */
export async function keepResume(tx: DbOrTx, seekerId: string, fileId: string, now: Date) {
  await tx.update(seekers).set({ resumeFileId: fileId, updatedAt: now }).where(eq(seekers.id, seekerId));
}

/** Whether this is a resume the candidate uploaded themselves. */
export async function ownResume(db: DbOrTx, accountId: string, seekerId: string, fileId: string) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.accountId, accountId), eq(files.ownerSeekerId, seekerId), eq(files.purpose, 'resume')))
    .limit(1);
  return row !== undefined;
}

export async function hasApplied(db: DbOrTx, jobId: string, seekerId: string) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.seekerId, seekerId)))
    .limit(1);
  return row !== undefined;
}

export async function insertApplication(tx: DbOrTx, values: typeof applications.$inferInsert) {
  const [row] = await tx.insert(applications).values(values).returning({ id: applications.id, createdAt: applications.createdAt });
  return row!;
}

/** Stamped when written, as staff changes are (applications.repo.ts), so a withdrawal racing one is listed in order. */
export async function insertHistory(tx: DbOrTx, rows: (typeof applicationStatusHistory.$inferInsert)[]) {
  await tx.insert(applicationStatusHistory).values(rows.map((r) => ({ ...r, createdAt: sql`statement_timestamp()` })));
}

/** What the candidate's list shows; `live` says whether the advert is on this board right now. */
const mineColumns = (siteId: string, now: Date) => ({
  id: applications.id,
  jobId: applications.jobId,
  jobTitle: applications.jobTitle,
  employerName: employers.businessName,
  live: sql<boolean>`coalesce((${onBoard(siteId, now)}), false)`,
  status: applications.status,
  createdAt: applications.createdAt,
  withdrawnAt: applications.withdrawnAt,
  feedbackRating: applicationFeedbacks.rating,
  employerRecommended: applicationFeedbacks.employerRecommended,
  additionalFeedback: applicationFeedbacks.additionalFeedback,
  // One row per candidate and job is kept by putJobFeedback; older data may hold more, so the newest wins.
  jobRating: sql<number | null>`(select ${jobFeedbacks.rating} from ${jobFeedbacks}
    where ${jobFeedbacks.jobId} = ${applications.jobId} and ${jobFeedbacks.seekerId} = ${applications.seekerId}
    order by ${jobFeedbacks.createdAt} desc limit 1)`,
});
export type MineRow = Awaited<ReturnType<typeof listMine>>[number];

/** The candidate's applications on this site; for one job only when `jobId` is given. */
const mine = (s: { siteId: string; accountId: string }, seekerId: string, jobId?: string) =>
  and(
    eq(applications.siteId, s.siteId),
    eq(applications.accountId, s.accountId),
    eq(applications.seekerId, seekerId),
    jobId ? eq(applications.jobId, jobId) : undefined,
  )!;

/** The candidate's applications on this site, newest first, with their feedback and job rating in the same query. */
export async function listMine(
  db: DbOrTx,
  s: { siteId: string; accountId: string },
  seekerId: string,
  now: Date,
  page: { limit: number; offset: number; jobId?: string },
) {
  return db
    .select(mineColumns(s.siteId, now))
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .leftJoin(applicationFeedbacks, eq(applicationFeedbacks.applicationId, applications.id))
    .where(mine(s, seekerId, page.jobId))
    .orderBy(...newestFirst(applications.createdAt, applications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMine(db: DbOrTx, s: { siteId: string; accountId: string }, seekerId: string, jobId?: string) {
  const [row] = await db.select({ n: count() }).from(applications).where(mine(s, seekerId, jobId));
  return row?.n ?? 0;
}

export async function findMine(db: DbOrTx, s: { siteId: string; accountId: string }, seekerId: string, id: string, now: Date) {
  const [row] = await db
    .select(mineColumns(s.siteId, now))
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .leftJoin(applicationFeedbacks, eq(applicationFeedbacks.applicationId, applications.id))
    .where(and(eq(applications.id, id), mine(s, seekerId)))
    .limit(1);
  return row ?? null;
}

/** The candidate's own application on this site, locked against a staff status change running at the same time. */
export async function lockMine(tx: DbOrTx, s: { siteId: string; accountId: string }, seekerId: string, id: string) {
  const [row] = await tx
    .select({ id: applications.id, accountId: applications.accountId, status: applications.status, jobId: applications.jobId })
    .from(applications)
    .where(and(eq(applications.id, id), mine(s, seekerId)))
    .for('update');
  return row ?? null;
}

export async function markWithdrawn(tx: DbOrTx, id: string, now: Date) {
  await tx.update(applications).set({ status: 'withdrawn', withdrawnAt: now, statusChangedAt: now }).where(eq(applications.id, id));
}

/** The candidate's feedback on the process: one row per application, changed by sending it again. */
export async function upsertApplicationFeedback(
  tx: DbOrTx,
  f: { accountId: string; applicationId: string; rating: number; employerRecommended: boolean; additionalFeedback: string | null },
) {
  const set = { rating: f.rating, employerRecommended: f.employerRecommended, additionalFeedback: f.additionalFeedback };
  await tx
    .insert(applicationFeedbacks)
    .values({ ...f, createdByUserId: null })
    .onConflictDoUpdate({ target: applicationFeedbacks.applicationId, set: { ...set, updatedAt: new Date() } });
}
