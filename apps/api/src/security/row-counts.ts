import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The next transaction id PostgreSQL will give out (the current snapshot's xmax). */
async function nextXid(db: Db): Promise<string> {
  const rows = await db.execute<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return String(rows.rows[0]!.x);
}

/**
 * `count` read again only when something may have written since it was last read. Every transaction that inserts,
 * updates or deletes a row is given a transaction id; while the next id to give out stays the same, no row anywhere
 * was added or removed and the last counts still hold. The sweeps ask for row counts after nearly every request and
 * most requests write nothing, so this spares counting every table each time without weakening any comparison: the
 * answer is always what counting now would give. (On a PostgreSQL server other databases' writes move the id too,
 * which costs a count, never a wrong answer.)
 */
export function countsUnlessUnchanged(db: Db, count: () => Promise<Record<string, number>>): () => Promise<Record<string, number>> {
  let seenAt: string | null = null;
  let last: Record<string, number> = {};
  return async () => {
    // Read before counting: a write that lands during the count moves the id, so the next call counts again.
    const xid = await nextXid(db);
    if (xid !== seenAt) {
      last = await count();
      seenAt = xid;
    }
    return { ...last };
  };
}
