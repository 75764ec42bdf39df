import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { accounts, sites } from '../../db/schema/tenancy';
import { notify, type NotifyDeps } from '../../platform/notify/notify';
import { employerUserIds } from '../../platform/notify/recipients';
import type { PurchaseRow } from './credits.repo';

/** Credits bought: the employer's users hear it once per purchase, with the new balance. */
export async function notifyPurchased(deps: NotifyDeps, tx: DbOrTx, p: PurchaseRow, balance: number) {
  const [where] = await tx
    .select({ employer: employers.businessName, siteSlug: sites.slug, accountSlug: accounts.slug })
    .from(employers)
    .innerJoin(sites, eq(sites.id, p.siteId))
    .innerJoin(accounts, eq(accounts.id, employers.accountId))
    .where(eq(employers.id, p.employerId))
    .limit(1);
  if (!where) return;
  await notify(deps, tx, {
    event: 'credit.purchased',
    accountId: p.accountId,
    siteId: p.siteId,
    userIds: await employerUserIds(tx, p.employerId),
    vars: { employer_name: where.employer, quantity: String(p.quantity), balance: String(balance) },
    link: `/${where.accountSlug}/${where.siteSlug}/credit-system`,
    key: p.id,
  });
}
