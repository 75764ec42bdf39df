import { and, eq } from 'drizzle-orm';
import { CREDITS_PER_POST } from '@hireline/contract/credits';
import type { Tx } from '../../db/client';
import { creditLedgers } from '../../db/schema/credits';
import { appendEntry, lockBalance } from '../credits/ledger.repo';

/**
 * The two credit movements a job makes: the post charge and the refund on rejection, through the credit ledger's
 * one way of moving credits (credits/ledger.repo.ts), in the caller's transaction.
 */

export interface CreditMove {
  accountId: string;
  siteId: string;
  employerId: string;
  jobId: string;
  actorUserId: string | null;
  reason: string;
}

export { lockBalance };

/** One post charge or refund for the job: {@link appendEntry} with the job as reference. */
async function move(tx: Tx, m: CreditMove, action: 'post' | 'refund', amount: number): Promise<number | null> {
  const entry = await appendEntry(tx, { ...m, action, amount, referenceType: 'job', referenceId: m.jobId });
  return entry?.balance ?? null;
}

/**
 * Call with the balance already checked (≥ CREDITS_PER_POST, the contract's price of a post, which the portal quotes)
 * under the lock; the CHECK on the balance is the last guard.
 */
export const chargePost = (tx: Tx, m: CreditMove) => move(tx, m, 'post', -CREDITS_PER_POST);

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
  return charged ? move(tx, m, 'refund', CREDITS_PER_POST) : null;
}
