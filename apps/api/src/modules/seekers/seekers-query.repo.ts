import { and, arrayContains, eq, like, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { seekerSorts } from '@hireline/contract/seekers';
import type { DbOrTx } from '../../db/client';
import { seekers } from '../../db/schema/seekers';
import { cappedTotal, cappedTotalShaped } from '../../platform/capped-count';
import { afterKey, keyOf, orderByKey, sortKey, type Keyset, type SortKey } from '../../platform/keyset';
import { listShape, pageShaped, type Bound, type ListShape, type Shape } from '../../platform/prepared';
import { idAmong, matchedIds, parseMatched, tagCondition, type Matched } from '../../platform/search-ids';
import type { Total, TotalsCache } from '../../platform/totals-cache';
import { seekerColumns } from './seekers.repo';
import { reach } from './seeker.policy';

/* The seekers list: the account's candidates filtered, searched, sorted and paged on the seekers_account_* indexes. */

export type SeekerSort = (typeof seekerSorts)[number];

export interface SeekerFilters {
  desired_work_type?: string;
  visa_type?: string;
  /** Seekers carrying every one of these tags. */
  tags?: string[];
  enabled?: boolean;
  q?: string;
}

/** What to look for, prepared by the service from the user's text (platform/text-search.ts). */
export interface SearchTerm {
  tsquery: SQL | null;
  pattern: string;
  /** Substring matching only from three characters: pg_trgm has no trigram of a shorter text. */
  substring: boolean;
  /** The profile id the text names (`123`, `sk-000123`), matched exactly through the (account_id, profile_id) key. */
  profileId: string | null;
}

/**
 * The term with its tsquery resolved to text first, so the planner can estimate it and use the GIN index (jobs list),
 * and the account's seekers whose name, email or text matches, through hireline_search_seekers, which can use the
 * GIN indexes under row-level security (ADR 019); unless it lists ids, the conditions filter.
 */
export interface PreparedSearch extends Omit<SearchTerm, 'tsquery'> {
  tsquery: string | null;
  matched: Matched;
}

export async function prepareSearch(db: DbOrTx, accountId: string, term: SearchTerm): Promise<PreparedSearch> {
  const result = await db.execute<{ q: string | null; ids: string | null }>(
    sql`select q, ${matchedIds('seekers', (n) => sql`hireline_search_seekers(${accountId}::uuid, q::tsquery, ${term.substring ? term.pattern : null}::text, ${n}::int)`)} as ids
      from (select ${term.tsquery ? sql`(${term.tsquery})::text` : sql`null`} as q) t`,
  );
  const row = result.rows[0];
  return { ...term, tsquery: row?.q || null, matched: parseMatched(row?.ids) };
}

/**
 * Name, email and profile id through the full-text document (prefix words: `ann` finds Anna and ann@x.test), name and
 * email by substring (trigram indexes; emails are stored lower-case, names matched as lower(name)), and the profile id
 * exactly: the parser splits `SK-000123` into `sk` and `-000123`, so typing the digits alone would otherwise find
 * nothing.
 */
function matches(p: PreparedSearch): SQL {
  return (
    or(
      ...(p.matched.kind === 'ids'
        ? [idAmong(seekers.id, p.matched.ids)]
        : [
            p.tsquery ? sql`${seekers.search} @@ ${p.tsquery}::tsquery` : undefined,
            p.substring ? sql`lower(${seekers.name}) like lower(${p.pattern})` : undefined,
            p.substring ? like(seekers.email, sql`lower(${p.pattern})`) : undefined,
          ]),
      p.profileId ? eq(seekers.profileId, p.profileId) : undefined,
    ) ?? sql`false`
  );
}

/** A list's filter values; undefined = absent. Which are present is a prepared page's shape (platform/prepared.ts). */
export type FilterValues = { accountId: string; desiredWorkType?: string; visaType?: string; enabled?: boolean };

export const filterValues = (accountId: string, f: SeekerFilters): FilterValues => ({
  accountId,
  desiredWorkType: f.desired_work_type || undefined,
  visaType: f.visa_type || undefined,
  enabled: f.enabled,
});

/** The filters' conditions, on their values or (prepared) on placeholders of the same names. */
export const filterConditions = (v: Bound<FilterValues>) => [
  reach(v.accountId),
  v.desiredWorkType !== undefined ? eq(seekers.desiredWorkType, v.desiredWorkType) : undefined,
  v.visaType !== undefined ? eq(seekers.visaType, v.visaType) : undefined,
  v.enabled !== undefined ? eq(seekers.enabled, v.enabled) : undefined,
];

/** `tagged`: the tag filter's match (platform/search-ids.ts prepareTags). */
export function listWhere(accountId: string, f: SeekerFilters, search: PreparedSearch | null, tagged?: Matched): SQL {
  return and(
    ...filterConditions(filterValues(accountId, f)),
    tagCondition(seekers.id, tagged, f.tags?.length ? arrayContains(seekers.tags, f.tags) : undefined),
    search ? matches(search) : undefined,
  )!;
}

/**
 * Each sort spelled with the null order of the index that serves it, then the id so pages never overlap on ties:
 * PostgreSQL walks an index only for the exact (or exactly reversed) direction and null order, and a plain `desc`
 * means NULLS FIRST (see the jobs list).
 * - created_at: seekers_account_created_idx (account_id, created_at DESC NULLS LAST), read either way.
 * - name: seekers_account_name_idx (account_id, name ASC NULLS LAST), read either way.
 * - profile_id: the (account_id, profile_id) unique key; unique within the account, so no tie to break.
 * - last_active_at: never-active seekers last; seekers_account_last_active_idx (account_id, last_active_at DESC
 *   NULLS LAST).
 */
const sorts: Record<SeekerSort, SortKey> = {
  '-created_at': sortKey(seekers.createdAt, 'desc', { nullsLast: true }),
  created_at: sortKey(seekers.createdAt, 'asc', { nullsLast: false }),
  name: sortKey(seekers.name, 'asc'),
  '-name': sortKey(seekers.name, 'desc'),
  profile_id: sortKey(seekers.profileId, 'asc', { unique: true }),
  '-last_active_at': sortKey(seekers.lastActiveAt, 'desc', { nullsLast: true }),
};

export const orderOf = (sort: SeekerSort): SQL[] => orderByKey(sorts[sort], seekers.id);

export function listSeekers(db: DbOrTx, where: SQL, order: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
  const page = db.select({ id: seekers.id }).from(seekers).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
  return db.select(seekerColumns).from(seekers).innerJoin(page, eq(page.id, seekers.id)).orderBy(...order);
}

/** One batch of the export: the list's rows in its order after `after`, each with its keyset value. */
export function exportBatch(db: DbOrTx, where: SQL, sort: SeekerSort, after: Keyset | null, limit: number) {
  const k = sorts[sort];
  return db
    .select({ ...seekerColumns, sortKey: keyOf(k.value) })
    .from(seekers)
    .where(and(where, afterKey(k, seekers.id, after)))
    .orderBy(...orderByKey(k, seekers.id))
    .limit(limit);
}

/**
 * The list without search or tags as a shape of prepared statements (platform/prepared.ts), as the jobs list does:
 * a search's or a tag's matches are id lists of any length.
 */
export const shapeOf = (accountId: string, f: SeekerFilters, sort: SeekerSort): ListShape<SeekerSort> =>
  listShape('seekers', filterValues(accountId, f), sort, (v) => filterConditions(v));

export const listShaped = (db: DbOrTx, shape: ListShape<SeekerSort>, limit: number, offset: number) =>
  pageShaped(db, shape, listSeekers, orderOf, limit, offset);

export { COUNT_CAP } from '../../platform/capped-count';

/**
 * The list's total, as the jobs list does it (ADR 008): exact up to {@link COUNT_CAP}, beyond it the planner's row
 * estimate; totals above a thousand are kept a few seconds per query (platform/totals-cache.ts), keyed by the SQL
 * and its parameters, which carry the account id.
 */
export function countSeekers(db: DbOrTx, where: SQL, totals: TotalsCache): Promise<Total> {
  return cappedTotal(db, seekers, where, totals, 'seekers');
}

/** {@link countSeekers} of a shaped list, its count a prepared statement too. */
export const countShaped = (db: DbOrTx, shape: Shape, totals: TotalsCache): Promise<Total> => cappedTotalShaped(db, seekers, shape, totals, 'seekers');
