import { is, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';

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
export const keyOf = (column: PgColumn | SQL) => sql<string | null>`${column}::text`;

/**
 * Rows after `k` in the order `column dir nulls (last|first), id dir`; nothing when there is no previous batch. The
 * sort value is compared as a parameter PostgreSQL types from the column (a timestamp, text or an enum in its order).
 */
export function afterKeyset(column: PgColumn | SQL, id: PgColumn, dir: 'asc' | 'desc', nullsLast: boolean, k: Keyset | null): SQL | undefined {
  if (!k) return undefined;
  const op = sql.raw(dir === 'asc' ? '>' : '<');
  const tie = sql`${id} ${op} ${k.id}`;
  if (k.key === null) return nullsLast ? sql`(${column} is null and ${tie})` : sql`(${column} is not null or ${tie})`;
  // `column op key or (column = key and id op id)` as one row comparison, which PostgreSQL reads as a single range of
  // the list's (…, column, id) index: written out, it was a filter, and every batch re-read the list from its start
  // (the 300th batch of an export 200,000 rows in; a 300,000-row export took 72 s).
  const past = sql`(${column}, ${id}) ${op} (${k.key}, ${k.id})`;
  // Rows without a value come after the others; a column that cannot be null has none to add (and the OR would
  // take the range away again).
  return nullsLast && !(is(column, PgColumn) && column.notNull) ? sql`(${past} or ${column} is null)` : past;
}

/**
 * One sort of a list, for its page and its export alike: the value the rows are ordered by (a column or an expression
 * such as `lower(name)`), the direction, and where rows without a value go; the id breaks ties, in the same direction,
 * unless the value alone is unique.
 */
export interface SortKey {
  value: PgColumn | SQL;
  dir: 'asc' | 'desc';
  nullsLast: boolean;
  unique?: boolean;
}

/**
 * A {@link SortKey}; rows without a value where PostgreSQL puts them by default (last ascending, first descending)
 * unless `nullsLast` says otherwise, to match the index that serves the sort.
 */
export const sortKey = (value: PgColumn | SQL, dir: 'asc' | 'desc', o: { nullsLast?: boolean; unique?: boolean } = {}): SortKey => ({
  value,
  dir,
  nullsLast: o.nullsLast ?? dir === 'asc',
  unique: o.unique,
});

/** The ORDER BY of a sort, its null order spelled out (a plain `desc` means NULLS FIRST), then the id. */
export const orderByKey = (k: SortKey, id: PgColumn): SQL[] => [
  sql`${k.value} ${sql.raw(k.dir)} ${sql.raw(k.nullsLast ? 'nulls last' : 'nulls first')}`,
  ...(k.unique ? [] : [sql`${id} ${sql.raw(k.dir)}`]),
];

/** The rows after `after` in the sort's order (nothing for the first batch). */
export const afterKey = (k: SortKey, id: PgColumn, after: Keyset | null): SQL | undefined => afterKeyset(k.value, id, k.dir, k.nullsLast, after);

/**
 * An export's batches (csv-stream.ts) over a query that answers each row with its `sortKey` (the {@link keyOf} of the
 * sort's value): each batch starts where the last one stopped.
 */
export function keysetBatches<R extends { id: string; sortKey: string | null }, T>(
  read: (after: Keyset | null, limit: number) => Promise<R[]>,
  present: (rows: R[]) => T[] | Promise<T[]>,
) {
  let after: Keyset | null = null;
  return async (_last: unknown, limit: number): Promise<T[]> => {
    const rows = await read(after, limit);
    const tail = rows.at(-1);
    if (tail) after = { key: tail.sortKey, id: tail.id };
    return present(rows);
  };
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
