import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { JobStatus } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { users } from '../../db/schema/identity';
import { jobs, jobStatusHistory, products, screeningQuestions } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { accounts, sites } from '../../db/schema/tenancy';
import { placeholders, runShaped, shapeKey } from '../../platform/prepared';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';
import { reach } from './job.policy';

/* One job at a time: find in scope, write, and the parts of its detail. Lists live in jobs-query.repo.ts. */

// The generated search document is for queries only; no read needs it back.
const { search: _search, ...jobColumns } = getTableColumns(jobs);

export type JobRow = Omit<typeof jobs.$inferSelect, 'search'>;
export type NewJob = typeof jobs.$inferInsert;
export type JobPatch = Partial<Omit<NewJob, 'id' | 'accountId' | 'siteId' | 'search'>>;

/**
 * A job the caller may reach ({@link reach}), or null: anything else is "not found". `lock` takes the row lock that
 * serialises every change of one job (posting twice, approving while expiring…).
 */
export async function findJob(db: DbOrTx, s: SiteSlice, id: string, opts: { lock?: boolean } = {}): Promise<JobRow | null> {
  if (opts.lock) {
    const [locked] = await db.select(jobColumns).from(jobs).where(and(eq(jobs.id, id), reach(s))).limit(1).for('update', { of: jobs });
    return locked ?? null;
  }
  // The job page's first read, and most actions': one prepared statement per kind of slice (platform/prepared.ts).
  const values = { id, siteId: s.siteId, employerIds: s.employerIds ?? undefined };
  const [row] = await runShaped(
    db,
    shapeKey('job', values),
    () => {
      const p = placeholders(values);
      return db.select(jobColumns).from(jobs).where(and(eq(jobs.id, p.id), reach({ siteId: p.siteId, employerIds: p.employerIds ?? null }))).limit(1);
    },
    values,
  );
  return row ?? null;
}

/**
 * The jobs among `ids` the caller may reach, locked in id order in one statement, so two bulk changes over
 * overlapping jobs wait for each other instead of deadlocking.
 */
export async function lockJobs(db: DbOrTx, s: SiteSlice, ids: string[]): Promise<JobRow[]> {
  return db
    .select(jobColumns)
    .from(jobs)
    .where(and(inArray(jobs.id, ids), reach(s)))
    .orderBy(asc(jobs.id))
    .for('update', { of: jobs });
}

export async function insertJob(db: DbOrTx, values: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(values).returning(jobColumns);
  return row!;
}

export async function updateJob(db: DbOrTx, id: string, patch: JobPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(jobs).set(patch).where(eq(jobs.id, id));
}

/** One patch for every job among `ids`, in one statement; the caller has locked and checked them. */
export async function updateJobs(db: DbOrTx, ids: string[], patch: JobPatch): Promise<void> {
  if (!ids.length || Object.keys(patch).length === 0) return;
  await db.update(jobs).set(patch).where(inArray(jobs.id, ids));
}

/** Applications, questions, history and reports go with them (ON DELETE CASCADE). */
export async function deleteJobs(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(jobs).where(inArray(jobs.id, ids));
}

export async function recordStatus(
  db: DbOrTx,
  job: { id: string; accountId: string },
  from: JobStatus | null,
  to: JobStatus,
  actorUserId: string | null,
  reason: string | null = null,
) {
  await recordStatuses(db, [job], () => from, to, actorUserId, reason);
}

/** The same change for several jobs, one history row each, in one statement. */
export async function recordStatuses(
  db: DbOrTx,
  list: Array<{ id: string; accountId: string }>,
  fromOf: (job: { id: string }) => JobStatus | null,
  to: JobStatus,
  actorUserId: string | null,
  reason: string | null = null,
) {
  if (!list.length) return;
  await db
    .insert(jobStatusHistory)
    .values(list.map((job) => ({ accountId: job.accountId, jobId: job.id, fromStatus: fromOf(job), toStatus: to, actorUserId, reason })));
}

export type QuestionValues = Pick<typeof screeningQuestions.$inferInsert, 'type' | 'label' | 'required' | 'options' | 'knockoutAnswers'>;

export async function replaceQuestions(db: DbOrTx, job: { id: string; accountId: string }, questions: QuestionValues[]) {
  await db.delete(screeningQuestions).where(eq(screeningQuestions.jobId, job.id));
  if (questions.length)
    await db.insert(screeningQuestions).values(questions.map((q, position) => ({ ...q, position, accountId: job.accountId, jobId: job.id })));
}

/* The rest of the job page: each a prepared statement of one shape, the job's id its only value. */

