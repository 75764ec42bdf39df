import { z } from 'zod';
import { endpoint } from './endpoint';
import { listQuery, paginated, requiredString, timestamp, uuid, uuidParams } from './common';
import { creditActions, purchaseStatuses } from './enums';
import { messages } from './messages';
import { formatMessage, messageCatalog as codes } from './message-codes';

/*
 * The credit system (spec §1, §7; DESIGN §4–§5): an employer's balance and append-only ledger, the site's price per
 * credit and discount tiers, buying credits through a payment provider, paying for one job post directly, and staff
 * grants and revocations. Every credit endpoint acts for one employer: the selected one (X-AF-EMPID), or the only
 * employer an employer user belongs to in the site; otherwise 422 on `employer_id`.
 */

const tags = ['credits'];

/** Most credits one purchase may buy: keeps every amount far inside the database's integer range. */
export const MAX_PURCHASE_QUANTITY = 1_000;
/** Most credits one grant or revocation may move. */
export const MAX_ADJUSTMENT = 10_000;
/** What posting one job costs, whatever its product (spec: each credit allows one job post). */
export const CREDITS_PER_POST = 1;

/** Missing, null or empty is "required"; anything else that is not a count is "invalid". */
const quantityError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? messages.required : messages.invalid;

/**
 * A count of credits in a JSON body: a JSON number, whole, within 1…max. Never coerced: `true`, `[3]` or `"0x10"` are
 * not counts, and reading them as 1, 3 or 16 would move credits nobody typed.
 */
const quantity = (max: number) =>
  z
    .number({ error: quantityError })
    .int({ error: codes['credits.quantity_whole'] })
    .min(1, { error: codes['credits.quantity_min'] })
    .max(max, { error: formatMessage('credits.quantity_max', { max: max.toLocaleString('en-US') }) });

/** The same count in a query string: plain decimal digits (no `0x10`, `1e3` or spaces), then the body's rules. */
const quantityParam = (max: number) =>
  z
    .string({ error: quantityError })
    .min(1, { error: messages.required, abort: true })
    .regex(/^\d+(\.\d+)?$/, { error: messages.invalid })
    .transform(Number)
    .pipe(quantity(max));

export const creditEmployer = z.object({ id: z.string(), name: z.string() });

export const balanceResponse = z.object({
  employer: creditEmployer,
  balance: z.number().int(),
  price_per_credit_cents: z.number().int(),
  currency: z.string(),
});
export type CreditBalance = z.infer<typeof balanceResponse>;

export const getBalance = endpoint({
  method: 'GET',
  path: '/v1/credit/balance',
  summary: "The employer's credit balance, with the site's price per credit",
  tags,
  access: { subject: 'credits', action: 'view' },
  response: balanceResponse,
});

export const ledgerReference = z.object({
  type: z.enum(['job', 'purchase']),
  id: z.string(),
  /** The job's title or the purchase's quantity and total, in English; null once the job is deleted. */
  label: z.string().nullable(),
  /** A purchase's facts, for a reader to phrase in their own language: what it bought and what it cost; null for a job. */
  purchase: z
    .object({
      quantity: z.number().int(),
      total_cents: z.number().int(),
      currency: z.string(),
      /** `job_post`: a direct payment, one credit bought and spent on a job at once. */
      purpose: z.enum(['credits', 'job_post']),
    })
    .nullable(),
});

