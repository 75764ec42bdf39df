import { eq, sql } from 'drizzle-orm';
import type { CreditAction } from '@hireline/contract/enums';
import type { Tx } from '../../db/client';
import { creditLedgers, type CreditReferenceType } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';

/**
 * Every credit movement goes through {@link appendEntry}: one append-only ledger row and the employer's cached
 * balance moved by the same amount, in the caller's transaction, with the employer row locked. Concurrent movements
 * of one employer therefore take turns at the balance (no double spend), the balance always equals the sum of the
 * ledger, and the CHECK on it (≥ 0) is the last guard.
 */

export interface Entry {
  accountId: string;
  siteId: string;
  employerId: string;
  action: CreditAction;
  /** Signed: + credits in, − credits out. */
  amount: number;
  referenceType: CreditReferenceType | null;
  referenceId: string | null;
  reason: string | null;
  actorUserId: string | null;
}

/**
 * Row-locks the employer (`FOR NO KEY UPDATE`: the lock the balance UPDATE takes anyway) so the balance read here stays
 * true until the transaction ends. Unlike `FOR UPDATE` it does not hold up inserts that merely reference the employer
 * (new jobs, applications), which only need `FOR KEY SHARE`.
 */
export async function lockBalance(tx: Tx, employerId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: employers.creditBalance })
    .from(employers)
    .where(eq(employers.id, employerId))
    .for('no key update');
  return row?.balance ?? 0;
}

/**
 * Appends one entry and moves the cached balance. The partial unique index (one purchase credit per purchase, one
 * post charge and one refund per job) makes a repeat a no-op: answers the row and the new balance, or null when
 * nothing moved. Call with the balance already checked under the lock when the amount is negative.
 */
export async function appendEntry(tx: Tx, e: Entry): Promise<{ id: string; balance: number; createdAt: Date } | null> {
  const balance = (await lockBalance(tx, e.employerId)) + e.amount;
  const [row] = await tx
    .insert(creditLedgers)
    .values({
      accountId: e.accountId,
      siteId: e.siteId,
      employerId: e.employerId,
      action: e.action,
      creditAmount: e.amount,
      balance,
      referenceType: e.referenceType,
      referenceId: e.referenceId,
      reason: e.reason,
      actorUserId: e.actorUserId,
      // The time of writing, under the employer lock, not the transaction's start (`now()`): a transaction that
      // began first but waited for the lock must not sort before the entry whose balance it follows.
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedgers.id, createdAt: creditLedgers.createdAt });
  if (!row) return null;
  await tx.update(employers).set({ creditBalance: balance }).where(eq(employers.id, e.employerId));
  return { id: row.id, balance, createdAt: row.createdAt };
}
