import { CREDITS_PER_POST } from '@hireline/contract/credits';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { NotifyDeps } from '../../platform/notify/notify';
import { notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice } from '../../platform/site-slice';
import type { PurchaseRow } from '../credits/credits.repo';
import type { RequestIdentity } from '../../platform/idempotency';
import { openCheckout } from '../credits/purchases.service';
import type { Actor } from './job-fields';
import { postable, publish } from './job-post.service';
import { allowedActions, assertAllowed, PLATFORM } from './job.policy';
import * as repo from './jobs.repo';

/*
 * Direct payment for one job post (DESIGN §5): one credit at the 1-credit price, bought at the provider and, once
 * the payment is confirmed, spent on this draft in the same transaction that credits it (credits/purchases.service.ts
 * settlePurchase calls spendOnJob below).
 */

/** Checks the draft could be posted now (so nobody pays for a job that cannot go live), keeps the chosen product on
 * it, and opens a checkout for one credit; all in the checkout's transaction, after its Idempotency-Key. */
export async function payForJob(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor & { email: string | null },
  id: string,
  body: { product_id?: string; return_to?: string },
  request: RequestIdentity,
) {
  const slice = siteSlice(scope);
  return openCheckout(deps, slice, actor, { ...request, body }, async (tx) => {
    const job = await repo.findJob(tx, slice, id, { lock: true });
    if (!job) throw notFound();
    assertAllowed(job, actor, 'post');
    const { product } = await postable(tx, slice, job, body.product_id);
    if (product.id !== job.productId) await repo.updateJob(tx, job.id, { productId: product.id });
    return {
      employerId: job.employerId,
      // Exactly what posting spends, bought and spent in one go.
      quantity: CREDITS_PER_POST,
      purpose: 'job_post',
      jobId: job.id,
      description: () => `Job post: ${job.title}`,
      returnTo: body.return_to ?? null,
    };
  });
}

/**
 * Spends a paid direct payment's credit on its job, if the job is still a draft that can be posted; otherwise the
 * credit stays on the balance (the payment-success page says so) and the caller's savepoint undoes any partial step.
 */
export async function spendOnJob(deps: NotifyDeps, tx: Tx, p: PurchaseRow): Promise<boolean> {
  if (!p.jobId) return false;
  const slice = { accountId: p.accountId, siteId: p.siteId, employerIds: [p.employerId] };
  const job = await repo.findJob(tx, slice, p.jobId, { lock: true });
  if (!job || !allowedActions(job, PLATFORM).includes('post')) return false;
  const site = await repo.siteOf(tx, p.siteId);
  await publish(deps, tx, slice, job, undefined, {
    userId: p.createdByUserId,
    enterpriseId: site.enterpriseId,
    impersonatorUserId: null,
    ip: null,
  });
  return true;
}
