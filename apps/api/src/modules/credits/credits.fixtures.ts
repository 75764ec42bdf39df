import { eq, sql } from 'drizzle-orm';
import { creditLedgers, discountTiers } from '../../db/schema/credits';
import { sites } from '../../db/schema/tenancy';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

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
