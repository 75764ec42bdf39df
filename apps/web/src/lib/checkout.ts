import { STORAGE_PREFIX } from './storage';

/**
 * Paying through a provider's hosted checkout (DESIGN §5): the full-page redirect, and which employer a purchase was
 * for, so the page the provider returns to can confirm it.
 */

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
