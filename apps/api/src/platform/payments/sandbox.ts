import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider';

/**
 * The sandbox provider: no money moves. Its checkout is the portal's own page (`/payments/sandbox/{session}`), where
 * the buyer pays or cancels; that page's two API calls settle the purchase through the same code as a Stripe webhook.
 * The session id is random and unguessable, so the page needs no sign-in, like a hosted checkout.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout() {
      const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `/payments/sandbox/${sessionId}` };
    },
    // The sandbox's decisions are written straight onto the purchase by its page, so there is nothing to ask.
    async checkoutState() {
      return 'open';
    },
  };
}
