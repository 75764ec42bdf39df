import type { DiscountTier, LedgerEntry, PurchasePreview } from '@hireline/contract/credits';
import { creditActions, type CreditAction } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { percentOf, priceFor, type Tier } from '@hireline/contract/pricing';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit, auditEntry } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { once, type RequestIdentity } from '../../platform/idempotency';
import { labelColumn, timeColumn, type CsvColumns } from '../../platform/csv';
import { csvFormatOf } from '../../platform/csv-format';
import { csvLines } from '../../platform/csv-stream';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import * as repo from './credits.repo';
import { appendEntry, lockBalance } from './ledger.repo';
import { creditMessages } from '@hireline/contract/admin-messages';

/* The employer's balance and ledger, the site's tiers and prices, and staff adjustments. */

/** Who acts on a balance, as the ledger and the audit log record them. */
export type CreditActor = Pick<Actor, 'userId' | 'enterpriseId' | 'impersonatorUserId' | 'ip'>;

/**
 * The employer the credit endpoints act for: the selected one, or the only employer an employer user has in the
 * site. Staff who have not chosen one are asked to (422 on `employer_id`).
 */
export function creditScope(scope: ResolvedScope): { slice: SiteSlice; employerId: string } {
  const slice = siteSlice(scope);
  const employerId = scope.employerId ?? (slice.employerIds?.length === 1 ? slice.employerIds[0]! : null);
  if (!employerId) throw invalid({ employer_id: [messages.required] });
  return { slice, employerId };
}

export async function employerOf(deps: AppDeps, scope: ResolvedScope) {
  const { slice, employerId } = creditScope(scope);
  const employer = await repo.employerIn(deps.db, slice, employerId);
  if (!employer) throw notFound();
  return { slice, employer };
}

export async function getBalance(deps: AppDeps, scope: ResolvedScope) {
  const { slice, employer } = await employerOf(deps, scope);
  const pricing = await repo.sitePricing(deps.db, slice.siteId);
  return {
    employer: { id: employer.id, name: employer.name },
    balance: employer.balance,
    price_per_credit_cents: pricing.pricePerCreditCents,
    currency: pricing.currency,
  };
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

export function presentEntry(r: repo.LedgerRow): LedgerEntry {
  const bought =
    r.purchaseQuantity !== null && r.purchaseTotalCents !== null && r.purchaseCurrency && r.purchasePurpose
      ? { quantity: r.purchaseQuantity, total_cents: r.purchaseTotalCents, currency: r.purchaseCurrency, purpose: r.purchasePurpose }
      : null;
  const reference =
    r.referenceType === 'job' && r.referenceId
      ? { type: 'job' as const, id: r.referenceId, label: r.jobTitle, purchase: null }
      : r.referenceType === 'purchase' && r.referenceId
        ? {
            type: 'purchase' as const,
            id: r.referenceId,
            label: bought && `${bought.quantity} × credit, ${money(bought.total_cents, bought.currency)}`,
            purchase: bought,
          }
        : null;
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    action: r.action,
    credit_amount: r.creditAmount,
    balance: r.balance,
    reference,
    reason: r.reason,
    actor: r.actorId && r.actorName !== null ? { id: r.actorId, name: r.actorName } : null,
  };
}

const actionLabels: Record<CreditAction, string> = {
  purchase: 'Purchase',
  post: 'Job post',
  refund: 'Refund',
  grant: 'Grant',
  revoke: 'Revocation',
  expire: 'Expiry',
};

export async function listLedger(deps: AppDeps, scope: ResolvedScope, q: { page: number; per_page: number; action?: CreditAction }) {
  const { employer } = await employerOf(deps, scope);
  const [rows, total] = await Promise.all([
    repo.ledgerPage(deps.db, employer.id, q.action, q.per_page, (q.page - 1) * q.per_page),
    repo.ledgerCount(deps.db, employer.id, q.action),
  ]);
  return { data: rows.map(presentEntry), meta: { page: q.page, per_page: q.per_page, total } };
}

const ledgerColumns: CsvColumns<LedgerEntry> = [
  ['ID', (e) => e.id],
  timeColumn('Date', (e) => e.created_at),
  labelColumn('Action', 'creditAction', (e) => e.action),
  ['Credits', (e) => e.credit_amount],
  ['Balance after', (e) => e.balance],
  ['Reference type', (e) => e.reference?.type],
  ['Reference id', (e) => e.reference?.id],
  ['Reference', (e) => e.reference?.label],
  ['Amount paid', (e) => e.reference?.purchase && (e.reference.purchase.total_cents / 100).toFixed(2)],
  ['Currency', (e) => e.reference?.purchase?.currency],
  ['Reason', (e) => e.reason],
  ['By', (e) => e.actor?.name ?? 'System'],
];

