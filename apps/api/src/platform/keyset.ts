import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/*
 * Keyset paging for exports: the next batch starts after the last row sent, found through the list's own
 * (sort column, id) order, so every batch costs the same however deep into the list it is (an offset re-reads every
 * row it skips). The sort value travels as the database's own text for it (`::text`), so a timestamp keeps its
 * microseconds, which a JavaScript Date would cut to milliseconds and so skip or repeat rows on the boundary.
 */

/** Where the previous batch stopped: its last row's sort value as text (null for a row without one) and its id. */
export interface Keyset {
  key: string | null;
  id: string;
}

/** The select field that gives a row its {@link Keyset} value. */
export const keyOf = (column: PgColumn) => sql<string | null>`${column}::text`;

/**
 * Rows after `k` in the order `column dir nulls (last|first), id dir`; nothing when there is no previous batch. The
 * sort value is compared as a parameter PostgreSQL types from the column (a timestamp, text or an enum in its order).
 */
export function afterKeyset(column: PgColumn, id: PgColumn, dir: 'asc' | 'desc', nullsLast: boolean, k: Keyset | null): SQL | undefined {
  if (!k) return undefined;
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  const tie = sql`${id} ${op} ${k.id}`;
  if (k.key === null) return nullsLast ? sql`(${column} is null and ${tie})` : sql`(${column} is not null or ${tie})`;
  const past = sql`(${column} ${op} ${k.key} or (${column} = ${k.key} and ${tie}))`;
  return nullsLast ? sql`(${past} or ${column} is null)` : past;
}

/**
 * Rows after the row `lastId` in the order `column dir, id dir` of a NOT NULL column, its sort value read back by id in
 * the query itself (an index lookup PostgreSQL runs once): for a list whose select need not carry a keyset value.
 */
export function afterRow(column: PgColumn, id: PgColumn, dir: 'asc' | 'desc', lastId: string | null): SQL | undefined {
  if (!lastId) return undefined;
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  const key = sql`(select ${column} from ${column.table} where ${id} = ${lastId})`;
  return sql`(${column} ${op} ${key} or (${column} = ${key} and ${id} ${op} ${lastId}))`;
}
