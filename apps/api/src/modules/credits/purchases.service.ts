import type { Purchase } from '@hireline/contract/credits';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { tenantLink } from '../../platform/links';
import { messages } from '@hireline/contract/messages';
import { invalid, notFound, providerUnavailable } from '../../platform/errors';
import { once, type RequestIdentity } from '../../platform/idempotency';
import type { CheckoutState } from '../../platform/payments/provider';
import type { ResolvedScope } from '../../platform/scope';
import type { SiteSlice } from '../../platform/site-slice';
import * as repo from './credits.repo';
import { creditScope, priceQuote, type CreditActor } from './credits.service';
import { appendEntry } from './ledger.repo';
import { notifyPurchased } from './credit-notify';
import type { NotifyDeps } from '../../platform/notify/notify';

/*
 * Buying credits (DESIGN §5): a purchase is recorded at the quoted price, the buyer pays at the provider, and the
 * news of the payment — from the sandbox page, a Stripe webhook or the success page asking the provider — lands in
 * settlePurchase(), the one place that credits. There the purchase row is locked and the ledger's unique index
 * allows one credit entry per purchase, so replays, reloads and races credit exactly once.
 */

/** What a paid direct payment does with its credit: spend it on the job (jobs module); true when it did. */
export type SpendOnJob = (deps: NotifyDeps, tx: Tx, purchase: repo.PurchaseRow) => Promise<boolean>;

export interface SettleHooks {
  spendOnJob: SpendOnJob;
}

/** What a checkout sells, settled inside its transaction (after the Idempotency-Key, so a replay needs none of it). */
export interface CheckoutOrder {
  employerId: string;
  quantity: number;
  purpose: 'credits' | 'job_post';
  jobId: string | null;
  /** The line the buyer sees at the provider, given the site's name. */
  description: (siteName: string) => string;
  returnTo: string | null;
}

/** The portal page the provider sends the buyer back to (`&cancelled=1` appended for a cancel). */
export const successPath = (site: { accountSlug: string; slug: string }, purchaseId: string, returnTo: string | null) =>
  `/${site.accountSlug}/${site.slug}/credit-system/payment-success?purchase=${purchaseId}` +
  (returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : '');

/**
 * Records a pending purchase at the current quote and opens the provider's checkout, in one transaction with the
 * Idempotency-Key: a failure anywhere (the provider unreachable included) leaves no purchase and the key free. The key
 * is claimed first, so a retried request gets its stored answer whatever has happened since (the payment made, the
 * job posted); `order` then checks and names what is sold, under whatever locks it takes in `tx`.
 */
export async function openCheckout(
  deps: AppDeps,
  slice: SiteSlice,
  actor: CreditActor & { email: string | null },
  request: RequestIdentity & { body: unknown },
  order: (tx: Tx) => Promise<CheckoutOrder>,
) {
  const owner = { userId: actor.userId, accountId: slice.accountId };
  return deps.db.transaction((tx) =>
    once(tx, request, owner, request.body, 201, async () => {
      const input = await order(tx);
      // One query at a time: a transaction is one connection.
      const site = await repo.sitePricing(tx, slice.siteId);
      const tiers = await repo.tiersOf(tx, slice.siteId);
      const price = priceQuote(site, tiers, input.quantity);
      // A site's price per credit is configurable: keep every amount inside the database's integer columns.
      if (price.total_cents > 2_147_483_647) throw invalid({ quantity: [messages.invalid] });
      const purchase = await repo.insertPurchase(tx, {
        accountId: slice.accountId,
        siteId: slice.siteId,
        employerId: input.employerId,
        quantity: input.quantity,
        unitPriceCents: price.unit_price_cents,
        discountBps: Math.round(price.discount_percent * 100),
        subtotalCents: price.subtotal_cents,
        discountCents: price.discount_cents,
        totalCents: price.total_cents,
        currency: price.currency,
        provider: deps.payments.name,
        purpose: input.purpose,
        jobId: input.jobId,
        returnTo: input.returnTo,
        createdByUserId: actor.userId,
      });
      // The buyer returns from the provider to the account's own portal domain (links.ts), signed in there.
      const back = { accountId: slice.accountId, siteId: slice.siteId, audience: 'portal' as const };
      const success = await tenantLink(deps, tx, back, successPath(site, purchase.id, input.returnTo));
      let checkout;
      try {
        checkout = await deps.payments.createCheckout({
          purchaseId: purchase.id,
          amountCents: price.total_cents,
          currency: price.currency,
          description: input.description(site.name),
          merchant: site.name,
          successUrl: success,
          cancelUrl: `${success}&cancelled=1`,
          customerEmail: actor.email,
        });
      } catch {
        throw providerUnavailable();
      }
      await repo.setPurchase(tx, purchase.id, { providerSessionId: checkout.sessionId });
      await audit(
        tx,
        auditEntry(actor, { type: 'purchase', id: purchase.id, accountId: slice.accountId }, 'credits.checkout', {
          quantity: input.quantity,
          total_cents: price.total_cents,
          currency: price.currency,
          purpose: input.purpose,
          provider: deps.payments.name,
        }),
      );
      return { purchase: await present(tx, { ...purchase, providerSessionId: checkout.sessionId }), checkout_url: checkout.url };
    }),
  );
}

