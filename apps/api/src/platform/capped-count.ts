import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
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
  const capped = db.select({ one: sql`1`.as('one') }).from(table).where(where).limit(COUNT_CAP + 1).as('capped');
  const counting = db.select({ n: count() }).from(capped);
  const { sql: text, params } = counting.toSQL();
  return totals.get(`${label}:${text}:${JSON.stringify(params)}`, async () => {
    const [row] = await counting;
    const n = row?.n ?? 0;
    if (n <= COUNT_CAP) return { total: n, estimated: false };
    return { total: Math.max(COUNT_CAP + 1, await plannedRows(db, sql`select 1 from ${table} where ${where}`)), estimated: true };
  });
}

/**
 * The planner's row estimate for a query, without running it. Planned as the connection's login role: under the
 * API role every plan also carries the row-level-security filter (ADR 012), which the planner cannot see through
 * (it reads a setting) and guesses keeps a small fraction of the rows, so a 100,000-row site would be estimated at
 * about a thousand. EXPLAIN without ANALYZE reads no row, and the query's own conditions are the caller's scoped
 * ones; the role is restored before the transaction (or the caller's, as a savepoint) goes on.
 */
async function plannedRows(db: DbOrTx, query: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ role } = { role: 'none' }] = (await tx.execute<{ role: string }>(sql`select current_user as role`)).rows;
    await tx.execute(sql`set local role none`);
    const plan = await tx.execute<Record<string, unknown>>(sql`explain (format json) ${query}`);
    await tx.execute(sql`select set_config('role', ${role}, true)`);
    const raw = plan.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
    return Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  });
}
