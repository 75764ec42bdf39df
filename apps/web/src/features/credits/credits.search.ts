import { z } from 'zod';
import { MAX_PURCHASE_QUANTITY, returnTo } from '@hireline/contract/credits';
import { creditActions } from '@hireline/contract/enums';
import { pagingParams } from '../../lib/list-search';

/*
 * The credit screens keep the ledger's page, size and action filter in the URL (DESIGN §7), and carry where to go
 * back to after paying. Junk values fall back to the defaults instead of erroring.
 */

/** A portal path to come back to (`/…`, never `//host` or a full URL): the contract's own rule. */
const safeReturnTo = returnTo.optional().catch(undefined);

export const creditSystemSearch = z.object({
  ...pagingParams,
  action: z.enum(creditActions).optional().catch(undefined),
  /** The employer to act for, when the page is opened for one (posting without enough credits); the API checks it. */
  employer: z.uuid().optional().catch(undefined),
  /** Opens the grant form at once (staff, from a job that needs credits to post). */
  grant: z.literal('1').optional().catch(undefined),
  /** Where to go back to once the credits are granted. */
  return_to: safeReturnTo,
});
export type CreditSystemSearch = z.output<typeof creditSystemSearch>;

export const buyCreditsSearch = z.object({
  /** The quantity to start with (e.g. "Try again" after a cancelled checkout). */
  quantity: z.coerce.number().int().min(1).max(MAX_PURCHASE_QUANTITY).optional().catch(undefined),
  return_to: safeReturnTo,
  /** The employer to buy for, when the page is opened for one (the posting wizard's job); the API checks it. */
  employer: z.uuid().optional().catch(undefined),
});

export const paymentSuccessSearch = z.object({
  purchase: z.uuid().optional().catch(undefined),
  return_to: safeReturnTo,
  /** Set by the provider's cancel URL: the buyer left the checkout (Stripe may not have closed the session yet). */
  cancelled: z.literal('1').optional().catch(undefined),
});
