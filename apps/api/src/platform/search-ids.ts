import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/*
 * Searching under row-level security (ADR 019). As the API's role, PostgreSQL checks the tenant policy before any
 * operator that is not leakproof (`@@`, `LIKE`), so a search condition written on the table is never an index
 * condition: a rare or absent term read the whole site. The hireline_search_* functions (migration 0025) apply the
 * tenant condition themselves and return only ids; the query then filters `id = ANY (…)`, where the table's own policy
 * checks every row again. Where no policy binds the caller (the owner, PGlite's single superuser) the plain condition
 * already uses the index and is kept. Beyond a few hundred matches the ids stop paying (a common term is found
 * quickly by walking a list's own index), so a list then keeps its plain condition too.
 */

/** More matches than this are not listed as ids. */
export const SEARCH_IDS_CAP = 500;

/**
 * How a prepared search finds its rows: `plain` conditions on the table (no policy binds the caller), the `ids` the
 * function returned, or `many`: more than {@link SEARCH_IDS_CAP} matched.
 */
export type Matched = { kind: 'plain' } | { kind: 'many' } | { kind: 'ids'; ids: string[] };

/** A hireline_search_* function's call, given its last argument (max_rows; null: all). */
export type SearchCall = (maxRows: number | null) => SQL;

/**
 * A select-list expression for {@link parseMatched}: `call` run only when the caller is bound by `table`'s policy,
 * for one row more than the cap.
 */
export const matchedIds = (table: string, call: SearchCall): SQL<string | null> =>
  sql<string | null>`(case when row_security_active(${table}::regclass) then
    (select case when count(*) > ${SEARCH_IDS_CAP} then '*' else coalesce(string_agg(id::text, ','), '') end
      from ${call(SEARCH_IDS_CAP + 1)} as id) end)`;

export const parseMatched = (text: string | null | undefined): Matched =>
  text === null || text === undefined
    ? { kind: 'plain' }
    : text === '*'
      ? { kind: 'many' }
      : { kind: 'ids', ids: text ? text.split(',') : [] };

/** `column` among `ids`, one array parameter (the ids are uuids the database returned). */
export const idAmong = (column: PgColumn, ids: string[]): SQL =>
  ids.length ? sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])` : sql`false`;

/** {@link matchedIds} on its own, for a query that has no round trip of its own to carry it. */
export async function matchOf(db: DbOrTx, table: string, call: SearchCall): Promise<Matched> {
  const result = await db.execute<{ ids: string | null }>(sql`select ${matchedIds(table, call)} as ids`);
  return parseMatched(result.rows[0]?.ids);
}

/** The wanted tags as a text[] expression, one parameter each. */
export const tagArray = (tags: readonly string[]): SQL => sql`array[${sql.join(tags.map((t) => sql`${t}`), sql`, `)}]::text[]`;

/**
 * A tag filter's match (hireline_tagged_* functions, as for search): undefined without tags, so the list adds no
 * condition.
 */
export function prepareTags(db: DbOrTx, table: string, fn: string, scopeId: string, tags: readonly string[] | undefined) {
  if (!tags?.length) return undefined;
  return matchOf(db, table, (n) => sql`${sql.identifier(fn)}(${scopeId}::uuid, ${tagArray(tags)}, ${n}::int)`);
}

/** The tag condition: the ids the function found, or `plain` (`tags @> …`) where no policy binds or too many matched. */
export const tagCondition = (column: PgColumn, tagged: Matched | undefined, plain: SQL | undefined): SQL | undefined =>
  tagged?.kind === 'ids' ? idAmong(column, tagged.ids) : plain;
