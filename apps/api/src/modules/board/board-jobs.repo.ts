import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { jobs, screeningQuestions } from '../../db/schema/jobs';
import { auditLogs } from '../../db/schema/platform';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/* The live adverts of one board. Every query here starts from onBoard(): nothing else is ever read. */

/**
 * What the board shows: the site's live adverts whose advert period covers now, of employers that are active and
 * enabled. The end date is checked here too because the expiry sweep runs once a minute, and a start date in the
 * future (posting accepts one) keeps the advert off the board until that day. The site alone scopes the query: it
 * was resolved from the host, and adding `account_id` only tempts the planner onto the larger account index.
 * Callers join `employers` on the job's employer.
 */
export function onBoard(siteId: string, now: Date): SQL {
  return and(
    eq(jobs.siteId, siteId),
    eq(jobs.status, 'live'),
    or(isNull(jobs.advertStartAt), lte(jobs.advertStartAt, now)),
    // `end is null or end > now`, written so that no index on the end date matches it: given that form, the planner
    // ANDed a bitmap of every site's unexpired adverts (jobs_advert_end_idx) into the site's own and read 14,000
    // pages for a filter such as a place, 160-200 ms on the full preset instead of 25 (bench/README.md).
    sql`coalesce(${jobs.advertEndAt}, 'infinity') > ${now.toISOString()}::timestamptz`,
    eq(employers.status, 'active'),
    eq(employers.enabled, true),
  )!;
}

/** When the advert became public: posted, approved (on sites that review) or its start date, whichever came last. */
const publishedAt = sql<Date>`coalesce(greatest(${jobs.postedAt}, ${jobs.approvedAt}, ${jobs.advertStartAt}), ${jobs.createdAt})`.mapWith(
  jobs.postedAt,
);

export interface BoardFilters {
  workTypes?: string[];
  classifications?: string[];
  payTypes?: string[];
  /** An escaped `%…%` LIKE pattern (platform/text-search.ts). */
  location?: string;
  /** A yearly amount, compared with each advert's pay times its pay type's periods a year. */
  payMinCents?: number;
  /** Periods a year of each pay type the site lists (other pay types count as is). */
  payTypeFactors?: Map<string, number>;
}

/** The advert's pay as a yearly amount: the top of its range (or the only amount) times its pay type's periods a year. */
function yearlyPay(factors: Map<string, number> | undefined): SQL {
  const amount = sql`coalesce(${jobs.payMaxCents}, ${jobs.payMinCents})::bigint`;
  const cases = [...(factors ?? [])].filter(([, n]) => n !== 1);
  if (!cases.length) return amount;
  return sql`${amount} * (case ${jobs.payType} ${sql.join(
    cases.map(([value, n]) => sql`when ${value} then ${n}::bigint`),
    sql` `,
  )} else 1 end)`;
}

/** What to look for, prepared by the service from the user's text. */
export interface BoardSearch {
  tsquery: SQL | null;
  pattern: string;
}

/** Title and description by their words (prefixes), the title and the employer's name by substring. */
function matches(s: BoardSearch): SQL {
  return or(
    s.tsquery ? sql`${jobs.search} @@ ${s.tsquery}` : undefined,
    ilike(jobs.title, s.pattern),
    ilike(employers.businessName, s.pattern),
  )!;
}

export function boardWhere(siteId: string, now: Date, f: BoardFilters, search: BoardSearch | null): SQL {
  return and(
    onBoard(siteId, now),
    f.workTypes?.length ? inArray(jobs.workType, f.workTypes) : undefined,
    f.classifications?.length ? inArray(jobs.classification, f.classifications) : undefined,
    f.payTypes?.length ? inArray(jobs.payType, f.payTypes) : undefined,
    f.location ? ilike(jobs.location, f.location) : undefined,
    f.payMinCents !== undefined ? gte(yearlyPay(f.payTypeFactors), f.payMinCents) : undefined,
    search ? matches(search) : undefined,
  )!;
}

export type BoardOrder = '-published_at' | 'published_at' | 'relevance';

/** Ties broken by id so pages never overlap; relevance weighs a title or employer match above words in the text. */
export function boardOrder(order: BoardOrder, search: BoardSearch | null): SQL[] {
  if (order === 'published_at') return [asc(publishedAt), asc(jobs.id)];
  if (order === 'relevance' && search) {
    const rank = sql`${search.tsquery ? sql`ts_rank(${jobs.search}, ${search.tsquery})` : sql`0`}
      + case when ${jobs.title} ilike ${search.pattern} then 1 else 0 end
      + case when ${employers.businessName} ilike ${search.pattern} then 0.5 else 0 end`;
    return [desc(rank), desc(publishedAt), desc(jobs.id)];
  }
  return [desc(publishedAt), desc(jobs.id)];
}

/** Long enough for a summary; the full text never leaves the database for a list. */
const SUMMARY_SOURCE_CHARS = 400;

const summaryColumns = {
  id: jobs.id,
  title: jobs.title,
  employerName: employers.businessName,
  employerLogoFileId: employers.logoFileId,
  location: jobs.location,
  workType: jobs.workType,
  classification: jobs.classification,
  payType: jobs.payType,
  payMinCents: jobs.payMinCents,
  payMaxCents: jobs.payMaxCents,
  currency: jobs.currency,
  descriptionStart: sql<string>`left(${jobs.descriptionText}, ${SUMMARY_SOURCE_CHARS})`,
  keySellingPoints: jobs.keySellingPoints,
  featured: jobs.featured,
  publishedAt,
  expiresAt: jobs.advertEndAt,
};

