import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../db/schema/applications';
import { employers } from '../db/schema/employers';
import { seekerSessions } from '../db/schema/identity';
import { flaggedJobReports, jobFeedbacks, jobs } from '../db/schema/jobs';
import { emailOutbox, files } from '../db/schema/platform';
import { seekerDocuments, seekers } from '../db/schema/seekers';
import { sites } from '../db/schema/tenancy';
import { eraseNameFromStaffNotices, namesOf } from './seeker-erase-notices';
import type { Storage } from './storage';

/*
 * A candidate's privacy rights, shared by the staff (seekers module: export and erase on request) and the candidate
 * (the board: download my data, delete my account), so both answer and erase exactly the same things. Callers find
 * and lock the seeker, decide whether they may, and audit; this holds what is gathered and what is wiped.
 */

export const ERASED_NAME = 'Erased candidate';
/** Unique per seeker (the account's email key), lower-case (the email check), and a domain that can never receive mail. */
export const erasedEmail = (seekerId: string) => `erased-${seekerId}@erased.invalid`;

type FileRow = typeof files.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const fileRef = (f: FileRow, kind: 'resume' | 'document') => ({
  id: f.id,
  name: f.originalName,
  mime: f.mime,
  size: f.size,
  kind,
  created_at: f.createdAt.toISOString(),
});

// ---------------------------------------------------------------- export

// Never the password hash (nobody's business, not even the seeker's) nor the search document (for queries only).
const { search: _search, passwordHash: _passwordHash, ...seekerColumns } = getTableColumns(seekers);

async function seekerOf(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db.select(seekerColumns).from(seekers).where(and(eq(seekers.id, id), eq(seekers.accountId, accountId))).limit(1);
  return row ?? null;
}

/** The resume first, then the documents newest first; only files of the seeker's own account. */
async function documentsOf(db: DbOrTx, s: { id: string; accountId: string; resumeFileId: string | null }) {
  const [resume] = s.resumeFileId
    ? await db.select().from(files).where(and(eq(files.id, s.resumeFileId), eq(files.accountId, s.accountId))).limit(1)
    : [];
  const listed = await db
    .select({ file: files, kind: seekerDocuments.kind })
    .from(seekerDocuments)
    .innerJoin(files, eq(files.id, seekerDocuments.fileId))
    .where(and(eq(seekerDocuments.seekerId, s.id), eq(files.accountId, s.accountId)))
    .orderBy(desc(seekerDocuments.createdAt), desc(seekerDocuments.id));
  return [...(resume ? [fileRef(resume, 'resume')] : []), ...listed.map((d) => fileRef(d.file, d.kind === 'resume' ? 'resume' : 'document'))];
}

/** Every application of the seeker on any site, newest first, with its status history (oldest first) and feedback. */
async function applicationsOf(db: DbOrTx, seekerId: string) {
  const rows = await db
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
  const ids = rows.map((r) => r.application.id);
  const history = ids.length
    ? await db
        .select()
        .from(applicationStatusHistory)
        .where(inArray(applicationStatusHistory.applicationId, ids))
        .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id))
    : [];
  const feedback = ids.length ? await db.select().from(applicationFeedbacks).where(inArray(applicationFeedbacks.applicationId, ids)) : [];
  const feedbackOf = new Map(feedback.map((f) => [f.applicationId, f]));

  return rows.map(({ application: a, ...r }) => {
    const f = feedbackOf.get(a.id);
    return {
      id: a.id,
      site: { id: a.siteId, name: r.siteName },
      job: { id: a.jobId, title: r.jobTitle, reference_number: r.referenceNumber },
      employer: { id: a.employerId, name: r.employerName },
      status: a.status,
      status_changed_at: a.statusChangedAt.toISOString(),
      source: a.source,
      knocked_out: a.knockedOut,
      enabled: a.enabled,
      tags: a.tags,
      candidate_name: a.candidateName,
      candidate_email: a.candidateEmail,
      cover_letter: a.coverLetter,
      resume: r.resume && fileRef(r.resume, 'resume'),
      // The answers without which of them knocked the application out: nobody is told which answer did (docs/board.md).
      answers: a.answers.map(({ knocked_out: _knockedOut, ...answer }) => answer),
      withdrawn_at: iso(a.withdrawnAt),
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
      status_history: history
        .filter((h) => h.applicationId === a.id)
        .map((h) => ({
          from_status: h.fromStatus,
          to_status: h.toStatus,
          // Who at the site moved it is the site's data; the seeker learns whether it was staff, them, or the system.
          actor: h.actorUserId ? 'user' : h.actorSeekerId ? 'candidate' : 'system',
          created_at: h.createdAt.toISOString(),
        })),
      feedback: f
        ? {
            rating: f.rating,
            employer_recommended: f.employerRecommended,
            additional_feedback: f.additionalFeedback,
            created_at: f.createdAt.toISOString(),
            updated_at: f.updatedAt.toISOString(),
          }
        : null,
    };
  });
}

