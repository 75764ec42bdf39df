import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobFeedbacks, flaggedJobReports, jobs } from '../../db/schema/jobs';
import { emailOutbox, files } from '../../db/schema/platform';
import { sites } from '../../db/schema/tenancy';

/*
 * A seeker's applications, read and anonymised from the seeker's side. The applications module owns applications;
 * these are the few queries the seeker pages and privacy requests need, by seeker id (applications_seeker_created_idx).
 */

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
  // The job's current title: the copy on the application is for the applications list's search.
  jobTitle: jobs.title,
  referenceNumber: jobs.referenceNumber,
  employerId: applications.employerId,
  employerName: employers.businessName,
  tags: applications.tags,
  createdAt: applications.createdAt,
};

const onSite = (seekerId: string, siteId: string) => and(eq(applications.seekerId, seekerId), eq(applications.siteId, siteId));

/** Newest first, then the id so pages never overlap on ties. */
export async function listOnSite(db: DbOrTx, seekerId: string, siteId: string, limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, applications.employerId))
    .where(onSite(seekerId, siteId))
    .orderBy(sql`${applications.createdAt} desc nulls last`, desc(applications.id))
    .limit(limit)
    .offset(offset);
}

export type SummaryRow = Awaited<ReturnType<typeof listOnSite>>[number];

/** On one site, or on every site of the account when `siteId` is null. One seeker's applications are few: exact. */
export async function countApplications(db: DbOrTx, seekerId: string, siteId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(siteId ? onSite(seekerId, siteId) : eq(applications.seekerId, seekerId));
  return Number(row?.n ?? 0);
}

/** Every application of the seeker on any site, newest first, with what the export shows of it. */
export async function applicationsForExport(db: DbOrTx, seekerId: string) {
  return db
    .select({
      application: applications,
      siteName: sites.name,
      jobTitle: jobs.title,
      referenceNumber: jobs.referenceNumber,
      employerName: employers.businessName,
      resume: files,
    })
    .from(applications)
    .innerJoin(sites, eq(sites.id, applications.siteId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, applications.employerId))
    .leftJoin(files, and(eq(files.id, applications.resumeFileId), eq(files.accountId, applications.accountId)))
    .where(eq(applications.seekerId, seekerId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

/** The status history of these applications, oldest first (application_status_history_application_idx). */
export async function historyOf(db: DbOrTx, applicationIds: string[]) {
  if (!applicationIds.length) return [];
  return db
    .select()
    .from(applicationStatusHistory)
    .where(inArray(applicationStatusHistory.applicationId, applicationIds))
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
}

export async function feedbackOf(db: DbOrTx, applicationIds: string[]) {
  if (!applicationIds.length) return [];
  return db.select().from(applicationFeedbacks).where(inArray(applicationFeedbacks.applicationId, applicationIds));
}

/**
 * Everything the seeker wrote or sent with their applications, removed; the applications themselves stay
 * (status, dates, job) so the site's counts and pipelines still add up.
 */
export async function anonymiseApplications(db: DbOrTx, seekerId: string, candidate: { name: string; email: string }) {
  await db
    .update(applications)
    .set({ candidateName: candidate.name, candidateEmail: candidate.email, answers: [], coverLetter: null, resumeFileId: null })
    .where(eq(applications.seekerId, seekerId));
  await db
    .update(applicationFeedbacks)
    .set({ additionalFeedback: null })
    .where(
      inArray(
        applicationFeedbacks.applicationId,
        db.select({ id: applications.id }).from(applications).where(eq(applications.seekerId, seekerId)),
      ),
    );
}

/**
 * The seeker's other free text: comments on job feedback and the contact details and comments of the jobs they
 * reported. Ratings and report reasons stay: they are about the job, and the job's figures count them.
 */
export async function anonymiseBoardActivity(db: DbOrTx, seekerId: string) {
  await db.update(jobFeedbacks).set({ comment: null }).where(eq(jobFeedbacks.seekerId, seekerId));
  await db
    .update(flaggedJobReports)
    .set({ reporterEmail: null, additionalComments: null })
    .where(eq(flaggedJobReports.reporterSeekerId, seekerId));
}

/** Mail to the seeker (queued or kept as sent) carries their name and their applications: it goes too. */
export async function deleteMailTo(db: DbOrTx, accountId: string, email: string) {
  await db.delete(emailOutbox).where(and(eq(emailOutbox.accountId, accountId), eq(emailOutbox.toEmail, email)));
}
