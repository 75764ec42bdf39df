import { createHash } from 'node:crypto';
import { and, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/*
 * The hot lists' statements, built once per query shape and run as named prepared statements, as the caller lookup
 * is (auth.ts). A shape is what decides the SQL text: which filters are present, the sort and its direction; every
 * value is a placeholder. Building a list's statement with drizzle cost more Node time per request than the rest of
 * the page, and PostgreSQL parsed and planned it on every request (bench/README.md).
 */

/** A statement's values, by placeholder name. */
export type Values = Record<string, unknown>;

interface Runnable<R> {
  execute(values?: Values): Promise<R>;
}

/** A drizzle query built with `sql.placeholder(…)` for its values. */
export interface Preparable<R> extends Runnable<R> {
  prepare(name: string): Runnable<R>;
}

/**
 * Named statements kept per database. The shapes are finite (the contract's filters and sorts) but their product is
 * large; past this many a shape runs unnamed (built again, parsed and planned as before), so neither the process nor
 * PostgreSQL's per-connection statement cache grows without bound.
 */
export const MAX_SHAPES = 200;

const byDb = new WeakMap<object, Map<string, Runnable<unknown>>>();

/**
 * The name PostgreSQL knows the statement by on each connection. It depends only on the shape, so every database
 * object of a process that shares a pool gives the same text the same name (pg refuses a name reused for another
 * text on one connection).
 */
const nameOf = (key: string) => `shape_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/**
 * Runs `build()`'s statement for `key` with `values`: prepared once per database and shape, then only executed.
 * Inside a transaction it runs unnamed: a transaction object lives for one unit of work, caching on it would only
 * fill the cache.
 */
export function runShaped<R>(db: DbOrTx, key: string, build: () => Preparable<R>, values: Values): Promise<R> {
  if (db instanceof PgTransaction) return build().execute(values);
  let shapes = byDb.get(db);
  if (!shapes) byDb.set(db, (shapes = new Map()));
  let statement = shapes.get(key) as Runnable<R> | undefined;
  if (!statement) {
    if (shapes.size >= MAX_SHAPES) return build().execute(values);
    statement = build().prepare(nameOf(key));
    shapes.set(key, statement);
  }
  return statement.execute(values);
}

/** How many shapes `db` holds prepared (tests: one per shape, whatever the values). */
export const preparedShapes = (db: DbOrTx): number => byDb.get(db)?.size ?? 0;

/** Values or, in a prepared statement, their placeholders. */
export type Bound<V> = { [K in keyof V]: V[K] | Placeholder };

/** Each present value's placeholder, by the same name; absent values stay absent (they shape the statement). */
export function placeholders<V extends Values>(values: V): Bound<V> {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) out[name] = value === undefined ? undefined : sql.placeholder(name);
  return out as Bound<V>;
}

/** The shape's key: `label`, the names of the present values and whatever else decides the text (a sort). */
export const shapeKey = (label: string, values: Values, ...rest: Array<string | number | boolean | undefined>): string =>
  `${label}|${Object.keys(values)
    .filter((k) => values[k] !== undefined)
    .join(',')}|${rest.join('|')}`;

/** `column` among the values: one array parameter when prepared, the usual IN list otherwise. */
export const among = (column: PgColumn, values: readonly unknown[] | Placeholder): SQL =>
  Array.isArray(values) ? inArray(column, values) : sql`${column} = any(${values})`;

/** A shaped list's condition: on placeholders for its statements, on its values for the planner (capped-count.ts). */
export interface Shape {
  key: string;
  values: Values;
  where(): SQL;
  literal(): SQL;
}

/** A list's shape and its sort, which decides the page's ORDER BY. */
export type ListShape<S> = Shape & { sort: S };

/**
 * The shape of a list whose filters are `values` (absent ones undefined) and whose WHERE is `conditions` of them;
 * `rest` names whatever else decides the text besides the sort (a flag that adds a condition of its own).
 */
export function listShape<V extends Values, S extends string>(
  label: string,
  values: V,
  sort: S,
  conditions: (v: Bound<V>) => Array<SQL | undefined>,
  ...rest: Array<string | number | boolean | undefined>
): ListShape<S> {
  return {
    key: shapeKey(label, values, ...rest, sort),
    values,
    sort,
    where: () => and(...conditions(placeholders(values)))!,
    literal: () => and(...conditions(values as Bound<V>))!,
  };
}

/** A list's page query, given its condition, order and the page's limit and offset. */
type PageQuery<R> = (db: DbOrTx, where: SQL, order: SQL[], limit: Placeholder, offset: Placeholder) => Preparable<R>;

/** One page of a shaped list, as the shape's prepared statement. */
export const pageShaped = <S, R>(
  db: DbOrTx,
  shape: ListShape<S>,
  query: PageQuery<R>,
  orderOf: (sort: S) => SQL[],
  limit: number,
  offset: number,
): Promise<R> =>
  runShaped(db, `${shape.key}|page`, () => query(db, shape.where(), orderOf(shape.sort), sql.placeholder('limit'), sql.placeholder('offset')), {
    ...shape.values,
    limit,
    offset,
  });
