import type Stripe from 'stripe';
import { paymentEvents } from '../../db/schema/credits';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../platform/errors';
import type { CheckoutState } from '../../platform/payments/provider';
import { stateOf, stripeClient } from '../../platform/payments/stripe';
import * as repo from './credits.repo';
import { settlePurchase, successPath, type SettleHooks } from './purchases.service';
import { messageCatalog as codes } from '@hireline/contract/message-codes';

/* What providers tell us: the sandbox checkout page's decisions and Stripe's webhook events. */

const successUrlOf = async (deps: AppDeps, p: repo.PurchaseRow) => successPath(await repo.sitePricing(deps.db, p.siteId), p.id, p.returnTo);

/** A sandbox session of this deployment, or 404 (also when Stripe is the provider: the sandbox is then closed). */
async function sandboxPurchase(deps: AppDeps, session: string) {
  if (deps.payments.name !== 'sandbox') throw notFound();
  const p = await repo.purchaseBySession(deps.db, 'sandbox', session);
  if (!p) throw notFound();
  return p;
}

export async function sandboxSession(deps: AppDeps, session: string) {
  const p = await sandboxPurchase(deps, session);
  const site = await repo.sitePricing(deps.db, p.siteId);
  const success = await successUrlOf(deps, p);
  return {
    session,
    status: p.status,
    description:
      p.purpose === 'job_post' ? `Job post (${p.quantity} credit${p.quantity === 1 ? '' : 's'}) — ${site.name}` : `${p.quantity} job-posting credit${p.quantity === 1 ? '' : 's'} — ${site.name}`,
    merchant: site.name,
    amount_cents: p.totalCents,
    currency: p.currency,
    success_url: success,
    cancel_url: `${success}&cancelled=1`,
  };
}

/** The sandbox page's Pay or Cancel: settles through the same code as a webhook; repeating it changes nothing. */
export async function decideSandbox(deps: AppDeps, session: string, decision: 'complete' | 'cancel', hooks: SettleHooks) {
  const p = await sandboxPurchase(deps, session);
  const state: CheckoutState = decision === 'complete' ? 'paid' : 'cancelled';
  await deps.db.transaction((tx) => settlePurchase(deps, tx, p.id, state, hooks));
  const success = await successUrlOf(deps, p);
  return { redirect_url: decision === 'complete' ? success : `${success}&cancelled=1` };
}

/** The events that settle a Checkout Session, and what each means; any other type is acknowledged and ignored. */
function outcomeOf(event: Stripe.Event): { session: Stripe.Checkout.Session; state: CheckoutState } | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // Completed with a delayed method (bank debit) is not paid yet: async_payment_succeeded follows.
      return { session: event.data.object, state: stateOf(event.data.object) };
    case 'checkout.session.async_payment_succeeded':
      return { session: event.data.object, state: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { session: event.data.object, state: 'failed' };
    case 'checkout.session.expired':
      return { session: event.data.object, state: 'cancelled' };
    default:
      return null;
  }
}

/** Stripe refuses signatures older than this many seconds (its default); we say so explicitly. */
export const STRIPE_TOLERANCE_S = 300;

/**
 * A Stripe webhook: the signature is checked on the raw body with the signing secret (and its timestamp against
 * {@link STRIPE_TOLERANCE_S}); the event id is recorded in the same transaction as its effect, so a replay or a
 * retry after a crash is applied once; arrival order does not matter because settlement only ever moves a purchase
 * forward (pending → paid | cancelled | failed, and cancelled | failed → paid).
 */
export async function stripeWebhook(deps: AppDeps, raw: Buffer, signature: string | undefined, hooks: SettleHooks, now = Date.now()) {
  const secret = deps.config.stripeWebhookSecret;
  if (!secret) throw notFound();
  if (!signature) throw new HttpError(400, codes['payments.signature_missing']);
  let event: Stripe.Event;
  try {
    // The key is not used to verify: any non-empty value will do when only the webhook secret is configured.
    const stripe = stripeClient({ secretKey: deps.config.stripeSecretKey ?? 'sk_unused', apiBase: deps.config.stripeApiBase, fetch: deps.outbound.fetch });
    // receivedAt is in milliseconds: stripe-node divides it by 1000 itself (seconds here made every age negative).
    event = stripe.webhooks.constructEvent(raw, signature, secret, STRIPE_TOLERANCE_S, undefined, now);
  } catch {
    throw new HttpError(400, codes['payments.signature_invalid']);
  }
  const outcome = outcomeOf(event);
  await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type, payload: event as unknown as Record<string, unknown>, processedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh || !outcome) return;
    const sessionPurchase = await repo.purchaseBySession(tx, 'stripe', outcome.session.id);
    // The metadata must agree with the session we opened: an event about someone else's session credits nothing.
    const claimed = outcome.session.metadata?.purchase_id ?? outcome.session.client_reference_id;
    if (!sessionPurchase || (claimed && claimed !== sessionPurchase.id)) return;
    await settlePurchase(deps, tx, sessionPurchase.id, outcome.state, hooks);
  });
  return { received: true };
}
