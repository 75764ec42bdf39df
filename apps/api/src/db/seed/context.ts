import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import type { Rng } from './random';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** What every seed step shares: the transaction, the PRNG, the clock everything is relative to. */
export interface SeedContext {
  tx: DbOrTx;
  rng: Rng;
  now: Date;
  passwordHash: string;
}

/** A moment `days` before now, plus up to `jitterHours` earlier, on a whole second. */
export function daysAgo(ctx: SeedContext, days: number, jitterHours = 0): Date {
  const jitter = jitterHours > 0 ? ctx.rng.int(0, jitterHours * 3600) * 1000 : 0;
  return new Date(Math.floor((ctx.now.getTime() - days * DAY - jitter) / 1000) * 1000);
}

/** A random moment between two dates (never after `now`). */
export function between(ctx: SeedContext, from: Date, to: Date): Date {
  const end = Math.min(to.getTime(), ctx.now.getTime());
  const start = Math.min(from.getTime(), end);
  return new Date(Math.floor((start + ctx.rng.next() * (end - start)) / 1000) * 1000);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY);
}

export function addMinutes(d: Date, minutes: number): Date {
  return new Date(d.getTime() + minutes * 60_000);
}

/** PostgreSQL takes at most 65,535 bind parameters per statement. */
const MAX_PARAMS = 60_000;

/**
 * One multi-row INSERT per table (chunked only past the parameter limit), never one per row.
 * `updatedAt` defaults to the row's `createdAt` instead of the wall clock, so a seed is reproducible.
 */
export async function insertMany<T extends PgTable>(db: DbOrTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const stamped =
    'updatedAt' in getTableColumns(table)
      ? rows.map((r: { createdAt?: unknown; updatedAt?: unknown }) =>
          r.updatedAt === undefined && r.createdAt ? { ...r, updatedAt: r.createdAt } : r,
        )
      : rows;
  const columns = Math.max(1, ...stamped.map((r) => Object.keys(r).length));
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < stamped.length; i += size) {
    // Drizzle cannot relate a generic table to its insert type; callers are typed through `rows`.
    await db.insert(table).values(stamped.slice(i, i + size) as never);
  }
}

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}
