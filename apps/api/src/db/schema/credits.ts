import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { creditActions, purchaseStatuses, type CreditAction, type PurchaseStatus } from '@hireline/contract/enums';
import { createdAt, id, oneOf, tstz, updatedAt } from '../columns';
import { employers } from './employers';
import { users } from './identity';
import { jobs } from './jobs';
import { accountRef as account, accounts, siteRef as site } from './tenancy';

const employer = () =>
  uuid('employer_id')
    .notNull()
    .references(() => employers.id, { onDelete: 'cascade' });

/** Bulk discounts per site; `discount_bps` in basis points (1000 = 10 %) so money math stays in integers. */
export const discountTiers = pgTable(
  'discount_tiers',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity'),
    discountBps: integer('discount_bps').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('discount_tiers_site_min_unique').on(t.siteId, t.minQuantity),
    check(
      'discount_tiers_quantity_check',
      sql`${t.minQuantity} >= 1 and (${t.maxQuantity} is null or ${t.maxQuantity} >= ${t.minQuantity})`,
    ),
    check('discount_tiers_bps_check', sql`${t.discountBps} between 0 and 10000`),
  ],
);

export type CreditReferenceType = 'job' | 'purchase' | 'manual';

/**
 * Append-only (a trigger refuses UPDATE and DELETE, see the append_only migration). `balance` is the
 * employer's balance after this row, so a statement needs no running sum.
 */
export const creditLedgers = pgTable(
  'credit_ledgers',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    employerId: employer(),
    action: text('action').$type<CreditAction>().notNull(),
    creditAmount: integer('credit_amount').notNull(),
    balance: integer('balance').notNull(),
    referenceType: text('reference_type').$type<CreditReferenceType>(),
    referenceId: uuid('reference_id'),
    reason: text('reason'),
    actorUserId: uuid('actor_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledgers_employer_created_idx').on(t.employerId, t.createdAt.desc(), t.id.desc()),
    index('credit_ledgers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
    // A purchase is credited once, a job is charged once and refunded once, however often a webhook
    // or a retried request arrives.
    uniqueIndex('credit_ledgers_once_per_reference_idx')
      .on(t.employerId, t.action, t.referenceType, t.referenceId)
      .where(sql`action in ('purchase', 'post', 'refund') and reference_id is not null`),
    oneOf('credit_ledgers_action_check', t.action, creditActions),
    check('credit_ledgers_amount_check', sql`${t.creditAmount} <> 0`),
    check('credit_ledgers_balance_check', sql`${t.balance} >= 0`),
  ],
);

const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
const purchasePurposes = ['credits', 'job_post'] as const;
export type PurchasePurpose = (typeof purchasePurposes)[number];

export const creditPurchases = pgTable(
  'credit_purchases',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    employerId: employer(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountBps: integer('discount_bps').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerSessionId: text('provider_session_id').unique('credit_purchases_provider_session_unique'),
    status: text('status').$type<PurchaseStatus>().notNull().default('pending'),
    purpose: text('purpose').$type<PurchasePurpose>().notNull().default('credits'),
    jobId: uuid('job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'set null' }),
    // A portal path the buyer came from (the posting wizard), handed back on the payment-success page.
    returnTo: text('return_to'),
    // Whether this payment posted its job: a second payment for a draft already posted only adds to the balance.
    postedJob: boolean('posted_job').notNull().default(false),
    createdByUserId: uuid('created_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    paidAt: tstz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credit_purchases_employer_created_idx').on(t.employerId, t.createdAt.desc()),
    index('credit_purchases_site_created_idx').on(t.siteId, t.createdAt.desc()),
    oneOf('credit_purchases_status_check', t.status, purchaseStatuses),
    oneOf('credit_purchases_provider_check', t.provider, paymentProviders),
    oneOf('credit_purchases_purpose_check', t.purpose, purchasePurposes),
    check('credit_purchases_quantity_check', sql`${t.quantity} > 0`),
    check(
      'credit_purchases_money_check',
      sql`${t.unitPriceCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
  ],
);

/** Provider webhook events already handled; the primary key is the provider's event id. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<PaymentProvider>().notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload'),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  processedAt: tstz('processed_at'),
});

/** Stored results of spending requests, replayed for a repeated `Idempotency-Key`. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
