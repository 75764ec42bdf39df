import { eq, sql } from 'drizzle-orm';
import { creditLedgers, discountTiers } from '../db/schema/credits';
import { employers } from '../db/schema/employers';
import { sites } from '../db/schema/tenancy';
import type { Tenant } from './factories';
import type { TestApp } from './harness';

/* Credits: grants, balances and the ledger, the site's price and discount tiers. */

/** Grants credits the way an admin would: a ledger row and the cached balance together. */
export async function grantCredits(t: TestApp, employerId: string, amount: number) {
  const [e] = await t.deps.db.select().from(employers).where(eq(employers.id, employerId));
  const balance = e!.creditBalance + amount;
  await t.deps.db.insert(creditLedgers).values({
    accountId: e!.accountId,
    siteId: e!.siteId,
    employerId,
    action: 'grant',
    creditAmount: amount,
    balance,
    referenceType: 'manual',
  });
  await t.deps.db.update(employers).set({ creditBalance: balance }).where(eq(employers.id, employerId));
}

export async function balanceOf(t: TestApp, employerId: string) {
  const [e] = await t.deps.db.select({ b: employers.creditBalance }).from(employers).where(eq(employers.id, employerId));
  return e!.b;
}

export async function ledgerOf(t: TestApp, employerId: string) {
  return t.deps.db.select().from(creditLedgers).where(eq(creditLedgers.employerId, employerId)).orderBy(creditLedgers.createdAt, creditLedgers.id);
}

/** The default tiers (db/defaults.ts, as the demo seed writes them): 1–9 none, 10–24 10 %, 25–49 15 %, 50+ 20 %. */
export const demoTiers = [
  { min: 1, max: 9, bps: 0 },
  { min: 10, max: 24, bps: 1000 },
  { min: 25, max: 49, bps: 1500 },
  { min: 50, max: null, bps: 2000 },
] as const;

export async function addTiers(
  t: TestApp,
  tenant: Tenant,
  site: 0 | 1 = 0,
  tiers: readonly { min: number; max: number | null; bps: number }[] = demoTiers,
) {
  await t.deps.db.insert(discountTiers).values(
    tiers.map((x) => ({ accountId: tenant.account.id, siteId: tenant.sites[site].id, minQuantity: x.min, maxQuantity: x.max, discountBps: x.bps })),
  );
}

export async function setPrice(t: TestApp, siteId: string, cents: number, currency = 'USD') {
  await t.deps.db
    .update(sites)
    .set({
      settings: sql`${sites.settings} || jsonb_build_object('price_per_credit_cents', ${cents}::int, 'currency', ${currency}::text)`,
    })
    .where(eq(sites.id, siteId));
}

/** The ledger adds up: the sum of the entries is the cached balance, and each row's balance is the running sum. */
export async function ledgerAddsUp(t: TestApp, employerId: string, balance: number) {
  const rows = await t.deps.db.select().from(creditLedgers).where(eq(creditLedgers.employerId, employerId)).orderBy(creditLedgers.createdAt, creditLedgers.id);
  let running = 0;
  for (const r of rows) {
    running += r.creditAmount;
    if (r.balance !== running) return false;
  }
  return running === balance;
}
