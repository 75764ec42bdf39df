/**
 * A payment provider (DESIGN §2): the built-in sandbox by default, Stripe when `STRIPE_SECRET_KEY` is set. A provider
 * only opens checkouts and answers what became of them; crediting happens in one place (credits/purchases.service.ts
 * `settlePurchase`), whichever way the news arrives — sandbox page, Stripe webhook or the success page asking.
 */
export type ProviderName = 'sandbox' | 'stripe';

export interface CheckoutRequest {
  purchaseId: string;
  amountCents: number;
  currency: string;
  /** The line the buyer sees, e.g. "10 job-posting credits — Acme Jobs". */
  description: string;
  merchant: string;
  /** Absolute or portal-relative URLs the provider sends the buyer back to. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
}

export interface Checkout {
  sessionId: string;
  /** Where to send the buyer to pay. */
  url: string;
}

/** What the provider says about a checkout: `open` = not decided yet. */
export type CheckoutState = 'paid' | 'open' | 'cancelled' | 'failed';

export interface PaymentProvider {
  name: ProviderName;
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  checkoutState(sessionId: string): Promise<CheckoutState>;
}