export async function listBoardJobs(db: DbOrTx, where: SQL, order: SQL[], limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
export type BoardSummaryRow = Awaited<ReturnType<typeof listBoardJobs>>[number];

export async function countBoardJobs(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).innerJoin(employers, eq(employers.id, jobs.employerId)).where(where);
  return row?.n ?? 0;
}

const employerCountry = sql<string | null>`${employers.address}->>'country'`;

/** One advert of the board with what its page shows; null for anything not live on this board. */
export async function findBoardJob(db: DbOrTx, siteId: string, now: Date, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      referenceNumber: jobs.referenceNumber,
      description: jobs.description,
      bannerFileId: jobs.bannerFileId,
      employerWebsite: employers.website,
      employerCountry,
      links: jobs.links,
      applyType: jobs.applyType,
      applicationUrl: jobs.applicationUrl,
      applicationEmails: jobs.applicationEmails,
    })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(and(eq(jobs.id, id), onBoard(siteId, now)))
    .limit(1);
  return row ?? null;
}
export type BoardJobRow = NonNullable<Awaited<ReturnType<typeof findBoardJob>>>;

/** What an applicant is asked; the knock-out answers are not among these (board-applications.repo.ts adds them). */
export const questionColumns = {
  id: screeningQuestions.id,
  label: screeningQuestions.label,
  type: screeningQuestions.type,
  options: screeningQuestions.options,
  required: screeningQuestions.required,
};

/** A job's screening questions in their order, with the given columns. */
export async function questionRows<T extends SelectedFields>(db: DbOrTx, accountId: string, jobId: string, columns: T): Promise<SelectResultFields<T>[]> {
  const rows = await (db as Db)
    .select(columns)
    .from(screeningQuestions)
    .where(and(eq(screeningQuestions.jobId, jobId), eq(screeningQuestions.accountId, accountId)))
    .orderBy(asc(screeningQuestions.position), asc(screeningQuestions.id));
  // Drizzle cannot resolve a generic selection's row type; it is exactly the columns asked for.
  return rows as unknown as SelectResultFields<T>[];
}

/** The questions an applicant answers. The knock-out answers are deliberately not selected. */
export const questionsOf = (db: DbOrTx, accountId: string, jobId: string) => questionRows(db, accountId, jobId, questionColumns);

/** Where a page of the feed ends: the last row's publication time (as text, to the microsecond) and id. */
export interface FeedCursor {
  at: string;
  id: string;
}

/**
 * One page of the feed's rows, newest first, full descriptions included, after `cursor` (keyset paging: each page
 * costs the same however deep, and rows published at the same instant are told apart by id).
 */
export async function feedJobs(db: DbOrTx, siteId: string, now: Date, cursor: FeedCursor | null, limit: number) {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      referenceNumber: jobs.referenceNumber,
      description: jobs.description,
      employerName: employers.businessName,
      employerCountry,
      employerCity: sql<string | null>`${employers.address}->>'city'`,
      employerPostcode: sql<string | null>`${employers.address}->>'postcode'`,
      location: jobs.location,
      workType: jobs.workType,
      classification: jobs.classification,
      payType: jobs.payType,
      payMinCents: jobs.payMinCents,
      payMaxCents: jobs.payMaxCents,
      currency: jobs.currency,
      publishedAt,
      cursorAt: sql<string>`(${publishedAt})::text`,
      expiresAt: jobs.advertEndAt,
    })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(and(onBoard(siteId, now), cursor ? sql`(${publishedAt}, ${jobs.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined))
    .orderBy(desc(publishedAt), desc(jobs.id))
    .limit(limit);
}
export type FeedJobRow = Awaited<ReturnType<typeof feedJobs>>[number];

/** Ids and last changes of the board's adverts, for the sitemap. */
export async function sitemapJobs(db: DbOrTx, siteId: string, now: Date, limit: number) {
  return db
    .select({ id: jobs.id, updatedAt: jobs.updatedAt })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(onBoard(siteId, now))
    .orderBy(desc(publishedAt), desc(jobs.id))
    .limit(limit);
}

/**
 * Whether an advert that is not on the board now was on it before and will not come back by itself: expired,
 * unlisted, past its end date, or deleted after it was posted (the audit log keeps the deletion; rows written before
 * it named the site count for every site of the account). Its page answers 410 Gone rather than 404, so search
 * engines drop it at once. A draft, an advert awaiting approval or its start date, another site's: never public here.
 */
export async function wasOnBoard(db: DbOrTx, site: { id: string; accountId: string }, now: Date, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.id, id),
        eq(jobs.siteId, site.id),
        or(inArray(jobs.status, ['expired', 'unlisted']), and(eq(jobs.status, 'live'), lte(jobs.advertEndAt, now))),
      ),
    )
    .limit(1);
  if (row) return true;
  const [deleted] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.subjectType, 'job'),
        eq(auditLogs.subjectId, id),
        eq(auditLogs.accountId, site.accountId),
        eq(auditLogs.action, 'job.deleted'),
        sql`${auditLogs.data}->>'status' in ('live', 'expired', 'unlisted')`,
        sql`coalesce(${auditLogs.data}->>'site_id', ${site.id}) = ${site.id}`,
      ),
    )
    .limit(1);
  return Boolean(deleted);
}
