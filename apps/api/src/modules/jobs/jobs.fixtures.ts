import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { RoleLevel } from '@hireline/contract/enums';
import type { JobInput } from '@hireline/contract/job-model';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { creditLedgers } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { products } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { sites } from '../../db/schema/tenancy';
import { hashPassword } from '../../platform/crypto';
import { PASSWORD, type Tenant } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

/* Test data the shared factories do not make: products, consultants, banners, credits, custom roles. */

export interface Scope {
  accountId: string;
  siteId: string;
  employerId?: string;
}

export const site1 = (t: Tenant): Scope => ({ accountId: t.account.id, siteId: t.sites[0].id });
export const employer1 = (t: Tenant): Scope => ({ ...site1(t), employerId: t.employers[0].id });

/** A client for one caller in one scope. */
export function client(t: TestApp, token: string, scope: Scope) {
  const send = (opts: InjectOptions) => call(t.app, { token, ...scope }, opts);
  return {
    get: (url: string, query?: Record<string, string | string[]>, headers?: Record<string, string>) =>
      send({ method: 'GET', url: `/portal${url}`, query, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      send({ method: 'POST', url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers }),
    patch: (url: string, payload: unknown) => send({ method: 'PATCH', url: `/portal${url}`, payload: payload as object }),
    put: (url: string, payload: unknown) => send({ method: 'PUT', url: `/portal${url}`, payload: payload as object }),
    del: (url: string) => send({ method: 'DELETE', url: `/portal${url}` }),
  };
}
export type Client = ReturnType<typeof client>;

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

export async function requireApproval(t: TestApp, siteId: string, required: boolean) {
  await t.deps.db
    .update(sites)
    .set({ settings: sql`jsonb_set(${sites.settings}, '{job_approval_required}', ${JSON.stringify(required)}::jsonb)` })
    .where(eq(sites.id, siteId));
}

/** A user holding a custom role with exactly these permissions, signed in; site-level on site 1 by default. */
export async function userWith(t: TestApp, tenant: Tenant, permissions: string[], level: RoleLevel = 'site') {
  const label = `custom${++seq}`;
  const db = t.deps.db;
  const [role] = await db
    .insert(roles)
    .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, key: label, name: label, level, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email: `${label}.${tenant.account.slug}@example.test`, name: `User ${label}`, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db.insert(memberships).values({
    userId: user!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: level,
    accountId: tenant.account.id,
    siteId: level === 'account' ? null : tenant.sites[0].id,
    employerId: level === 'employer' ? tenant.employers[0].id : null,
    roleId: role!.id,
  });
  return { id: user!.id, email: user!.email, token: await login(t.app, user!.email) };
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