/** The ledger as CSV (`Accept: text/csv`): the same filter, newest first, every row, streamed a batch at a time. */
export async function exportLedgerCsv(deps: AppDeps, scope: ResolvedScope, q: { action?: CreditAction }) {
  const { slice, employer } = await employerOf(deps, scope);
  let lastId: string | null = null;
  const rowsAt = async (_last: unknown, limit: number) => {
    const rows = await repo.ledgerAfter(deps.db, employer.id, q.action, lastId, limit);
    lastId = rows.at(-1)?.id ?? lastId;
    return rows.map(presentEntry);
  };
  return csvLines(ledgerColumns, rowsAt, await csvFormatOf(deps.db, slice.siteId));
}

export const creditActionOptions = () => ({ data: creditActions.map((value) => ({ value, label: actionLabels[value] })) });

export const presentTier = (t: Tier): DiscountTier => ({
  id: t.id,
  min_quantity: t.min_quantity,
  max_quantity: t.max_quantity,
  discount_percent: percentOf(t.discount_bps),
});

export async function listTiers(deps: AppDeps, scope: ResolvedScope) {
  const slice = siteSlice(scope);
  const [pricing, tiers] = await Promise.all([repo.sitePricing(deps.db, slice.siteId), repo.tiersOf(deps.db, slice.siteId)]);
  return { price_per_credit_cents: pricing.pricePerCreditCents, currency: pricing.currency, data: tiers.map(presentTier) };
}

/** The price of `quantity` credits at a site's price and tiers, as the preview and the purchase show it. */
export function priceQuote(pricing: { pricePerCreditCents: number; currency: string }, tiers: Tier[], quantity: number): PurchasePreview {
  const p = priceFor(tiers, pricing.pricePerCreditCents, quantity);
  return {
    quantity,
    currency: pricing.currency,
    unit_price_cents: p.unit_price_cents,
    tier: p.tier && presentTier(p.tier),
    discount_percent: percentOf(p.discount_bps),
    subtotal_cents: p.subtotal_cents,
    discount_cents: p.discount_cents,
    total_cents: p.total_cents,
    savings_cents: p.discount_cents,
  };
}

export async function preview(deps: AppDeps, scope: ResolvedScope, quantity: number) {
  // The employer is checked too: a preview is for someone who could buy.
  const { slice } = await employerOf(deps, scope);
  const [pricing, tiers] = await Promise.all([repo.sitePricing(deps.db, slice.siteId), repo.tiersOf(deps.db, slice.siteId)]);
  return priceQuote(pricing, tiers, quantity);
}

export type AdjustResult = { entry: LedgerEntry; balance: number };

/**
 * A staff grant, or a revocation that never takes the balance below zero; both recorded with their reason. Takes an
 * Idempotency-Key like a purchase: a grant retried after a lost answer moves credits once.
 */
export async function adjust(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: CreditActor,
  body: { action: 'grant' | 'revoke'; amount: number; reason: string },
  request: RequestIdentity,
): Promise<AdjustResult> {
  const { slice, employer } = await employerOf(deps, scope);
  const owner = { userId: actor.userId, accountId: slice.accountId };
  return deps.db.transaction((tx) =>
    once(tx, request, owner, body, 201, async () => {
      const balance = await lockBalance(tx, employer.id);
      if (body.action === 'revoke' && body.amount > balance)
        throw invalid({ amount: [creditMessages.revokeOverBalance(balance)] });
      const amount = body.action === 'grant' ? body.amount : -body.amount;
      const entry = await appendEntry(tx, {
        accountId: slice.accountId,
        siteId: slice.siteId,
        employerId: employer.id,
        action: body.action,
        amount,
        referenceType: null,
        referenceId: null,
        reason: body.reason,
        actorUserId: actor.userId,
      });
      // Adjustments carry no reference, so the once-per-reference index never skips them.
      if (!entry) throw new Error('adjustment not recorded');
      const subject = { type: 'employer', id: employer.id, accountId: slice.accountId };
      await audit(tx, auditEntry(actor, subject, `credits.${body.action}`, { amount, balance: entry.balance, reason: body.reason }));
      const row = await repo.ledgerEntry(tx, employer.id, entry.id);
      return { entry: presentEntry(row!), balance: entry.balance };
    }),
  );
}
