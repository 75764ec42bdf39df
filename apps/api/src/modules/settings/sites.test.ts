import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses, fieldOptionKinds } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { siteMessages } from '@hireline/contract/sites';
import { defaultDiscountTiers, defaultFieldOptions, defaultProducts, defaultSiteSettings } from '../../db/defaults';
import { sites } from '../../db/schema/tenancy';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addLiveJob } from '../../test/jobs';
import { client, site1, accountClient, type AccountClient } from '../../test/client';
import { userWith } from '../../test/people';
import { auditOf } from '../../test/audit';
import { uniqueViolation } from './settings-scope';
import { proveDomain, publicBranding, siteRow } from './settings.fixtures';
import { settingsMessages } from './site-settings.service';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: AccountClient;
let betaAdmin: AccountClient;
let managerToken: string;
let employerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
  betaAdmin = accountClient(t, await login(t.app, b.users.accountAdmin.email), b.account.id);
  managerToken = await login(t.app, a.users.siteManager.email);
  employerToken = await login(t.app, a.users.employerAdmin.email);
});
afterAll(() => t.close());

let seq = 0;
const fresh = () => `site-${++seq}`;

describe('GET /v1/accounts/sites', () => {
  it("lists the account's sites with their job and employer counts, and only the account's", async () => {
    await addLiveJob(t, a);
    await addLiveJob(t, a);
    const res = await admin.get('/v1/accounts/sites', { sort: 'created_at' });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(data.slice(0, 2)).toEqual([
      expect.objectContaining({
        id: a.sites[0].id,
        slug: 'main',
        name: 'Alpha Jobs',
        domain: `jobs.${a.account.domain}`,
        domain_verified: true,
        board_enabled: true,
        enabled: true,
        jobs_count: 2,
        employers_count: 1,
      }),
      expect.objectContaining({ id: a.sites[1].id, slug: 'second', domain: null, jobs_count: 0, employers_count: 1 }),
    ]);
    expect(meta.total).toBe(data.length);
    expect(data.map((s: { id: string }) => s.id)).not.toContain(b.sites[0].id);
  });

  it('searches by name, slug or domain and sorts by name', async () => {
    expect((await admin.get('/v1/accounts/sites', { q: 'secON' })).json().data.map((s: { slug: string }) => s.slug)).toEqual(['second']);
    expect((await admin.get('/v1/accounts/sites', { q: `jobs.${a.account.domain}` })).json().data.map((s: { slug: string }) => s.slug)).toEqual(['main']);
    const names = (await admin.get('/v1/accounts/sites', { sort: '-name' })).json().data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => y.toLowerCase().localeCompare(x.toLowerCase())));
  });

  it("is 403 for a site manager, even with their own site selected, and for an employer admin; 404 for another account", async () => {
    expect((await accountClient(t, managerToken, a.account.id).get('/v1/accounts/sites')).statusCode).toBe(403);
    expect((await accountClient(t, managerToken, a.account.id, { siteId: a.sites[0].id }).get('/v1/accounts/sites')).statusCode).toBe(403);
    expect((await accountClient(t, employerToken, a.account.id).get('/v1/accounts/sites')).statusCode).toBe(403);
    const stranger = accountClient(t, await login(t.app, b.users.accountAdmin.email), a.account.id);
    expect((await stranger.get('/v1/accounts/sites')).statusCode).toBe(404);
  });

  it("needs the permission at the account: a site role that names sites does not reach the account's sites", async () => {
    const siteRole = await userWith(t, a, ['sites.view', 'sites.create'], 'site');
    expect((await accountClient(t, siteRole.token, a.account.id, { siteId: a.sites[0].id }).get('/v1/accounts/sites')).statusCode).toBe(403);
    expect((await accountClient(t, siteRole.token, a.account.id, { siteId: a.sites[0].id }).post('/v1/accounts/sites', { name: 'Sneaky', slug: 'sneaky' })).statusCode).toBe(403);
    const accountRole = await userWith(t, a, ['sites.view'], 'account');
    expect((await accountClient(t, accountRole.token, a.account.id, { siteId: a.sites[0].id }).get('/v1/accounts/sites')).statusCode).toBe(200);
    expect((await accountClient(t, accountRole.token, a.account.id).post('/v1/accounts/sites', { name: 'Sneaky', slug: 'sneaky' })).statusCode).toBe(403);
  });
});

