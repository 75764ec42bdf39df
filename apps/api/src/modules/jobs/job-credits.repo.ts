import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { creditLedgers } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';

/**
 * The two credit movements a job makes: the post charge and the refund on rejection. Each runs in the caller's
 * transaction with the employer row locked, so the ledger row and the cached balance always move together and
 * concurrent posts queue behind one another instead of both reading the same balance.
 */

export interface CreditMove {
  accountId: string;
  siteId: string;
  employerId: string;
  jobId: string;
  actorUserId: string | null;
  reason: string;
}

/**
 * Row-locks the employer (`FOR NO KEY UPDATE`: the lock the balance UPDATE takes anyway) so the balance read here stays
 * true until the transaction ends and concurrent posts take turns. Unlike `FOR UPDATE` it does not hold up inserts that
 * merely reference the employer (new jobs, applications), which only need `FOR KEY SHARE`.
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
 * Appends one ledger row for the job and moves the cached balance by the same amount. The partial unique index
 * (one post and one refund per job) makes a repeat a no-op: returns the new balance, or null when nothing moved.
 */
async function move(tx: Tx, m: CreditMove, action: 'post' | 'refund', amount: 1 | -1): Promise<number | null> {
  const balance = (await lockBalance(tx, m.employerId)) + amount;
  const [row] = await tx
    .insert(creditLedgers)
    .values({
      accountId: m.accountId,
      siteId: m.siteId,
      employerId: m.employerId,
      action,
      creditAmount: amount,
      balance,
      referenceType: 'job',
      referenceId: m.jobId,
      reason: m.reason,
      actorUserId: m.actorUserId,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedgers.id });
  if (!row) return null;
  await tx.update(employers).set({ creditBalance: balance }).where(eq(employers.id, m.employerId));
  return balance;
}

/** Call with the balance already checked (≥ 1) under the lock; the CHECK on the balance is the last guard. */
export const chargePost = (tx: Tx, m: CreditMove) => move(tx, m, 'post', -1);

/** Refunds only what was charged: no post row for the job (e.g. a seeded or imported job), no refund. */
export async function refundPost(tx: Tx, m: CreditMove): Promise<number | null> {
  const [charged] = await tx
    .select({ id: creditLedgers.id })
    .from(creditLedgers)
    .where(
      and(
        eq(creditLedgers.employerId, m.employerId),
        eq(creditLedgers.action, 'post'),
        eq(creditLedgers.referenceType, 'job'),
        eq(creditLedgers.referenceId, m.jobId),
      ),
    )
    .limit(1);
  return charged ? move(tx, m, 'refund', 1) : null;
}
