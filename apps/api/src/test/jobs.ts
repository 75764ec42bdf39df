import { eq, sql } from 'drizzle-orm';
import type { JobInput } from '@hireline/contract/job-model';
import { consultants, consultantSites } from '../db/schema/consultants';
import { jobs, products } from '../db/schema/jobs';
import { files } from '../db/schema/platform';
import { sites } from '../db/schema/tenancy';
import { expireDueJobs } from '../modules/jobs/job-expiry';
import { remindExpiring } from '../modules/jobs/job-notify';
import type { Tenant } from './factories';
import type { TestApp } from './harness';

/* Jobs and what a post needs: products, consultants, banners, the site's approval rule; live jobs written directly. */

let seq = 0;

export async function addProduct(t: TestApp, tenant: Tenant, opts: { site?: 0 | 1; durationDays?: number; featured?: boolean; enabled?: boolean } = {}) {
  const site = tenant.sites[opts.site ?? 0];
  const [row] = await t.deps.db
    .insert(products)
    .values({
      accountId: tenant.account.id,
      siteId: site.id,
      name: `Product ${++seq}`,
      durationDays: opts.durationDays ?? 30,
      featured: opts.featured ?? false,
      priceCents: 4900,
      currency: 'USD',
      enabled: opts.enabled ?? true,
    })
    .returning();
  return row!;
}

export async function addConsultant(t: TestApp, tenant: Tenant, opts: { site?: 0 | 1; name?: string } = {}) {
  const [row] = await t.deps.db
    .insert(consultants)
    .values({ accountId: tenant.account.id, name: opts.name ?? `Consultant ${++seq}` })
    .returning();
  await t.deps.db.insert(consultantSites).values({ consultantId: row!.id, siteId: tenant.sites[opts.site ?? 0].id, accountId: tenant.account.id });
  return row!;
}

export async function addFile(t: TestApp, tenant: Tenant, purpose: 'banner' | 'logo' = 'banner') {
  const id = crypto.randomUUID();
  await t.deps.db.insert(files).values({
    id,
    accountId: tenant.account.id,
    purpose,
    storageKey: `test/${id}`,
    originalName: 'banner.png',
    mime: 'image/png',
    size: 10,
    sha256: '0'.repeat(64),
  });
  return id;
}

export async function requireApproval(t: TestApp, siteId: string, required: boolean) {
  await t.deps.db
    .update(sites)
    .set({ settings: sql`jsonb_set(${sites.settings}, '{job_approval_required}', ${JSON.stringify(required)}::jsonb)` })
    .where(eq(sites.id, siteId));
}

/** Everything a post needs, for employer 1 of site 1. */
export const completeJob = (tenant: Tenant, productId: string, extra: Partial<JobInput> = {}): JobInput => ({
  title: 'Forklift Driver',
  employer_id: tenant.employers[0].id,
  product_id: productId,
  description: '<p>Drive forklifts in our <strong>warehouse</strong>.</p>',
  apply_type: 'internal',
  ...extra,
});

/** A live job of employer 1 on site 1 (or the given site's employer). */
export async function addLiveJob(t: TestApp, tenant: Tenant, opts: { site?: 0 | 1; title?: string; consultantId?: string | null; employerId?: string } = {}) {
  const i = opts.site ?? 0;
  const [row] = await t.deps.db
    .insert(jobs)
    .values({
      accountId: tenant.account.id,
      siteId: tenant.sites[i].id,
      employerId: opts.employerId ?? tenant.employers[i].id,
      title: opts.title ?? `Job ${++seq}`,
      status: 'live',
      consultantId: opts.consultantId ?? null,
      postedAt: new Date(),
    })
    .returning();
  return row!;
}

/** The scheduler's sweep of adverts past their end (tasks.ts `jobs.expire`), run now; answers how many it expired. */
export const runJobExpiry = (t: TestApp) => expireDueJobs(t.deps.db, new Date(), t.deps);

/** The scheduler's sweep of adverts ending soon (tasks.ts `jobs.expiring-reminders`), run now. */
export const runExpiryReminders = (t: TestApp) => remindExpiring(t.deps, t.deps.db);