const byJob = { jobId: sql.placeholder('jobId') };

export async function questionsOf(db: DbOrTx, jobId: string) {
  return runShaped(db, 'job|questions', () => questionsQuery(db), { jobId });
}

const questionsQuery = (db: DbOrTx) =>
  db
    .select({
      id: screeningQuestions.id,
      position: screeningQuestions.position,
      type: screeningQuestions.type,
      label: screeningQuestions.label,
      required: screeningQuestions.required,
      options: screeningQuestions.options,
      knockoutAnswers: screeningQuestions.knockoutAnswers,
    })
    .from(screeningQuestions)
    .where(eq(screeningQuestions.jobId, byJob.jobId))
    .orderBy(asc(screeningQuestions.position), asc(screeningQuestions.id));

export async function historyOf(db: DbOrTx, jobId: string) {
  return runShaped(db, 'job|history', () => historyQuery(db), { jobId });
}

const historyQuery = (db: DbOrTx) =>
  db
    .select({
      from: jobStatusHistory.fromStatus,
      to: jobStatusHistory.toStatus,
      at: jobStatusHistory.createdAt,
      byId: users.id,
      byName: users.name,
      reason: jobStatusHistory.reason,
    })
    .from(jobStatusHistory)
    .leftJoin(users, eq(users.id, jobStatusHistory.actorUserId))
    .where(eq(jobStatusHistory.jobId, byJob.jobId))
    .orderBy(asc(jobStatusHistory.createdAt), asc(jobStatusHistory.id));

/** The named things a job points at, for its detail. */
export async function relationsOf(db: DbOrTx, job: JobRow) {
  const values = { employerId: job.employerId, consultantId: job.consultantId ?? undefined, productId: job.productId ?? undefined };
  const [row] = await runShaped(
    db,
    shapeKey('job|relations', values),
    () => {
      const p = placeholders(values);
      return db
        .select({
          employerName: employers.businessName,
          creditBalance: employers.creditBalance,
          consultantName: consultants.name,
          productName: products.name,
          productDuration: products.durationDays,
          productFeatured: products.featured,
        })
        .from(employers)
        .leftJoin(consultants, p.consultantId ? eq(consultants.id, p.consultantId) : sql`false`)
        .leftJoin(products, p.productId ? eq(products.id, p.productId) : sql`false`)
        .where(eq(employers.id, p.employerId))
        .limit(1);
    },
    values,
  );
  return row!;
}

export async function applicationsCount(db: DbOrTx, jobId: string) {
  const [row] = await runShaped(
    db,
    'job|applications',
    () => db.select({ n: count() }).from(applications).where(eq(applications.jobId, byJob.jobId)),
    { jobId },
  );
  return row?.n ?? 0;
}

/* Whether an id a client sent points at something of this slice: anything else is 422 on that field. */

export async function employerOfSlice(db: DbOrTx, s: SiteSlice, id: string) {
  const [row] = await db
    .select({ id: employers.id })
    .from(employers)
    .where(and(eq(employers.id, id), eq(employers.accountId, s.accountId), eq(employers.siteId, s.siteId), inEmployers(employers.id, s.employerIds)))
    .limit(1);
  return Boolean(row);
}

/** Enabled consultants working on the site (the portal's consultant picker offers the same). */
export async function consultantOfSite(db: DbOrTx, s: SiteSlice, id: string) {
  const [row] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .innerJoin(consultantSites, and(eq(consultantSites.consultantId, consultants.id), eq(consultantSites.siteId, s.siteId)))
    .where(and(eq(consultants.id, id), eq(consultants.accountId, s.accountId), eq(consultants.enabled, true)))
    .limit(1);
  return Boolean(row);
}

export async function productOfSite(db: DbOrTx, s: SiteSlice, id: string) {
  const [row] = await db
    .select({ id: products.id, durationDays: products.durationDays, featured: products.featured })
    .from(products)
    .where(and(eq(products.id, id), eq(products.accountId, s.accountId), eq(products.siteId, s.siteId), eq(products.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** An uploaded banner image of the same account. */
export async function bannerOfAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId), eq(files.purpose, 'banner')))
    .limit(1);
  return Boolean(row);
}

/** The site's settings and the names and slugs that links and emails need. */
export async function siteOf(db: DbOrTx, siteId: string) {
  const [row] = await db
    .select({
      name: sites.name,
      slug: sites.slug,
      settings: sites.settings,
      accountSlug: accounts.slug,
      enterpriseId: accounts.enterpriseId,
      branding: accounts.branding,
    })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(eq(sites.id, siteId))
    .limit(1);
  return row!;
}
