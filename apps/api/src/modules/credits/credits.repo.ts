import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CreditAction } from '@hireline/contract/enums';
import type { Tier } from '@hireline/contract/pricing';
import type { DbOrTx } from '../../db/client';
import { creditLedgers, creditPurchases, discountTiers } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';
import { users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import { accounts, sites } from '../../db/schema/tenancy';
import { afterRow } from '../../platform/keyset';
import { newestFirst } from '../../platform/order';
import type { SiteSlice } from '../../platform/site-slice';

/* Reads and writes of the credit system: the site's pricing, employers' ledgers and purchases. */

/** The site's name, slugs and price per credit (site settings). */
export async function sitePricing(db: DbOrTx, siteId: string) {
  const [row] = await db
    .select({ name: sites.name, slug: sites.slug, accountSlug: accounts.slug, settings: sites.settings })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) throw new Error(`site ${siteId} vanished`);
  return {
    name: row.name,
    slug: row.slug,
    accountSlug: row.accountSlug,
    pricePerCreditCents: row.settings.price_per_credit_cents,
    currency: row.settings.currency,
  };
}

export async function tiersOf(db: DbOrTx, siteId: string): Promise<Tier[]> {
  const rows = await db
    .select({ id: discountTiers.id, min: discountTiers.minQuantity, max: discountTiers.maxQuantity, bps: discountTiers.discountBps })
    .from(discountTiers)
    .where(eq(discountTiers.siteId, siteId))
    .orderBy(asc(discountTiers.minQuantity));
  return rows.map((r) => ({ id: r.id, min_quantity: r.min, max_quantity: r.max, discount_bps: r.bps }));
}

/** An employer of the slice's site (404 for the caller when null). */
export async function employerIn(db: DbOrTx, s: SiteSlice, employerId: string) {
  const [row] = await db
    .select({ id: employers.id, name: employers.businessName, balance: employers.creditBalance })
    .from(employers)
    .where(and(eq(employers.id, employerId), eq(employers.siteId, s.siteId)))
    .limit(1);
  return row ?? null;
}

const ledgerWhere = (employerId: string, action: CreditAction | undefined): SQL =>
  and(eq(creditLedgers.employerId, employerId), action ? eq(creditLedgers.action, action) : undefined)!;

/** Ledger rows with the names they show, newest first (credit_ledgers_employer_created_idx). */
function ledgerRows(db: DbOrTx, where: SQL, limit: number, offset: number) {
  return db
    .select({
      id: creditLedgers.id,
      createdAt: creditLedgers.createdAt,
      action: creditLedgers.action,
      creditAmount: creditLedgers.creditAmount,
      balance: creditLedgers.balance,
      referenceType: creditLedgers.referenceType,
      referenceId: creditLedgers.referenceId,
      reason: creditLedgers.reason,
      actorId: users.id,
      actorName: users.name,
      jobTitle: jobs.title,
      purchaseQuantity: creditPurchases.quantity,
      purchaseTotalCents: creditPurchases.totalCents,
      purchaseCurrency: creditPurchases.currency,
      purchasePurpose: creditPurchases.purpose,
    })
    .from(creditLedgers)
    .leftJoin(users, eq(users.id, creditLedgers.actorUserId))
    .leftJoin(jobs, and(eq(creditLedgers.referenceType, 'job'), eq(jobs.id, creditLedgers.referenceId)))
    .leftJoin(creditPurchases, and(eq(creditLedgers.referenceType, 'purchase'), eq(creditPurchases.id, creditLedgers.referenceId)))
    .where(where)
    .orderBy(...newestFirst(creditLedgers.createdAt, creditLedgers.id))
    .limit(limit)
    .offset(offset);
}
export type LedgerRow = Awaited<ReturnType<typeof ledgerRows>>[number];

export const ledgerPage = (db: DbOrTx, employerId: string, action: CreditAction | undefined, limit: number, offset: number) =>
  ledgerRows(db, ledgerWhere(employerId, action), limit, offset);

/** The rows after the row `lastId`, newest first: an export's next batch. */
export const ledgerAfter = (db: DbOrTx, employerId: string, action: CreditAction | undefined, lastId: string | null, limit: number) =>
  ledgerRows(db, and(ledgerWhere(employerId, action), afterRow(creditLedgers.createdAt, creditLedgers.id, 'desc', lastId))!, limit, 0);

export async function ledgerCount(db: DbOrTx, employerId: string, action: CreditAction | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creditLedgers).where(ledgerWhere(employerId, action));
  return row?.n ?? 0;
}

/** One ledger row by id (after an adjustment), shaped like a page row. */
export async function ledgerEntry(db: DbOrTx, employerId: string, id: string): Promise<LedgerRow | null> {
  const [row] = await ledgerRows(db, and(eq(creditLedgers.employerId, employerId), eq(creditLedgers.id, id))!, 1, 0);
  return row ?? null;
}

export type PurchaseRow = typeof creditPurchases.$inferSelect;
export type NewPurchase = typeof creditPurchases.$inferInsert;

export async function insertPurchase(db: DbOrTx, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(creditPurchases).values(values).returning();
  return row!;
}

export async function setPurchase(db: DbOrTx, id: string, patch: Partial<NewPurchase>) {
  await db.update(creditPurchases).set(patch).where(eq(creditPurchases.id, id));
}

/** A purchase of the slice's site and this employer; `lock` serialises its settlement. */
export async function findPurchase(db: DbOrTx, s: SiteSlice, employerId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.id, id), eq(creditPurchases.siteId, s.siteId), eq(creditPurchases.employerId, employerId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Any purchase by id, locked: for settlement by a provider, which knows no tenant. */
export async function lockPurchase(db: DbOrTx, id: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(creditPurchases).where(eq(creditPurchases.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function purchaseBySession(db: DbOrTx, provider: PurchaseRow['provider'], sessionId: string) {
  const [row] = await db
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.provider, provider), eq(creditPurchases.providerSessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

/** What the receipt shows besides the purchase row: names and the balance. */
export async function receiptParts(db: DbOrTx, p: PurchaseRow) {
  const [row] = await db
    .select({
      employerName: employers.businessName,
      balance: employers.creditBalance,
      siteName: sites.name,
      buyerName: users.name,
      jobTitle: jobs.title,
    })
    .from(employers)
    .innerJoin(sites, eq(sites.id, p.siteId))
    .leftJoin(users, eq(users.id, sql`${p.createdByUserId}`))
    .leftJoin(jobs, eq(jobs.id, sql`${p.jobId}`))
    .where(eq(employers.id, p.employerId))
    .limit(1);
  return row!;
}

export async function enterpriseOfAccount(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await db.select({ id: accounts.enterpriseId }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.id ?? null;
}
