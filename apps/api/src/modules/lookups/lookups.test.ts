import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldOptionKinds, type FieldOptionKind, type RoleLevel } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { products } from '../../db/schema/jobs';
import { fieldOptions } from '../../db/schema/settings';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type Caller, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** A tenant with more employers and consultants than a picker returns. */
let c: Tenant;

interface Fixture {
  northwind: string;
  fresh: string;
  products: { premium: string; standard: string };
  consultants: { ben: string; carla: string; eve: string };
}

/**
 * Site 1 gets a few options (one disabled), three products (one disabled), employers in every state and
 * consultants assigned to one site, both, none, or disabled; site 2 a little of each, so leaks show.
 */
async function fill(tenant: Tenant, prefix: string): Promise<Fixture> {
  const db = t.deps.db;
  const [s1, s2] = tenant.sites;
  const accountId = tenant.account.id;
  const option = (siteId: string, kind: FieldOptionKind, value: string, label: string, position: number, enabled = true) => ({
    accountId,
    siteId,
    kind,
    value,
    label: `${prefix}${label}`,
    position,
    enabled,
  });
  await db.insert(fieldOptions).values([
    option(s1.id, 'work_type', 'full_time', 'Full time', 1),
    option(s1.id, 'work_type', 'part_time', 'Part time', 0),
    option(s1.id, 'work_type', 'casual', 'Casual', 2, false),
    option(s1.id, 'work_type', 'contract', 'Contract', 3),
    option(s1.id, 'pay_type', 'hourly', 'Hourly', 0),
    option(s1.id, 'visa_type', 'citizen', 'Citizen', 0),
    option(s2.id, 'work_type', 'internship', 'Internship', 0),
    option(s2.id, 'industry', 'mining', 'Mining', 0),
  ]);
  const [premium, standard] = await db
    .insert(products)
    .values([
      { accountId, siteId: s1.id, name: `${prefix}Premium`, description: 'Top of the list', durationDays: 60, featured: true, priceCents: 9900, currency: 'USD', position: 0 },
      { accountId, siteId: s1.id, name: `${prefix}Standard`, description: null, durationDays: 30, priceCents: 4900, currency: 'USD', position: 1 },
      { accountId, siteId: s1.id, name: `${prefix}Retired`, durationDays: 7, priceCents: 100, currency: 'USD', position: 2, enabled: false },
      { accountId, siteId: s2.id, name: `${prefix}Second site`, durationDays: 14, priceCents: 2000, currency: 'AUD', position: 0 },
    ])
    .returning();
  const employer = async (siteId: string, businessName: string, status: 'pending' | 'active' | 'rejected' = 'active', enabled = true) => {
    const [row] = await db.insert(employers).values({ accountId, siteId, businessName, status, enabled }).returning();
    return row!.id;
  };
  const northwind = await employer(s1.id, 'Northwind Logistics');
  const fresh = await employer(s1.id, '100% Fresh_Foods');
  await employer(s1.id, 'Pending Co', 'pending');
  await employer(s1.id, 'Rejected Inc', 'rejected');
  await employer(s1.id, 'Disabled Ltd', 'active', false);
  await employer(s2.id, 'Northern Second');

  const consultant = async (name: string, siteIds: string[], enabled = true) => {
    const [row] = await db.insert(consultants).values({ accountId, name, enabled }).returning();
    if (siteIds.length) await db.insert(consultantSites).values(siteIds.map((siteId) => ({ consultantId: row!.id, siteId, accountId })));
    return row!.id;
  };
  const carla = await consultant('Carla Consultant', [s1.id]);
  const ben = await consultant('Ben Recruiter', [s1.id, s2.id]);
  await consultant('Dora Disabled', [s1.id], false);
  const eve = await consultant('Eve Elsewhere', [s2.id]);
  await consultant('Una Unassigned', []);
  return { northwind, fresh, products: { premium: premium!.id, standard: standard!.id }, consultants: { ben, carla, eve } };
}