export const ledgerEntry = z.object({
  id: z.string(),
  created_at: timestamp,
  action: z.enum(creditActions),
  credit_amount: z.number().int(),
  balance: z.number().int(),
  reference: ledgerReference.nullable(),
  reason: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerQuery = listQuery.extend({
  action: z.enum(creditActions, { error: messages.invalid }).optional(),
});

export const listLedger = endpoint({
  method: 'GET',
  path: '/v1/credit/ledgers',
  summary:
    "The employer's ledger, newest first, optionally one credit action; each row's balance is the balance after it. `Accept: text/csv` exports it (credits.export)",
  tags,
  access: { subject: 'credits', action: 'view' },
  query: ledgerQuery,
  response: paginated(ledgerEntry),
});

export const listCreditActions = endpoint({
  method: 'GET',
  path: '/v1/credit/credit-actions',
  summary: 'The credit actions with their labels, for the ledger filter',
  tags,
  access: { subject: 'credits', action: 'view' },
  response: z.object({ data: z.array(z.object({ value: z.enum(creditActions), label: z.string() })) }),
});

export const discountTier = z.object({
  id: z.string(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  discount_percent: z.number(),
});
export type DiscountTier = z.infer<typeof discountTier>;

export const listDiscountTiers = endpoint({
  method: 'GET',
  path: '/v1/credit/discount-tiers',
  summary: "The site's discount tiers by quantity, with its price per credit",
  tags,
  access: { subject: 'credits', action: 'view' },
  response: z.object({ price_per_credit_cents: z.number().int(), currency: z.string(), data: z.array(discountTier) }),
});

export const purchasePreview = z.object({
  quantity: z.number().int(),
  currency: z.string(),
  unit_price_cents: z.number().int(),
  tier: discountTier.nullable(),
  discount_percent: z.number(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  /** What the tier saves against buying at the unit price: equal to the discount. */
  savings_cents: z.number().int(),
});
export type PurchasePreview = z.infer<typeof purchasePreview>;

export const previewPurchase = endpoint({
  method: 'GET',
  path: '/v1/credit/purchase/preview',
  summary: 'What buying this many credits costs: the tier chosen by quantity, unit price, discount, subtotal, total and savings',
  tags,
  access: { subject: 'credits', action: 'view' },
  query: z.object({ quantity: quantityParam(MAX_PURCHASE_QUANTITY) }),
  response: purchasePreview,
});

/** A purchase as its receipt shows it; `tier` is null here (tiers change), `discount_percent` is what was applied. */
export const purchase = purchasePreview.extend({
  id: z.string(),
  status: z.enum(purchaseStatuses),
  purpose: z.enum(['credits', 'job_post']),
  provider: z.enum(['sandbox', 'stripe']),
  employer: creditEmployer,
  site: z.object({ id: z.string(), name: z.string() }),
  buyer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** For a direct payment: the job it pays for, and whether the credit was spent on it when the payment arrived. */
  job: z.object({ id: z.string(), title: z.string(), posted: z.boolean() }).nullable(),
  /** The balance now, when the caller may see it. */
  balance: z.number().int(),
  created_at: timestamp,
  paid_at: timestamp.nullable(),
});
export type Purchase = z.infer<typeof purchase>;

export const checkoutResponse = z.object({ purchase, checkout_url: z.string() });

/** A portal path (`/…`, not `//…`) to come back to after paying; anything else is dropped. */
export const returnTo = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: messages.invalid });

export const createPurchase = endpoint({
  method: 'POST',
  path: '/v1/credit/purchases',
  summary:
    'Start buying credits: records the purchase at the previewed price and answers the provider checkout to send the buyer to. Send an Idempotency-Key.',
  tags,
  access: { subject: 'credits', action: 'purchase' },
  notWhileImpersonating: true,
  body: z.strictObject({ quantity: quantity(MAX_PURCHASE_QUANTITY), return_to: returnTo.optional() }),
  status: 201,
  response: checkoutResponse,
});

export const getPurchase = endpoint({
  method: 'GET',
  path: '/v1/credit/purchases/:uuid',
  summary: "One of the employer's purchases: the receipt",
  tags,
  access: { subject: 'credits', action: 'view' },
  params: uuidParams,
  response: purchase,
});

export const confirmPurchase = endpoint({
  method: 'POST',
  path: '/v1/credit/purchases/:uuid/confirm',
  summary:
    'Called by the payment-success page: asks the provider about a purchase still pending and credits it if paid; any repeat answers the same purchase and credits nothing more',
  tags,
  access: { subject: 'credits', action: 'view' },
  params: uuidParams,
  response: purchase,
});

export const payJobDirectly = endpoint({
  method: 'POST',
  path: '/v1/jobs/:uuid/pay',
  summary:
    "Pay for one job post directly: one credit at the 1-credit price, bought and spent on this draft when the payment is confirmed. Paying is buying: needs credits.purchase, and jobs.create to post. Send an Idempotency-Key.",
  tags: ['jobs', 'credits'],
  access: { subject: 'credits', action: 'purchase' },
  notWhileImpersonating: true,
  params: uuidParams,
  body: z.strictObject({ product_id: uuid.optional(), return_to: returnTo.optional() }).nullish(),
  status: 201,
  response: checkoutResponse,
});

export const adjustmentBody = z.strictObject({
  action: z.enum(['grant', 'revoke'], { error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) }),
  amount: quantity(MAX_ADJUSTMENT),
  reason: requiredString(500),
});

export const adjustCredits = endpoint({
  method: 'POST',
  path: '/v1/credit/adjustments',
  summary:
    'Staff grant credits to the employer or revoke some (never below zero), with a required reason. Send an Idempotency-Key: a retried request moves credits once.',
  tags,
  access: { subject: 'credits', action: 'create' },
  body: adjustmentBody,
  status: 201,
  response: z.object({ entry: ledgerEntry, balance: z.number().int() }),
});

/* The sandbox provider's own checkout page (public: its session id is the capability, as with a hosted checkout). */

export const sandboxSession = z.object({
  session: z.string(),
  status: z.enum(purchaseStatuses),
  description: z.string(),
  merchant: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  /** Where the page sends the buyer back to, once they have decided (or if they already had). */
  success_url: z.string(),
  cancel_url: z.string(),
});

const sessionParams = z.object({ session: z.string().regex(/^sbx_[A-Za-z0-9_-]{20,64}$/, { error: messages.invalid }) });

export const getSandboxSession = endpoint({
  method: 'GET',
  path: '/v1/payments/sandbox/:session',
  summary: 'The sandbox checkout page: what is being paid for',
  tags: ['payments'],
  access: { public: true },
  params: sessionParams,
  response: sandboxSession,
});

export const decideSandboxSession = (decision: 'complete' | 'cancel') =>
  endpoint({
    method: 'POST',
    path: `/v1/payments/sandbox/:session/${decision}`,
    summary:
      decision === 'complete'
        ? 'The sandbox checkout: pay (confirms through the same idempotent code as a provider webhook)'
        : 'The sandbox checkout: cancel (nothing is credited)',
    tags: ['payments'],
    access: { public: true },
    params: sessionParams,
    response: z.object({ redirect_url: z.string() }),
  });
export const completeSandboxSession = decideSandboxSession('complete');
export const cancelSandboxSession = decideSandboxSession('cancel');

export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/v1/payments/stripe/webhook',
  summary:
    'Stripe events (checkout.session.completed / async_payment_succeeded / async_payment_failed / expired), verified with the signing secret on the raw body; each event id is handled once',
  tags: ['payments'],
  access: { public: true },
  withoutEnterprise: true,
  response: z.object({ received: z.boolean() }),
});
