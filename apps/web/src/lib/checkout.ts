import { useRef } from 'react';
import { isApiError } from './api-client';
import { STORAGE_PREFIX } from './storage';

/**
 * Paying through a provider's hosted checkout (DESIGN §5): an Idempotency-Key per attempt, the full-page redirect,
 * and which employer a purchase was for, so the page the provider returns to can confirm it.
 */

/**
 * One Idempotency-Key per attempt. The key is kept while the attempt's input (`signature`) is unchanged and its
 * outcome unclear (a network or server failure), so a retry can never charge twice; a clear answer (2xx, 4xx) or
 * another input starts a new attempt.
 */
export function useAttemptKey() {
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  return {
    keyFor(signature: string): string {
      if (attempt.current?.signature !== signature) attempt.current = { key: crypto.randomUUID(), signature };
      return attempt.current.key;
    },
    settled(error?: unknown) {
      if (error === undefined || (isApiError(error) && error.status >= 400 && error.status < 500)) attempt.current = null;
    },
  };
}

const HINT_KEY = `${STORAGE_PREFIX}checkout-employer:`;

/**
 * Site-wide staff may pay for an employer they have not selected (a job's direct payment): the page the provider
 * returns to then names that employer in X-AF-EMPID. Kept for the tab only (sessionStorage), per purchase.
 */
export function rememberCheckoutEmployer(purchaseId: string, employerId: string) {
  try {
    sessionStorage.setItem(HINT_KEY + purchaseId, employerId);
  } catch {
    // Storage unavailable: the return page asks for the employer instead.
  }
}

export function checkoutEmployer(purchaseId: string): string | null {
  try {
    return sessionStorage.getItem(HINT_KEY + purchaseId);
  } catch {
    return null;
  }
}

/** A full navigation (the provider's checkout is another site; coming back from it starts the portal afresh). */
export function fullPageRedirect(url: string) {
  window.location.assign(url);
}
