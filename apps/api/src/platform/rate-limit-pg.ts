import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sha256 } from './crypto';
import { tooManyRequests } from './errors';
import type { RateLimiter } from './rate-limit';

/*
 * The rate limiter of PostgreSQL deployments (ADR 004): one row per key in `rate_limit_windows`, shared by every API
 * process on the database, so a limit of 10 means 10 in total whichever process each request reaches.
 *
 * - A hit is one statement, an upsert: the row lock it takes serialises concurrent hits on a key, so 40 hits at once
 *   against a limit of 10 let exactly 10 through, on one process or several.
 * - The database's clock starts and ends windows (`statement_timestamp()`), so processes with drifting clocks agree.
 * - Keys name emails and IP addresses: the table holds their sha256 only.
 * - The statements need no tenant (the table has no row-level security policy), in a request or outside one.
 */

/** A finished window's row is only ever restarted by its next hit; the scheduler deletes it once this long has passed. */
const KEEP_FINISHED_MS = 60 * 60_000;

const hashed = (key: string) => sha256(key);

export function postgresRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const length = `${Math.max(1, Math.round(windowMs))} milliseconds`;
      // A finished window (window_end <= now) restarts at 1; a running one counts on.
      const { rows } = await db.execute<{ count: number; retry_after: string }>(sql`
        insert into rate_limit_windows as w (key, window_start, window_end, count)
        values (${hashed(key)}, statement_timestamp(), statement_timestamp() + ${length}::interval, 1)
        on conflict (key) do update set
          window_start = case when w.window_end <= statement_timestamp() then excluded.window_start else w.window_start end,
          window_end = case when w.window_end <= statement_timestamp() then excluded.window_end else w.window_end end,
          count = case when w.window_end <= statement_timestamp() then 1 else w.count + 1 end
        returning count, extract(epoch from window_end - statement_timestamp())::text as retry_after`);
      const row = rows[0]!;
      if (row.count > limit) throw tooManyRequests(Number(row.retry_after));
      return Number(row.count);
    },
    async undo(key) {
      // Only within the window the hit was counted in: a new window owes nothing back.
      await db.execute(sql`
        update rate_limit_windows set count = count - 1
        where key = ${hashed(key)} and count > 0 and window_end > statement_timestamp()`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limit_windows where key = ${hashed(key)}`);
    },
  };
}

/** The scheduler's sweep: rows of windows that ended over an hour ago. Answers how many went. */
export async function sweepRateLimitWindows(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from rate_limit_windows
      where window_end < statement_timestamp() - ${`${KEEP_FINISHED_MS} milliseconds`}::interval
      returning 1
    )
    select count(*)::int as n from gone`);
  return rows[0]!.n;
}
