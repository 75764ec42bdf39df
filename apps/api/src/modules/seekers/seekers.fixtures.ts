import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { seekerSessions } from '../../db/schema/identity';
import { flaggedJobReports, jobFeedbacks, type jobs } from '../../db/schema/jobs';
import { auditLogs, emailOutbox, files } from '../../db/schema/platform';
import { seekers } from '../../db/schema/seekers';
import type { Tenant } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';
import { addApplication, addSeeker, addSeekerFile } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';

/* Test data and clients for the seekers API, beside the shared test kit (src/test/applications.ts). */

export type SeekerRow = typeof seekers.$inferSelect;

/** The scope headers; seekers belong to the account, so the site is optional here. */
export interface SeekerScope {
  accountId: string;
  siteId?: string;
  employerId?: string;
}

export const account = (t: Tenant): SeekerScope => ({ accountId: t.account.id });
export const site = (t: Tenant, i: 0 | 1 = 0): SeekerScope => ({ accountId: t.account.id, siteId: t.sites[i].id });

/** A client for one caller (no token: anonymous) in one scope. */
export function seekerClient(t: TestApp, token: string | undefined, scope: SeekerScope) {
  const send = (opts: InjectOptions) => call(t.app, { token, ...scope }, opts);
  return {
    get: (url: string, query?: Record<string, string | string[]>, headers?: Record<string, string>) =>
      send({ method: 'GET', url: `/portal${url}`, query, headers }),
    post: (url: string, payload?: unknown) => send({ method: 'POST', url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }),
    put: (url: string, payload: unknown) => send({ method: 'PUT', url: `/portal${url}`, payload: payload as object }),
    del: (url: string) => send({ method: 'DELETE', url: `/portal${url}` }),
  };
}
export type SeekerClient = ReturnType<typeof seekerClient>;

/** A resume (set on the profile) and a listed document, with bytes in the app's storage. */
export async function addProfileFiles(t: TestApp, seeker: SeekerRow, opts: { resumeName?: string; documentName?: string } = {}) {
  const resume = await addSeekerFile(t, seeker, { purpose: 'resume', name: opts.resumeName ?? 'resume.pdf' });
  await t.deps.db.update(seekers).set({ resumeFileId: resume }).where(eq(seekers.id, seeker.id));
  const document = await addSeekerFile(t, seeker, {
    purpose: 'document',
    name: opts.documentName ?? 'licence.txt',
    mime: 'text/plain',
    bytes: Buffer.from(`Forklift licence of ${seeker.name}`),
    listed: true,
  });
  return { resume, document };
}

export async function addHistory(
  t: TestApp,
  application: typeof applications.$inferSelect,
  to: ApplicationStatus,
  opts: { from?: ApplicationStatus | null; actorUserId?: string; actorSeekerId?: string; at?: Date } = {},
) {
  await t.deps.db.insert(applicationStatusHistory).values({
    accountId: application.accountId,
    applicationId: application.id,
    fromStatus: opts.from ?? null,
    toStatus: to,
    actorUserId: opts.actorUserId ?? null,
    actorSeekerId: opts.actorSeekerId ?? null,
    ...(opts.at ? { createdAt: opts.at } : {}),
  });
}

export async function addFeedback(t: TestApp, application: typeof applications.$inferSelect, additionalFeedback: string | null) {
  await t.deps.db
    .insert(applicationFeedbacks)
    .values({ accountId: application.accountId, applicationId: application.id, rating: 4, employerRecommended: true, additionalFeedback });
}

/** What the seeker did on the board besides applying: a rated job with a comment, a reported job, mail sent to them. */
export async function addBoardActivity(t: TestApp, seeker: SeekerRow, job: typeof jobs.$inferSelect) {
  const db = t.deps.db;
  const where = { accountId: job.accountId, siteId: job.siteId };
  const [feedback] = await db
    .insert(jobFeedbacks)
    .values({ ...where, jobId: job.id, seekerId: seeker.id, rating: 2, employerRecommended: false, comment: `Signed, ${seeker.name}` })
    .returning();
  const [report] = await db
    .insert(flaggedJobReports)
    .values({
      ...where,
      jobId: job.id,
      reason: 'scam',
      additionalComments: `Call ${seeker.name}`,
      reporterEmail: seeker.email,
      reporterSeekerId: seeker.id,
    })
    .returning();
  const [mail] = await db
    .insert(emailOutbox)
    .values({ ...where, event: 'application.status', toEmail: seeker.email, toName: seeker.name, subject: `Dear ${seeker.name}`, html: '<p>x</p>', text: 'x' })
    .returning();
  return { feedback: feedback!, report: report!, mail: mail! };
}

