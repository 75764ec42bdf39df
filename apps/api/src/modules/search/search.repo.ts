import { and, desc, eq, exists, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { newestFirst } from '../../platform/order';
import { idAmong, matchOf, type SearchCall } from '../../platform/search-ids';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';

/** What to look for, prepared once by the service from the user's text (see platform/text-search.ts). */
export interface SearchTerm {
  /** A prefix tsquery for the generated `search` columns; null when the text has no words. */
  tsquery: SQL | null;
  /** A literal `%…%` pattern for the trigram-indexed name and email columns. */
  pattern: string;
  /**
   * Whether substring matching is worth it: pg_trgm extracts no trigram from fewer than three characters, so a
   * shorter pattern would read the whole trigram index. Such terms use the prefix search only.
   */
  substring: boolean;
}

/** Best full-text matches first (title and name weigh most); `then` breaks ties. */
const byRank = (column: PgColumn, term: SearchTerm, then: SQL | PgColumn): Array<SQL | PgColumn> =>
  term.tsquery === null ? [then] : [desc(sql`ts_rank(${column}, ${term.tsquery})`), then];

const ts = (column: PgColumn, term: SearchTerm): SQL | undefined =>
  term.tsquery === null ? undefined : sql`${column} @@ ${term.tsquery}`;

const like = (column: PgColumn, term: SearchTerm): SQL | undefined =>
  term.substring ? ilike(column, term.pattern) : undefined;

/** A false condition: `or()` of nothing would otherwise match every row. */
const anyOf = (...conditions: Array<SQL | undefined>): SQL => or(...conditions) ?? sql`false`;

const tsOrNull = (term: SearchTerm): SQL => term.tsquery ?? sql`null::tsquery`;
const patternOrNull = (term: SearchTerm): SQL => sql`${term.substring ? term.pattern : null}::text`;

/**
 * The match condition of one table (platform/search-ids.ts, ADR 019): as the API's role a `@@` or `ILIKE` on the
 * table is checked after the tenant policy, on every row of the site, so the rows come from the hireline_search_*
 * function `call` (GIN indexes, tenant applied inside, ids re-checked here by the table's policy): as a list of ids
 * when few, or in SQL when many (all are ranked). Where no policy binds the caller, `plain` uses the indexes itself.
 */
async function matching(db: DbOrTx, table: string, id: PgColumn, call: SearchCall, plain: SQL): Promise<SQL> {
  const m = await matchOf(db, table, call);
  return m.kind === 'ids' ? idAmong(id, m.ids) : m.kind === 'many' ? sql`${id} in (select ${call(null)})` : plain;
}

/** Served by the GIN indexes on jobs.search and jobs.title (trigram) through hireline_search_jobs. */
export async function findJobs(db: DbOrTx, s: SiteSlice, term: SearchTerm, limit: number) {
  const call: SearchCall = (n) => sql`hireline_search_jobs(${s.siteId}::uuid, ${tsOrNull(term)}, ${patternOrNull(term)}, ${n}::int)`;
  const match = await matching(db, 'jobs', jobs.id, call, anyOf(ts(jobs.search, term), like(jobs.title, term)));
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      reference: jobs.referenceNumber,
      status: jobs.status,
      employer_name: employers.businessName,
    })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(
      and(
        eq(jobs.accountId, s.accountId),
        eq(jobs.siteId, s.siteId),
        inEmployers(jobs.employerId, s.employerIds),
        match,
      ),
    )
    .orderBy(...byRank(jobs.search, term, newestFirst(jobs.createdAt)[0]!))
    .limit(limit);
}

/**
 * Seekers belong to the account, not a site. A caller confined to employers sees only the seekers who applied to
 * those employers' jobs on this site: being in the same account says nothing about a seeker's link to them.
 */
export async function findSeekers(db: DbOrTx, s: SiteSlice, term: SearchTerm, limit: number) {
  const appliedToOwnJobs = s.employerIds
    ? exists(
        db
          .select({ one: sql`1` })
          .from(applications)
          .where(
            and(
              eq(applications.seekerId, seekers.id),
              eq(applications.siteId, s.siteId),
              inEmployers(applications.employerId, s.employerIds),
            ),
          ),
      )
    : undefined;
  // The function matches name and email lower-cased: the same as ILIKE (emails are stored lower-case).
  const call: SearchCall = (n) => sql`hireline_search_seekers(${s.accountId}::uuid, ${tsOrNull(term)}, ${patternOrNull(term)}, ${n}::int)`;
  const plain = anyOf(ts(seekers.search, term), like(seekers.name, term), like(seekers.email, term));
  const match = await matching(db, 'seekers', seekers.id, call, plain);
  return db
    .select({ id: seekers.id, name: seekers.name, email: seekers.email })
    .from(seekers)
    .where(
      and(
        eq(seekers.accountId, s.accountId),
        // An erased seeker's personal data is gone; nothing about them is left to find.
        isNull(seekers.erasedAt),
        appliedToOwnJobs,
        match,
      ),
    )
    .orderBy(...byRank(seekers.search, term, seekers.name))
    .limit(limit);
}

/** Served by the GIN index on applications.search (candidate name and email, job title). */
export async function findApplications(db: DbOrTx, s: SiteSlice, term: SearchTerm, limit: number) {
  if (term.tsquery === null) return [];
  const call: SearchCall = (n) => sql`hireline_search_applications(${s.siteId}::uuid, ${term.tsquery}, ${n}::int)`;
  const match = await matching(db, 'applications', applications.id, call, ts(applications.search, term)!);
  return db
    .select({
      id: applications.id,
      candidate_name: applications.candidateName,
      job_title: applications.jobTitle,
      status: applications.status,
    })
    .from(applications)
    .where(
      and(
        eq(applications.accountId, s.accountId),
        eq(applications.siteId, s.siteId),
        inEmployers(applications.employerId, s.employerIds),
        match,
      ),
    )
    .orderBy(...byRank(applications.search, term, newestFirst(applications.createdAt)[0]!))
    .limit(limit);
}

/** Employers have no full-text column; their name's trigram index serves the substring match. */
export async function findEmployers(db: DbOrTx, s: SiteSlice, term: SearchTerm, limit: number) {
  return db
    .select({ id: employers.id, name: employers.businessName })
    .from(employers)
    .where(
      and(
        eq(employers.accountId, s.accountId),
        eq(employers.siteId, s.siteId),
        inEmployers(employers.id, s.employerIds),
        ilike(employers.businessName, term.pattern),
      ),
    )
    .orderBy(employers.businessName)
    .limit(limit);
}