/** A site-level user of `tenant` holding a custom role with just these permissions. */
async function siteUserWith(tenant: Tenant, label: string, permissions: string[], level: RoleLevel = 'site') {
  const db = t.deps.db;
  const [role] = await db
    .insert(roles)
    .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, key: label, name: label, level, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email: `${label}.${tenant.account.slug}@example.test`, name: label, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db.insert(memberships).values({
    userId: user!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: level,
    accountId: tenant.account.id,
    siteId: tenant.sites[0].id,
    roleId: role!.id,
  });
  return login(t.app, user!.email);
}

let fa: Fixture;
let fb: Fixture;
const tokens = {} as Record<'manager' | 'admin' | 'employerAdmin' | 'betaAdmin' | 'cAdmin' | 'dashboardOnly', string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  c = await createTenant(t.deps.db, { name: 'Gamma' });
  fa = await fill(a, '');
  fb = await fill(b, 'Beta ');
  const [c1] = c.sites;
  await t.deps.db.insert(employers).values(
    Array.from({ length: 55 }, (_, i) => ({ accountId: c.account.id, siteId: c1.id, businessName: `Bulk ${String(i).padStart(2, '0')}`, status: 'active' as const })),
  );
  const bulk = await t.deps.db
    .insert(consultants)
    .values(Array.from({ length: 52 }, (_, i) => ({ accountId: c.account.id, name: `Consultant ${String(i).padStart(2, '0')}` })))
    .returning();
  await t.deps.db.insert(consultantSites).values(bulk.map((r) => ({ consultantId: r.id, siteId: c1.id, accountId: c.account.id })));

  tokens.manager = await login(t.app, a.users.siteManager.email);
  tokens.admin = await login(t.app, a.users.accountAdmin.email);
  tokens.employerAdmin = await login(t.app, a.users.employerAdmin.email);
  tokens.betaAdmin = await login(t.app, b.users.accountAdmin.email);
  tokens.cAdmin = await login(t.app, c.users.accountAdmin.email);
  tokens.dashboardOnly = await siteUserWith(a, 'dashboard-only', ['dashboard.view']);
});
afterAll(() => t.close());

const site1 = (tenant: Tenant) => ({ accountId: tenant.account.id, siteId: tenant.sites[0].id });
const site2 = (tenant: Tenant) => ({ accountId: tenant.account.id, siteId: tenant.sites[1].id });
const ownEmployer = (tenant: Tenant) => ({ ...site1(tenant), employerId: tenant.employers[0].id });

const get = (token: string | undefined, scope: Omit<Caller, 'token'>, url: string, query: Record<string, string> = {}) =>
  call(t.app, { token, ...scope }, { method: 'GET', url: `/portal/v1/site/${url}`, query });
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

const empty = Object.fromEntries(fieldOptionKinds.map((k) => [k, []]));

describe('GET /v1/site/field-options', () => {
  it('groups the site’s enabled options by kind in position order, every kind present', async () => {
    const res = await get(tokens.manager, site1(a), 'field-options');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...empty,
      work_type: [
        { value: 'part_time', label: 'Part time' },
        { value: 'full_time', label: 'Full time' },
        { value: 'contract', label: 'Contract' },
      ],
      pay_type: [{ value: 'hourly', label: 'Hourly' }],
      visa_type: [{ value: 'citizen', label: 'Citizen' }],
    });
    expect(Object.keys(res.json()).sort()).toEqual([...fieldOptionKinds].sort());
  });

  it('keeps to the selected site and tenant', async () => {
    expect((await get(tokens.admin, site2(a), 'field-options')).json()).toEqual({
      ...empty,
      work_type: [{ value: 'internship', label: 'Internship' }],
      industry: [{ value: 'mining', label: 'Mining' }],
    });
    const beta = (await get(tokens.betaAdmin, site1(b), 'field-options')).json();
    expect(beta.pay_type).toEqual([{ value: 'hourly', label: 'Beta Hourly' }]);
    expect((await get(tokens.betaAdmin, site1(a), 'field-options')).statusCode).toBe(404);
    expect((await get(tokens.manager, site2(a), 'field-options')).statusCode).toBe(404);
    // A site without options answers every kind empty.
    expect((await get(tokens.cAdmin, site1(c), 'field-options')).json()).toEqual(empty);
  });

  it('is open to every portal user of the site, needs a selected site and a signed-in caller', async () => {
    expect((await get(tokens.employerAdmin, ownEmployer(a), 'field-options')).json().pay_type).toEqual([{ value: 'hourly', label: 'Hourly' }]);
    expect((await get(tokens.dashboardOnly, site1(a), 'field-options')).statusCode).toBe(200);
    const noSite = await get(tokens.admin, { accountId: a.account.id }, 'field-options');
    expect(noSite.statusCode).toBe(404);
    expect(noSite.json()).toEqual(coded({ message: messages.notFound }));
    expect((await get(undefined, site1(a), 'field-options')).statusCode).toBe(401);
  });
});