export async function buyCredits(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: CreditActor & { email: string | null },
  body: { quantity: number; return_to?: string },
  request: RequestIdentity,
) {
  const { slice, employerId } = creditScope(scope);
  return openCheckout(deps, slice, actor, { ...request, body }, async (tx) => {
    if (!(await repo.employerIn(tx, slice, employerId))) throw notFound();
    return {
      employerId,
      quantity: body.quantity,
      purpose: 'credits',
      jobId: null,
      description: (site) => `${body.quantity} job-posting credit${body.quantity === 1 ? '' : 's'} — ${site}`,
      returnTo: body.return_to ?? null,
    };
  });
}

/** The receipt: the purchase with its names, the tier it was bought at, and the employer's balance now. */
export async function present(db: AppDeps['db'] | Tx, p: repo.PurchaseRow): Promise<Purchase> {
  const parts = await repo.receiptParts(db, p);
  const discountPercent = p.discountBps / 100;
  return {
    id: p.id,
    status: p.status,
    purpose: p.purpose,
    provider: p.provider,
    quantity: p.quantity,
    currency: p.currency,
    unit_price_cents: p.unitPriceCents,
    // Tiers change; the receipt keeps the discount that was applied (discount_percent), not a tier that may be gone.
    tier: null,
    discount_percent: discountPercent,
    subtotal_cents: p.subtotalCents,
    discount_cents: p.discountCents,
    total_cents: p.totalCents,
    savings_cents: p.discountCents,
    employer: { id: p.employerId, name: parts.employerName },
    site: { id: p.siteId, name: parts.siteName },
    buyer: p.createdByUserId && parts.buyerName !== null ? { id: p.createdByUserId, name: parts.buyerName } : null,
    job: p.jobId && parts.jobTitle !== null ? { id: p.jobId, title: parts.jobTitle, posted: p.postedJob } : null,
    balance: parts.balance,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
  };
}

export async function getPurchase(deps: AppDeps, scope: ResolvedScope, id: string) {
  const { slice, employerId } = creditScope(scope);
  const p = await repo.findPurchase(deps.db, slice, employerId, id);
  if (!p) throw notFound();
  return present(deps.db, p);
}

/**
 * Applies what became of a checkout. Paid credits the purchase once (then, for a direct payment, spends the credit
 * on its job); cancelled and failed only close a purchase still pending. A paid purchase never changes again, and a
 * payment that arrives after a cancellation is still credited: the money was taken. Runs in the caller's transaction.
 */
export async function settlePurchase(
  deps: NotifyDeps,
  tx: Tx,
  purchaseId: string,
  state: CheckoutState,
  hooks: SettleHooks,
): Promise<repo.PurchaseRow | null> {
  const p = await repo.lockPurchase(tx, purchaseId);
  if (!p || p.status === 'paid' || state === 'open') return p;
  if (state !== 'paid') {
    if (p.status !== 'pending') return p;
    await repo.setPurchase(tx, p.id, { status: state });
    return { ...p, status: state };
  }
  const paidAt = new Date();
  await repo.setPurchase(tx, p.id, { status: 'paid', paidAt });
  const entry = await appendEntry(tx, {
    accountId: p.accountId,
    siteId: p.siteId,
    employerId: p.employerId,
    action: 'purchase',
    amount: p.quantity,
    referenceType: 'purchase',
    referenceId: p.id,
    reason: p.purpose === 'job_post' ? 'Paid directly for a job post' : `Bought ${p.quantity} credit${p.quantity === 1 ? '' : 's'}`,
    actorUserId: p.createdByUserId,
  });
  let paid = { ...p, status: 'paid' as const, paidAt };
  // A savepoint: if the job can no longer be posted, the credit stays on the balance and nothing else is undone.
  const posted = p.purpose === 'job_post' && p.jobId ? await tx.transaction((sp) => hooks.spendOnJob(deps, sp, paid)).catch(() => false) : false;
  if (posted) {
    await repo.setPurchase(tx, p.id, { postedJob: true });
    paid = { ...paid, postedJob: true };
  }
  // Settled by the provider's call, recorded as the buyer's (null once deleted), from no address of theirs.
  const buyer = { enterpriseId: (await repo.enterpriseOfAccount(tx, p.accountId))!, userId: p.createdByUserId, impersonatorUserId: null, ip: null };
  await audit(
    tx,
    auditEntry(buyer, { type: 'purchase', id: p.id, accountId: p.accountId }, 'credits.purchase', {
      quantity: p.quantity,
      total_cents: p.totalCents,
      currency: p.currency,
      balance: entry?.balance ?? null,
      job_posted: posted,
    }),
  );
  // A direct payment is told about as the job it posted; a purchase of credits as itself.
  if (p.purpose === 'credits' && entry) await notifyPurchased(deps, tx, paid, entry.balance);
  return paid;
}

/**
 * The payment-success page's question: a purchase still pending is looked up at its provider and settled; anything
 * else is answered as it stands, so reloading the page credits nothing more.
 */
export async function confirmPurchase(deps: AppDeps, scope: ResolvedScope, id: string, hooks: SettleHooks) {
  const { slice, employerId } = creditScope(scope);
  const p = await repo.findPurchase(deps.db, slice, employerId, id);
  if (!p) throw notFound();
  if (p.status === 'pending' && p.providerSessionId && p.provider === deps.payments.name) {
    let state: CheckoutState;
    try {
      state = await deps.payments.checkoutState(p.providerSessionId);
    } catch {
      throw providerUnavailable();
    }
    if (state !== 'open') await deps.db.transaction((tx) => settlePurchase(deps, tx, p.id, state, hooks));
  }
  const now = await repo.findPurchase(deps.db, slice, employerId, id);
  return present(deps.db, now!);
}
