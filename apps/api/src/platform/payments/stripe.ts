import Stripe from 'stripe';
import type { CheckoutState, PaymentProvider } from './provider';

export interface StripeOptions {
  secretKey: string;
  /** Base for a portal-relative success or cancel URL (Stripe needs absolute ones); callers pass the tenant's own (links.ts). */
  appUrl: string;
  /** Another API host, e.g. a local stand-in in tests: `http://127.0.0.1:12111`. */
  apiBase?: string;
  /** The server's outbound client (platform/outbound-http.ts), so Stripe's host is checked like every other. */
  fetch?: typeof fetch;
}

/** One Stripe client per key and base. */
export function stripeClient(o: Pick<StripeOptions, 'secretKey' | 'apiBase' | 'fetch'>): Stripe {
  const base = o.apiBase ? new URL(o.apiBase) : null;
  return new Stripe(o.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(o.fetch && { httpClient: Stripe.createFetchHttpClient(o.fetch) }),
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
}

const absolute = (appUrl: string, url: string) => (url.startsWith('/') ? `${appUrl}${url}` : url);

/**
 * Stripe Checkout: one Checkout Session per purchase (its id as Stripe's idempotency key, so a retried request
 * cannot open a second one), the purchase id in `client_reference_id` and metadata for the webhook to find it.
 */
export function stripeProvider(o: StripeOptions): PaymentProvider {
  const stripe = stripeClient(o);
  return {
    name: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: req.purchaseId,
          metadata: { purchase_id: req.purchaseId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amountCents,
                product_data: { name: req.description },
              },
            },
          ],
          success_url: absolute(o.appUrl, req.successUrl),
          cancel_url: absolute(o.appUrl, req.cancelUrl),
          ...(req.customerEmail && { customer_email: req.customerEmail }),
        },
        { idempotencyKey: `purchase-${req.purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async checkoutState(sessionId) {
      return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
    },
  };
}

/** A Checkout Session's outcome: paid once Stripe says so (also for asynchronous methods), cancelled once it expired. */
export function stateOf(session: Pick<Stripe.Checkout.Session, 'payment_status' | 'status'>): CheckoutState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  if (session.status === 'expired') return 'cancelled';
  return 'open';
}