describe('GET /v1/site/products', () => {
  it('lists the site’s enabled products in position order', async () => {
    const res = await get(tokens.manager, site1(a), 'products');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: fa.products.premium, name: 'Premium', description: 'Top of the list', duration_days: 60, featured: true, price_cents: 9900, currency: 'USD' },
      { id: fa.products.standard, name: 'Standard', description: null, duration_days: 30, featured: false, price_cents: 4900, currency: 'USD' },
    ]);
  });

  it('keeps to the selected site and tenant', async () => {
    expect(names((await get(tokens.admin, site2(a), 'products')).json())).toEqual(['Second site']);
    expect(names((await get(tokens.betaAdmin, site1(b), 'products')).json())).toEqual(['Beta Premium', 'Beta Standard']);
    expect((await get(tokens.betaAdmin, site1(a), 'products')).statusCode).toBe(404);
    expect((await get(tokens.manager, site2(a), 'products')).statusCode).toBe(404);
    expect((await get(tokens.cAdmin, site1(c), 'products')).json()).toEqual([]);
  });

  it('needs jobs.view and a selected site', async () => {
    expect(names((await get(tokens.employerAdmin, ownEmployer(a), 'products')).json())).toEqual(['Premium', 'Standard']);
    const denied = await get(tokens.dashboardOnly, site1(a), 'products');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(coded({ message: messages.unauthorized }));
    expect((await get(tokens.admin, { accountId: a.account.id }, 'products')).statusCode).toBe(404);
  });
});

describe('GET /v1/site/lookups/employers', () => {
  it('lists the site’s active, enabled employers by name', async () => {
    const res = await get(tokens.manager, site1(a), 'lookups/employers');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: fa.fresh, name: '100% Fresh_Foods' },
      { id: a.employers[0].id, name: 'Alpha Employer 1' },
      { id: fa.northwind, name: 'Northwind Logistics' },
    ]);
  });

  it('matches the name anywhere, case-insensitively, taking % and _ literally', async () => {
    const q = async (text: string) => names((await get(tokens.manager, site1(a), 'lookups/employers', { q: text })).json());
    expect(await q('NORTH')).toEqual(['Northwind Logistics']); // not "Northern Second" of site 2
    expect(await q('  employer ')).toEqual(['Alpha Employer 1']);
    expect(await q('%')).toEqual(['100% Fresh_Foods']);
    expect(await q('_')).toEqual(['100% Fresh_Foods']);
    expect(await q('co')).toEqual([]); // "Pending Co" is not active
    expect(await q('   ')).toEqual(['100% Fresh_Foods', 'Alpha Employer 1', 'Northwind Logistics']);
  });

  it('gives an employer user only their own employer, and a selected employer narrows a manager too', async () => {
    expect((await get(tokens.employerAdmin, ownEmployer(a), 'lookups/employers')).json()).toEqual([{ id: a.employers[0].id, name: 'Alpha Employer 1' }]);
    expect((await get(tokens.employerAdmin, ownEmployer(a), 'lookups/employers', { q: 'north' })).json()).toEqual([]);
    expect((await get(tokens.employerAdmin, { ...site1(a), employerId: fa.northwind }, 'lookups/employers')).statusCode).toBe(404);
    expect((await get(tokens.manager, { ...site1(a), employerId: fa.northwind }, 'lookups/employers')).json()).toEqual([
      { id: fa.northwind, name: 'Northwind Logistics' },
    ]);
  });

  it('keeps to the selected site and tenant, and returns at most 50', async () => {
    expect(names((await get(tokens.admin, site2(a), 'lookups/employers')).json())).toEqual(['Alpha Employer 2', 'Northern Second']);
    expect(names((await get(tokens.betaAdmin, site1(b), 'lookups/employers')).json())).toEqual(['100% Fresh_Foods', 'Beta Employer 1', 'Northwind Logistics']);
    expect((await get(tokens.betaAdmin, site1(a), 'lookups/employers')).statusCode).toBe(404);
    const bulk = (await get(tokens.cAdmin, site1(c), 'lookups/employers')).json();
    expect(bulk).toHaveLength(50);
    expect(names(bulk).slice(0, 2)).toEqual(['Bulk 00', 'Bulk 01']);
    expect(names(bulk).at(-1)).toBe('Bulk 49');
    expect(names((await get(tokens.cAdmin, site1(c), 'lookups/employers', { q: 'bulk 5' })).json())).toEqual([
      'Bulk 50',
      'Bulk 51',
      'Bulk 52',
      'Bulk 53',
      'Bulk 54',
    ]);
  });

  it('needs jobs.view and a selected site, and validates q', async () => {
    expect((await get(tokens.dashboardOnly, site1(a), 'lookups/employers')).statusCode).toBe(403);
    expect((await get(tokens.admin, { accountId: a.account.id }, 'lookups/employers')).statusCode).toBe(404);
    const long = await get(tokens.manager, site1(a), 'lookups/employers', { q: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['q']);
  });
});