/** Ratings of adverts and reports of adverts the seeker made on the board (the _seeker_idx indexes). */
async function boardActivityOf(db: DbOrTx, seekerId: string) {
  const jobFeedback = await db
    .select({ f: jobFeedbacks, title: jobs.title })
    .from(jobFeedbacks)
    .innerJoin(jobs, eq(jobs.id, jobFeedbacks.jobId))
    .where(eq(jobFeedbacks.seekerId, seekerId))
    .orderBy(desc(jobFeedbacks.createdAt), desc(jobFeedbacks.id));
  const reports = await db
    .select({ r: flaggedJobReports, title: jobs.title })
    .from(flaggedJobReports)
    .innerJoin(jobs, eq(jobs.id, flaggedJobReports.jobId))
    .where(eq(flaggedJobReports.reporterSeekerId, seekerId))
    .orderBy(desc(flaggedJobReports.createdAt), desc(flaggedJobReports.id));
  return {
    job_feedback: jobFeedback.map(({ f, title }) => ({
      id: f.id,
      job: { id: f.jobId, title },
      rating: f.rating,
      employer_recommended: f.employerRecommended,
      comment: f.comment,
      created_at: f.createdAt.toISOString(),
    })),
    // What the seeker sent; how the site's team handled the report is the site's business.
    reports: reports.map(({ r, title }) => ({
      id: r.id,
      job: { id: r.jobId, title },
      reason: r.reason,
      additional_comments: r.additionalComments,
      email: r.reporterEmail,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Everything held on a seeker of the account, on every site: profile, documents, applications with all they hold,
 * job ratings and reports; null when the account has no such seeker. One handle runs one query at a time.
 */
export async function seekerExport(db: DbOrTx, accountId: string, seekerId: string) {
  const s = await seekerOf(db, accountId, seekerId);
  if (!s) return null;
  const documents = await documentsOf(db, s);
  const applicationList = await applicationsOf(db, s.id);
  const activity = await boardActivityOf(db, s.id);
  return {
    exported_at: new Date().toISOString(),
    seeker: {
      id: s.id,
      profile_id: s.profileId,
      name: s.name,
      email: s.email,
      phone: s.phone,
      location: s.location,
      visa_type: s.visaType,
      desired_work_type: s.desiredWorkType,
      tags: s.tags,
      enabled: s.enabled,
      erased: s.erasedAt !== null,
      created_at: s.createdAt.toISOString(),
      last_active_at: iso(s.lastActiveAt),
      email_verified_at: iso(s.emailVerifiedAt),
      disabled_at: iso(s.disabledAt),
    },
    documents,
    applications: applicationList,
    ...activity,
  };
}
export type SeekerExport = NonNullable<Awaited<ReturnType<typeof seekerExport>>>;

// ---------------------------------------------------------------- erase

/**
 * Every stored file that is the seeker's: uploaded by them, their resume, their documents, and the resumes sent with
 * their applications; only files of the seeker's own account count. One semi-join on a union of ids, each branch on
 * its own index (files_owner_seeker_idx, seeker_documents and applications by seeker): an OR of `IN (subquery)`
 * conditions would filter every file of the account instead.
 */
export async function filesHeldFor(db: DbOrTx, s: { id: string; accountId: string }): Promise<Array<{ id: string; storageKey: string }>> {
  const ids = union(
    // The nullable branch first: the union takes its row type from the first query.
    db.select({ id: seekers.resumeFileId }).from(seekers).where(eq(seekers.id, s.id)),
    db.select({ id: files.id }).from(files).where(eq(files.ownerSeekerId, s.id)),
    db.select({ id: seekerDocuments.fileId }).from(seekerDocuments).where(eq(seekerDocuments.seekerId, s.id)),
    db
      .select({ id: applications.resumeFileId })
      .from(applications)
      .where(and(eq(applications.seekerId, s.id), isNotNull(applications.resumeFileId))),
  );
  return db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.accountId, s.accountId), inArray(files.id, ids)));
}

/**
 * Removes the seeker's personal data for good, inside the caller's transaction on the locked row: the profile is
 * blanked (the row and profile id stay so the site's counts add up), their applications keep status and dates but
 * lose name, email, answers, cover letter and resume, feedback and reports lose the seeker's words (ratings and
 * reasons stay: they are about the job), mail to them goes, every stored file row of theirs is deleted, the seeker is
 * disabled and every board session as them ends. Answers the storage keys to remove once committed (removeBytes).
 */
export async function eraseSeekerData(tx: DbOrTx, seeker: { id: string; accountId: string; email: string; disabledAt: Date | null }) {
  const now = new Date();
  const anonymous = { name: ERASED_NAME, email: erasedEmail(seeker.id) };
  const held = await filesHeldFor(tx, seeker);
  const names = await namesOf(tx, seeker);
  await tx
    .update(seekers)
    .set({
      ...anonymous,
      phone: null,
      location: null,
      visaType: null,
      desiredWorkType: null,
      passwordHash: null,
      resumeFileId: null,
      emailVerifiedAt: null,
      tags: [],
      erasedAt: now,
      enabled: false,
      disabledAt: seeker.disabledAt ?? now,
    })
    .where(eq(seekers.id, seeker.id));
  await tx
    .update(applications)
    .set({ candidateName: anonymous.name, candidateEmail: anonymous.email, answers: [], coverLetter: null, resumeFileId: null })
    .where(eq(applications.seekerId, seeker.id));
  await tx
    .update(applicationFeedbacks)
    .set({ additionalFeedback: null })
    .where(
      inArray(applicationFeedbacks.applicationId, tx.select({ id: applications.id }).from(applications).where(eq(applications.seekerId, seeker.id))),
    );
  await tx.update(jobFeedbacks).set({ comment: null }).where(eq(jobFeedbacks.seekerId, seeker.id));
  await tx
    .update(flaggedJobReports)
    .set({ reporterEmail: null, additionalComments: null })
    .where(eq(flaggedJobReports.reporterSeekerId, seeker.id));
  await eraseNameFromStaffNotices(tx, seeker.accountId, names, ERASED_NAME);
  // Mail to the seeker (queued or kept as sent) carries their name and their applications.
  await tx.delete(emailOutbox).where(and(eq(emailOutbox.accountId, seeker.accountId), eq(emailOutbox.toEmail, seeker.email)));
  await tx.delete(seekerDocuments).where(eq(seekerDocuments.seekerId, seeker.id));
  if (held.length) await tx.delete(files).where(inArray(files.id, held.map((f) => f.id)));
  await tx
    .update(seekerSessions)
    .set({ revokedAt: now })
    .where(and(eq(seekerSessions.seekerId, seeker.id), isNull(seekerSessions.revokedAt)));
  return { files: held.length, keys: held.map((f) => f.storageKey) };
}

/**
 * Stored bytes go once the rows are committed: a rolled-back delete must not have lost the files. A failed delete
 * leaves bytes that no row names, which nothing can serve; it does not undo the committed change.
 */
export async function removeBytes(storage: Storage, keys: string[]) {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}