describe('POST /v1/accounts/sites', () => {
  it('creates a site with the default settings, stages, field options, tiers and products, and serves its board once the domain is proved', async () => {
    const domain = `north.${a.account.domain}`;
    // Asked for before the site exists: cached as unknown until the creation clears the cache.
    expect((await publicBranding(t, domain)).statusCode).toBe(404);

    const res = await admin.post('/v1/accounts/sites', { name: '  Alpha North ', slug: 'north', domain: domain.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({ slug: 'north', name: 'Alpha North', domain, domain_verified: false, board_enabled: true, enabled: true, jobs_count: 0, employers_count: 0 });
    expect((await siteRow(t, site.id)).settings).toEqual(defaultSiteSettings);

    const inSite = client(t, (await login(t.app, a.users.accountAdmin.email)), { accountId: a.account.id, siteId: site.id });
    const stages = (await inSite.get('/v1/site/application-stages')).json();
    expect(stages.map((s: { status: string }) => s.status)).toEqual([...applicationStatuses]);
    const options = (await inSite.get('/v1/site/field-options')).json();
    for (const kind of fieldOptionKinds) expect(options[kind]).toEqual(defaultFieldOptions[kind].map(([value, label]) => ({ value, label })));
    const tiers = (await inSite.get('/v1/credit/discount-tiers')).json();
    expect(tiers).toMatchObject({ price_per_credit_cents: defaultSiteSettings.price_per_credit_cents, currency: 'USD' });
    expect(tiers.data.map((x: { min_quantity: number; max_quantity: number | null; discount_percent: number }) => [x.min_quantity, x.max_quantity, x.discount_percent]))
      .toEqual(defaultDiscountTiers.map((x) => [x.minQuantity, x.maxQuantity, x.discountBps / 100]));
    const products = (await inSite.get('/v1/site/products')).json();
    expect(products.map((p: { name: string }) => p.name)).toEqual(defaultProducts.map((p) => p.name));
    expect(products[0]).toMatchObject({ price_cents: defaultSiteSettings.price_per_credit_cents, currency: 'USD', duration_days: 30 });

    const [entry] = await auditOf(t, site.id, 'site.create');
    expect(entry).toMatchObject({ accountId: a.account.id, actorUserId: a.users.accountAdmin.id, data: { slug: 'north', name: 'Alpha North', domain } });

    // Claimed, not proved: the domain names no board yet.
    expect((await publicBranding(t, domain)).statusCode).toBe(404);
    await proveDomain(t, admin, site.id);
    site.domain_verified = true;
    const board = await publicBranding(t, domain);
    expect(board.statusCode).toBe(200);
    expect(board.json().settings).toMatchObject({ is_board: true, site_id: site.id, account_id: a.account.id });
    expect((await admin.get('/v1/accounts/sites', { q: 'north' })).json().data).toEqual([site]);
  });

  it('creates a site without a domain, its board off', async () => {
    const res = await admin.post('/v1/accounts/sites', { name: 'Quiet', slug: fresh(), domain: '', board_enabled: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ domain: null, board_enabled: false });
  });

  it('answers 422 with field messages for a missing name, bad slug, bad domain and a non-boolean switch', async () => {
    const res = await admin.post('/v1/accounts/sites', { name: ' ', slug: 'Not OK', domain: 'https://x.example/path', board_enabled: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [messages.required],
      slug: [siteMessages.slugFormat],
      domain: [siteMessages.domain],
      board_enabled: [messages.invalid],
    });
    const short = await admin.post('/v1/accounts/sites', { name: 'X', slug: 'a', domain: 'localhost' });
    expect(short.json().errors).toEqual({ slug: [siteMessages.slugLength], domain: [siteMessages.domain] });
    for (const slug of ['-edge', 'edge-', 'x'.repeat(41), 'dots.not']) {
      expect((await admin.post('/v1/accounts/sites', { name: 'X', slug })).statusCode, slug).toBe(422);
    }
    const missing = await admin.post('/v1/accounts/sites', {});
    expect(missing.json().errors).toMatchObject({ name: [messages.required], slug: [messages.required] });
    expect((await admin.post('/v1/accounts/sites', { name: 'X', slug: fresh(), extra: 1 })).json().errors).toEqual({ extra: ['This field is not allowed.'] });
  });

  it("refuses a slug the account already uses (another account may use it) and a domain that is anyone's", async () => {
    const taken = await admin.post('/v1/accounts/sites', { name: 'Again', slug: 'main' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: [settingsMessages.slugTaken] });
    expect((await betaAdmin.post('/v1/accounts/sites', { name: 'Beta North', slug: 'north' })).statusCode).toBe(201);

    for (const domain of [`jobs.${a.account.domain}`, `JOBS.${b.account.domain}`, a.account.domain]) {
      const res = await admin.post('/v1/accounts/sites', { name: 'Clash', slug: fresh(), domain });
      expect(res.statusCode, domain).toBe(422);
      expect(res.json().errors).toEqual({ domain: [settingsMessages.domainTaken] });
    }
  });

  it('answers 422, not 500, when two requests race for the same slug: the constraint decides', async () => {
    const body = { name: 'Racer', slug: fresh() };
    const results = await Promise.all([admin.post('/v1/accounts/sites', body), admin.post('/v1/accounts/sites', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({ slug: [settingsMessages.slugTaken] });
    // The constraint error as this driver reports it is recognised by name.
    const err = await t.deps.db.insert(sites).values({ accountId: a.account.id, slug: body.slug, name: 'Again' }).catch((e: unknown) => e);
    expect(uniqueViolation(err, 'sites_account_slug_unique')).toBe(true);
    expect(uniqueViolation(err, 'sites_domain_unique')).toBe(false);
  });

  it('is 403 for a site manager and an employer admin, 404 in another account, and writes nothing', async () => {
    const body = { name: 'Nope', slug: 'nope' };
    expect((await accountClient(t, managerToken, a.account.id, { siteId: a.sites[0].id }).post('/v1/accounts/sites', body)).statusCode).toBe(403);
    expect((await accountClient(t, employerToken, a.account.id).post('/v1/accounts/sites', body)).statusCode).toBe(403);
    expect((await accountClient(t, await login(t.app, b.users.accountAdmin.email), a.account.id).post('/v1/accounts/sites', body)).statusCode).toBe(404);
    expect((await admin.get('/v1/accounts/sites', { q: 'nope' })).json().data).toEqual([]);
  });
});

describe('PATCH /v1/accounts/sites/:id', () => {
  async function newSite(domain: string | null = null) {
    const res = await admin.post('/v1/accounts/sites', { name: 'Movable', slug: fresh(), domain });
    expect(res.statusCode, res.body).toBe(201);
    if (domain) await proveDomain(t, admin, res.json().id);
    return res.json() as { id: string; slug: string };
  }

  it('renames and moves the domain; the new domain is served once proved, and the change is audited', async () => {
    const old = `old.${a.account.domain}`;
    const next = `new.${a.account.domain}`;
    const site = await newSite(old);
    expect((await publicBranding(t, old)).json().name).toBe('Movable');
    expect((await publicBranding(t, next)).statusCode).toBe(404);

    const res = await admin.patch(`/v1/accounts/sites/${site.id}`, { name: 'Moved', domain: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: site.id, slug: site.slug, name: 'Moved', domain: next, domain_verified: false });
    expect((await publicBranding(t, old)).statusCode).toBe(404);
    // The proof of the old domain says nothing about the new one.
    expect((await publicBranding(t, next)).statusCode).toBe(404);
    await proveDomain(t, admin, site.id);
    expect((await publicBranding(t, next)).json()).toMatchObject({ name: 'Moved', settings: { site_id: site.id } });

    const [entry] = await auditOf(t, site.id, 'site.update');
    expect(entry!.data).toEqual({ fields: ['name', 'domain'], domain_from: old, domain_to: next });
  });

  it('turns the board off (its domain no longer answers) and disables the site (it can no longer be selected)', async () => {
    const domain = `toggle.${a.account.domain}`;
    const site = await newSite(domain);
    const inSite = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: site.id });
    expect((await inSite.get('/v1/site/settings')).statusCode).toBe(200);

    expect((await admin.patch(`/v1/accounts/sites/${site.id}`, { board_enabled: false })).json().board_enabled).toBe(false);
    expect((await publicBranding(t, domain)).statusCode).toBe(404);
    expect((await admin.patch(`/v1/accounts/sites/${site.id}`, { board_enabled: true, enabled: false })).json()).toMatchObject({ board_enabled: true, enabled: false });
    expect((await inSite.get('/v1/site/settings')).statusCode).toBe(404);
    expect((await publicBranding(t, domain)).statusCode).toBe(404);

    await admin.patch(`/v1/accounts/sites/${site.id}`, { enabled: true });
    expect((await inSite.get('/v1/site/settings')).statusCode).toBe(200);
    expect((await publicBranding(t, domain)).statusCode).toBe(200);
  });

  it('clears the domain, refuses one in use, and records nothing when nothing changes', async () => {
    const site = await newSite(`clear.${a.account.domain}`);
    expect((await admin.patch(`/v1/accounts/sites/${site.id}`, { domain: null })).json().domain).toBeNull();
    const clash = await admin.patch(`/v1/accounts/sites/${site.id}`, { domain: `jobs.${b.account.domain}` });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ domain: [settingsMessages.domainTaken] });
    const bad = await admin.patch(`/v1/accounts/sites/${site.id}`, { name: '', enabled: 'no', slug: 'renamed' });
    expect(bad.json().errors).toEqual({ name: [messages.required], enabled: [messages.invalid], slug: ['This field is not allowed.'] });

    const before = (await auditOf(t, site.id, 'site.update')).length;
    expect((await admin.patch(`/v1/accounts/sites/${site.id}`, { name: 'Movable', domain: null })).statusCode).toBe(200);
    expect(await auditOf(t, site.id, 'site.update')).toHaveLength(before);
  });

  it("is 404 for another account's site or an unknown id, and 403 for a site manager on their own site", async () => {
    expect((await admin.patch(`/v1/accounts/sites/${b.sites[0].id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await admin.patch('/v1/accounts/sites/00000000-0000-7000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    const manager = accountClient(t, managerToken, a.account.id, { siteId: a.sites[0].id });
    expect((await manager.patch(`/v1/accounts/sites/${a.sites[0].id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await siteRow(t, b.sites[0].id)).name).toBe('Beta Jobs');
    expect((await siteRow(t, a.sites[0].id)).name).toBe('Alpha Jobs');
    // The site manager's own view of the site is unaffected.
    expect((await client(t, managerToken, site1(a)).get('/v1/site/settings')).json().name).toBe('Alpha Jobs');
  });
});