describe('GET /v1/site/lookups/consultants', () => {
  it('lists the enabled consultants assigned to the site, by name', async () => {
    const res = await get(tokens.manager, site1(a), 'lookups/consultants');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: fa.consultants.ben, name: 'Ben Recruiter' },
      { id: fa.consultants.carla, name: 'Carla Consultant' },
    ]);
    expect((await get(tokens.manager, site1(a), 'lookups/consultants', { q: 'CARLA' })).json()).toEqual([
      { id: fa.consultants.carla, name: 'Carla Consultant' },
    ]);
    expect((await get(tokens.manager, site1(a), 'lookups/consultants', { q: 'dora' })).json()).toEqual([]);
    expect((await get(tokens.manager, site1(a), 'lookups/consultants', { q: '%' })).json()).toEqual([]);
  });

  it('keeps to the selected site and tenant, and returns at most 50', async () => {
    expect((await get(tokens.admin, site2(a), 'lookups/consultants')).json()).toEqual([
      { id: fa.consultants.ben, name: 'Ben Recruiter' },
      { id: fa.consultants.eve, name: 'Eve Elsewhere' },
    ]);
    expect((await get(tokens.betaAdmin, site1(b), 'lookups/consultants')).json()).toEqual([
      { id: fb.consultants.ben, name: 'Ben Recruiter' },
      { id: fb.consultants.carla, name: 'Carla Consultant' },
    ]);
    expect((await get(tokens.betaAdmin, site1(a), 'lookups/consultants')).statusCode).toBe(404);
    expect((await get(tokens.manager, site2(a), 'lookups/consultants')).statusCode).toBe(404);
    const bulk = names((await get(tokens.cAdmin, site1(c), 'lookups/consultants')).json());
    expect(bulk).toHaveLength(50);
    expect([bulk[0], bulk.at(-1)]).toEqual(['Consultant 00', 'Consultant 49']);
  });

  it('is open to an employer user posting on the site, needs jobs.view, and validates q', async () => {
    expect(names((await get(tokens.employerAdmin, ownEmployer(a), 'lookups/consultants')).json())).toEqual(['Ben Recruiter', 'Carla Consultant']);
    expect((await get(tokens.dashboardOnly, site1(a), 'lookups/consultants')).statusCode).toBe(403);
    expect((await get(tokens.admin, { accountId: a.account.id }, 'lookups/consultants')).statusCode).toBe(404);
    expect((await get(tokens.manager, site1(a), 'lookups/consultants', { q: 'x'.repeat(101) })).statusCode).toBe(422);
  });
});
