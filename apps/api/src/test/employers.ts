import { employers } from '../db/schema/employers';
import type { Tenant } from './factories';
import type { TestApp } from './harness';

/* Employers in the states the tests need. */

let seq = 0;

export async function addEmployer(
  t: TestApp,
  tenant: Tenant,
  opts: { site?: 0 | 1; name?: string; status?: 'pending' | 'active' | 'rejected'; enabled?: boolean; contactEmail?: string | null; createdAt?: Date } = {},
) {
  const [row] = await t.deps.db
    .insert(employers)
    .values({
      accountId: tenant.account.id,
      siteId: tenant.sites[opts.site ?? 0].id,
      businessName: opts.name ?? `Employer ${++seq}`,
      status: opts.status ?? 'active',
      enabled: opts.enabled ?? true,
      contactEmail: opts.contactEmail ?? null,
      contactName: 'Pat Contact',
      ...(opts.createdAt && { createdAt: opts.createdAt }),
    })
    .returning();
  return row!;
}
