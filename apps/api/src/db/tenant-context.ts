import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Which accounts' rows the database may show the code running now (ADR 012). PostgreSQL's row-level security reads
 * it from the session setting `hireline.tenant`, which the pool sets on each connection before handing it out: a
 * list of account ids, or `*` for work that is not one caller's (sign-in, the board's public pages, the scheduler,
 * migrations and seeding). A request of signed-in staff runs inside {@link withTenants} with the accounts the caller
 * belongs to, so a query that forgets its account filter still cannot return another tenant's rows.
 */

export type Tenants = '*' | readonly string[];

const current = new AsyncLocalStorage<string>();

/**
 * Runs `fn` (and everything it starts) seeing only `accounts`' rows; `*` sees every row. Drizzle's queries are lazy:
 * one must be awaited inside `fn` (`async () => await db.select()…`), or it runs after, outside.
 */
export function withTenants<T>(accounts: Tenants, fn: () => T): T {
  return current.run(accounts === '*' ? '*' : accounts.join(','), fn);
}

/** The `hireline.tenant` value for the code running now: `*` outside any request. */
export function tenantSetting(): string {
  return current.getStore() ?? '*';
}

/**
 * For the few questions about a person's whole reach that one tenant's rows cannot answer (do they still have access
 * anywhere else? which memberships decide what they may do?): runs `fn` seeing every account, also inside a
 * transaction, whose connection already carries the request's setting. Only for answers that show nothing of
 * another tenant's (a yes or no, a sign-in's own memberships).
 */
export async function acrossTenants<T>(db: DbOrTx, fn: () => Promise<T>): Promise<T> {
  if (!(db instanceof PgTransaction)) return withTenants('*', fn);
  const before = tenantSetting();
  await db.execute(sql`select set_config('hireline.tenant', '*', true)`);
  try {
    return await fn();
  } finally {
    // In a transaction that has failed this cannot run, and need not: the rollback restores the setting.
    await db.execute(sql`select set_config('hireline.tenant', ${before}, true)`).catch(() => {});
  }
}

/**
 * `fn` bound to the tenant context of the code running now, for work that continues after the request's handler has
 * returned (a streamed export's later batches): each call runs seeing the same accounts as the caller did.
 */
export function bindTenants<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const store = current.getStore();
  return (...args) => (store === undefined ? fn(...args) : current.run(store, () => fn(...args)));
}