/** A board session of a staff user acting as the seeker, as the impersonation module would create it. */
export async function addImpersonation(t: TestApp, userId: string, seeker: SeekerRow) {
  const far = new Date(Date.now() + 3_600_000);
  const [row] = await t.deps.db
    .insert(seekerSessions)
    .values({
      accountId: seeker.accountId,
      seekerId: seeker.id,
      tokenHash: crypto.randomUUID(),
      idleExpiresAt: far,
      expiresAt: far,
      impersonatorUserId: userId,
      impersonationType: 'seeker',
    })
    .returning();
  return row!;
}

export async function seekerRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(seekers).where(eq(seekers.id, id));
  return row ?? null;
}

export async function applicationRows(t: TestApp, seekerId: string) {
  return t.deps.db.select().from(applications).where(eq(applications.seekerId, seekerId));
}

export async function fileRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function auditOf(t: TestApp, seekerId: string, action?: string) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.subjectType, 'seeker'), eq(auditLogs.subjectId, seekerId), action ? eq(auditLogs.action, action) : undefined))
    .orderBy(auditLogs.createdAt);
}

/**
 * A candidate holding one of everything: resume and a document on the profile, an uploaded file never attached, two
 * applications (one per site) with answers, a cover letter, a resume sent with it, status history and feedback,
 * board activity and a session acting as them.
 */
export async function addRichSeeker(t: TestApp, tenant: Tenant, opts: Partial<typeof seekers.$inferInsert> = {}) {
  const seeker = await addSeeker(t, tenant, {
    name: 'Anna Smith',
    phone: '+44 20 7946 0000',
    location: 'Leeds',
    visaType: 'Citizen',
    desiredWorkType: 'Full time',
    passwordHash: 'argon2-hash',
    tags: ['relocating'],
    emailVerifiedAt: new Date('2030-01-02T12:00:00Z'),
    ...opts,
  });
  const { resume, document } = await addProfileFiles(t, seeker);
  const loose = await addSeekerFile(t, seeker, { purpose: 'document', name: 'draft.txt', mime: 'text/plain', bytes: Buffer.from('draft') });
  const sent = await addSeekerFile(t, seeker, { name: 'cv-sent.pdf' });
  const job = await addLiveJob(t, tenant, { title: 'Forklift Driver' });
  const answers = [{ question_id: 'q1', label: 'Licence number?', type: 'text' as const, answer: 'LIC-42 Anna Smith', knocked_out: false }];
  const first = await addApplication(t, job, seeker, { answers, resumeFileId: sent, status: 'shortlisted', createdAt: new Date('2030-01-05T12:00:00Z') });
  await t.deps.db.update(applications).set({ coverLetter: 'Dear hiring manager, I am Anna.' }).where(eq(applications.id, first.id));
  await addHistory(t, first, 'applied', { actorSeekerId: seeker.id, at: new Date('2030-01-05T12:00:00Z') });
  await addHistory(t, first, 'shortlisted', { from: 'applied', actorUserId: tenant.users.accountAdmin.id, at: new Date('2030-01-06T12:00:00Z') });
  await addFeedback(t, first, 'Anna here: great process.');
  const nurse = await addLiveJob(t, tenant, { site: 1, title: 'Night Nurse' });
  const second = await addApplication(t, nurse, seeker, { createdAt: new Date('2030-01-07T12:00:00Z') });
  const board = await addBoardActivity(t, seeker, job);
  const session = await addImpersonation(t, tenant.users.accountAdmin.id, seeker);
  const held = { resume, document, loose, sent };
  const stored = await t.deps.db.select({ key: files.storageKey }).from(files).where(inArray(files.id, Object.values(held)));
  return { seeker, files: held, job, applications: { first, second }, board, session, keys: stored.map((f) => f.key) };
}
