import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { runShaped, type Shape } from './prepared';
import type { Total, TotalsCache } from './totals-cache';

/** Counted exactly up to here; past it the planner's estimate is shown as such (`meta.estimated`, ADR 008). */
export const COUNT_CAP = 10_000;

/**
 * A big list's total (ADR 008): counting a 100,000-row site on every page cost more than the page itself
 * (bench/README.md), and nobody pages through ten thousand rows. Exact up to {@link COUNT_CAP}, beyond it the
 * planner's row estimate; totals above a thousand are kept a few seconds per query (totals-cache.ts). `label` keeps
 * the lists' cache keys apart.
 */
export async function cappedTotal(db: DbOrTx, table: PgTable, where: SQL, totals: TotalsCache, label: string): Promise<Total> {
  const counting = countingOf(db, table, where);
  const { sql: text, params } = counting.toSQL();
  return totals.get(`${label}:${text}:${JSON.stringify(params)}`, () => bounded(db, table, where, () => counting));
}

/**
 * {@link cappedTotal} of a list whose statements are prepared per shape: the count is one too, and the cache key is
 * the shape and its values, so nothing is built on a request the totals cache answers.
 */
export function cappedTotalShaped(db: DbOrTx, table: PgTable, shape: Shape, totals: TotalsCache, label: string): Promise<Total> {
  return totals.get(`${label}:${shape.key}:${JSON.stringify(shape.values)}`, () =>
    bounded(db, table, shape.literal, () => runShaped(db, `${shape.key}|count`, () => countingOf(db, table, shape.where()), shape.values)),
  );
}

const countingOf = (db: DbOrTx, table: PgTable, where: SQL) =>
  db.select({ n: count() }).from(db.select({ one: sql`1`.as('one') }).from(table).where(where).limit(COUNT_CAP + 1).as('capped'));

/** The count up to the cap; beyond it the planner's estimate for `where` (with its values). */
async function bounded(db: DbOrTx, table: PgTable, where: SQL | (() => SQL), counting: () => Promise<Array<{ n: number }>>): Promise<Total> {
  const [row] = await counting();
  const n = row?.n ?? 0;
  if (n <= COUNT_CAP) return { total: n, estimated: false };
  const [planned = 0] = await plannedRows(db, sql`select 1 from ${table} where ${typeof where === 'function' ? where() : where}`);
  return { total: Math.max(COUNT_CAP + 1, planned), estimated: true };
}

/** A list's rows per group ({@link cappedCounts}); `estimated` as a total's. */
export interface GroupCounts<K extends string> {
  counts: Map<K, number>;
  estimated: boolean;
}

/**
 * A list's rows per value of `column` (the applications' stage tabs), bounded as {@link cappedTotal} bounds a total:
 * one pass over at most {@link COUNT_CAP} + 1 of the rows, exact when the list is no longer. Beyond it each group is
 * the planner's estimate for the list's condition and the group's, never less than the pass saw of it (`estimated`).
 * Counted in full, a filter matching most of a 300,000-application site cost 0.2 s on every list request.
 */
export async function cappedCounts<K extends string>(db: DbOrTx, table: PgTable, where: SQL, column: PgColumn, groups: readonly K[]): Promise<GroupCounts<K>> {
  const capped = db.select({ group: sql<K>`${column}`.as('grp') }).from(table).where(where).limit(COUNT_CAP + 1).as('capped');
  const rows = await db.select({ group: capped.group, n: count() }).from(capped).groupBy(capped.group);
  const seen = new Map(rows.map((r) => [r.group, Number(r.n)]));
  if (rows.reduce((n, r) => n + Number(r.n), 0) <= COUNT_CAP) return { counts: seen, estimated: false };
  const planned = await plannedRows(db, ...groups.map((g) => sql`select 1 from ${table} where ${and(where, eq(column, g))}`));
  return { counts: new Map(groups.map((g, i) => [g, Math.max(seen.get(g) ?? 0, planned[i] ?? 0)])), estimated: true };
}

/**
 * The planner's row estimates for queries, without running them. Planned as the connection's login role: under the
 * API role every plan also carries the row-level-security filter (ADR 012), which the planner cannot see through
 * (it reads a setting) and guesses keeps a small fraction of the rows, so a 100,000-row site would be estimated at
 * about a thousand. EXPLAIN without ANALYZE reads no row, and the query's own conditions are the caller's scoped
 * ones; the role is restored before the transaction (or the caller's, as a savepoint) goes on.
 */
async function plannedRows(db: DbOrTx, ...queries: SQL[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [{ role } = { role: 'none' }] = (await tx.execute<{ role: string }>(sql`select current_user as role`)).rows;
    await tx.execute(sql`set local role none`);
    const rows: number[] = [];
    for (const query of queries) {
      const plan = await tx.execute<Record<string, unknown>>(sql`explain (format json) ${query}`);
      const raw = plan.rows[0]?.['QUERY PLAN'];
      const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
      rows.push(Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0)));
    }
    await tx.execute(sql`select set_config('role', ${role}, true)`);
    return rows;
  });
}
