import { and, asc, desc, eq, exists, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { consultants } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { seekerDocuments, seekers } from '../../db/schema/seekers';
import { applicationStages } from '../../db/schema/settings';
import { newestFirst } from '../../platform/order';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';
import { reachById } from './application.policy';

/* One application at a time: find in scope, write, and the parts of its detail tabs. Lists are in applications-query.repo.ts. */

// The generated search document is for queries only; no read needs it back.
const { search: _search, ...applicationColumns } = getTableColumns(applications);

export type ApplicationRow = Omit<typeof applications.$inferSelect, 'search'>;
export type ApplicationPatch = Partial<Pick<typeof applications.$inferInsert, 'enabled' | 'tags'>>;

const byIdInSlice = (s: SiteSlice, id: string) => reachById(s, eq(applications.id, id));

/** An application the caller may reach, or null: anything else is "not found". `lock` serialises changes of one row. */
export async function findApplication(db: DbOrTx, s: SiteSlice, id: string, opts: { lock?: boolean } = {}): Promise<ApplicationRow | null> {
  const q = db.select(applicationColumns).from(applications).where(byIdInSlice(s, id)).limit(1);
  const [row] = opts.lock ? await q.for('update', { of: applications }) : await q;
  return row ?? null;
}

/** What a status change needs of each application: the row, its candidate and its job's consultant. */
const targetColumns = {
  ...applicationColumns,
  seekerName: seekers.name,
  seekerEmail: seekers.email,
  seekerErased: sql<boolean>`${seekers.erasedAt} is not null`,
  consultantId: jobs.consultantId,
};

/**
 * The applications among `ids` the caller may reach. With `lock`, rows are locked in id order in one statement, so two bulk
 * changes over overlapping ids wait for each other instead of deadlocking.
 */
export async function findTargets(db: DbOrTx, s: SiteSlice, ids: string[], opts: { lock?: boolean } = {}) {
  const q = db
    .select(targetColumns)
    .from(applications)
    .innerJoin(seekers, eq(seekers.id, applications.seekerId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(reachById(s, inArray(applications.id, ids)))
    .orderBy(asc(applications.id));
  return opts.lock ? q.for('update', { of: applications }) : q;
}
export type Target = Awaited<ReturnType<typeof findTargets>>[number];

export async function updateApplication(db: DbOrTx, id: string, patch: ApplicationPatch): Promise<void> {
  await updateApplications(db, [id], patch);
}

/** One patch for every application among `ids`, in one statement; the caller has locked and checked them. */
export async function updateApplications(db: DbOrTx, ids: string[], patch: ApplicationPatch): Promise<void> {
  if (ids.length) await db.update(applications).set(patch).where(inArray(applications.id, ids));
}

/** Answers live in the rows; history and feedback go with them (ON DELETE CASCADE). One statement for the set. */
export async function deleteApplications(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(applications).where(inArray(applications.id, ids));
}

/** Moves rows already locked and checked by the caller, in one statement (see application-status.service.ts). */
export async function moveApplications(db: DbOrTx, ids: string[], status: ApplicationStatus, at: Date): Promise<void> {
  await db.update(applications).set({ status, statusChangedAt: at }).where(inArray(applications.id, ids));
}

/**
 * Stamped when written, not when the transaction began (the column's default, now()): a change that waited on the
 * row lock of a concurrent one is then listed after it, so the history, read oldest first, is one unbroken chain.
 */
export async function insertHistory(db: DbOrTx, rows: Array<typeof applicationStatusHistory.$inferInsert>): Promise<void> {
  await db.insert(applicationStatusHistory).values(rows.map((r) => ({ ...r, createdAt: sql`statement_timestamp()` })));
}

/** Everything the overview shows beside the row, in one read. */
export async function detailOf(db: DbOrTx, s: SiteSlice, id: string) {
  const [row] = await db
    .select({
      app: applicationColumns,
      seeker: {
        phone: seekers.phone,
        profileId: seekers.profileId,
        visaType: seekers.visaType,
        desiredWorkType: seekers.desiredWorkType,
        location: seekers.location,
        erasedAt: seekers.erasedAt,
      },
      referenceNumber: jobs.referenceNumber,
      employerName: employers.businessName,
      consultantId: consultants.id,
      consultantName: consultants.name,
      resume: { id: files.id, name: files.originalName, mime: files.mime, size: files.size, createdAt: files.createdAt },
    })
    .from(applications)
    .innerJoin(seekers, eq(seekers.id, applications.seekerId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, applications.employerId))
    .leftJoin(consultants, eq(consultants.id, jobs.consultantId))
    .leftJoin(files, and(eq(files.id, applications.resumeFileId), eq(files.accountId, applications.accountId)))
    .where(byIdInSlice(s, id))
    .limit(1);
  return row ?? null;
}

const fileColumns = { id: files.id, name: files.originalName, mime: files.mime, size: files.size, createdAt: files.createdAt };

/** The candidate's documents, newest first (seeker_documents_seeker_created_idx). */
export async function seekerDocumentsOf(db: DbOrTx, app: Pick<ApplicationRow, 'accountId' | 'seekerId'>) {
  return db
    .select({ ...fileColumns, kind: seekerDocuments.kind })
    .from(seekerDocuments)
    .innerJoin(files, eq(files.id, seekerDocuments.fileId))
    .where(and(eq(seekerDocuments.seekerId, app.seekerId), eq(seekerDocuments.accountId, app.accountId), eq(files.accountId, app.accountId)))
    .orderBy(...newestFirst(seekerDocuments.createdAt, seekerDocuments.id));
}

/** A file this application may hand out: its resume or one of its candidate's documents, nothing else. */
export async function fileOfApplication(db: DbOrTx, app: Pick<ApplicationRow, 'accountId' | 'seekerId' | 'resumeFileId'>, fileId: string) {
  const listed = db
    .select({ one: sql`1` })
    .from(seekerDocuments)
    .where(and(eq(seekerDocuments.seekerId, app.seekerId), eq(seekerDocuments.fileId, files.id)));
  const [row] = await db
    .select({ name: files.originalName, mime: files.mime, storageKey: files.storageKey })
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        eq(files.accountId, app.accountId),
        or(app.resumeFileId ? eq(files.id, app.resumeFileId) : undefined, exists(listed)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Oldest first, with who acted (application_status_history_application_idx). */
export async function historyOf(db: DbOrTx, app: Pick<ApplicationRow, 'id' | 'accountId'>) {
  return db
    .select({
      id: applicationStatusHistory.id,
      from: applicationStatusHistory.fromStatus,
      to: applicationStatusHistory.toStatus,
      notify: applicationStatusHistory.notify,
      createdAt: applicationStatusHistory.createdAt,
      userName: users.name,
      actorSeekerId: applicationStatusHistory.actorSeekerId,
      seekerName: seekers.name,
      seekerErased: sql<boolean>`${seekers.erasedAt} is not null`,
    })
    .from(applicationStatusHistory)
    .leftJoin(users, eq(users.id, applicationStatusHistory.actorUserId))
    .leftJoin(seekers, eq(seekers.id, applicationStatusHistory.actorSeekerId))
    .where(and(eq(applicationStatusHistory.applicationId, app.id), eq(applicationStatusHistory.accountId, app.accountId)))
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
}

export async function feedbackOf(db: DbOrTx, app: Pick<ApplicationRow, 'id' | 'accountId'>) {
  const [row] = await db
    .select()
    .from(applicationFeedbacks)
    .where(and(eq(applicationFeedbacks.applicationId, app.id), eq(applicationFeedbacks.accountId, app.accountId)))
    .limit(1);
  return row ?? null;
}

export async function stageRowsOf(db: DbOrTx, s: SiteSlice) {
  return db
    .select({
      status: applicationStages.status,
      label: applicationStages.label,
      color: applicationStages.color,
      position: applicationStages.position,
      visible: applicationStages.visible,
      emailAdmin: applicationStages.emailAdmin,
      emailConsultants: applicationStages.emailConsultants,
      emailCandidate: applicationStages.emailCandidate,
    })
    .from(applicationStages)
    .where(and(eq(applicationStages.siteId, s.siteId), eq(applicationStages.accountId, s.accountId)));
}


/**
 * Jobs of the slice by title (trigram index) or reference number, newest first (jobs_site_created_idx, in its
 * `desc nulls last` order so the index serves the sort), with their employer's name: titles repeat across employers.
 */
export async function pickJobs(db: DbOrTx, s: SiteSlice, pattern: string | null, limit: number) {
  return db
    .select({ id: jobs.id, name: jobs.title, reference_number: jobs.referenceNumber, employer_name: employers.businessName })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(
      and(
        eq(jobs.siteId, s.siteId),
        inEmployers(jobs.employerId, s.employerIds),
        pattern === null ? undefined : or(ilike(jobs.title, pattern), ilike(jobs.referenceNumber, pattern)),
      ),
    )
    .orderBy(sql`${jobs.createdAt} desc nulls last`, desc(jobs.id))
    .limit(limit);
}

/** The statuses whose stage the site hides (a status without a row of its own is shown). */
export async function hiddenStatuses(db: DbOrTx, s: SiteSlice): Promise<Set<ApplicationStatus>> {
  const rows = await db
    .select({ status: applicationStages.status })
    .from(applicationStages)
    .where(and(eq(applicationStages.siteId, s.siteId), eq(applicationStages.accountId, s.accountId), eq(applicationStages.visible, false)));
  return new Set(rows.map((r) => r.status));
}
