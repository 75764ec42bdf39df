import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandingDefaults } from '@hireline/contract/branding';
import { accounts } from '../../db/schema/tenancy';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.deps.db, { name: 'Initech' });
});
afterAll(() => t.close());

const branding = (domain: string) => call(t.app, {}, { method: 'GET', url: `/portal/accounts/branding?domain=${encodeURIComponent(domain)}` });

describe('GET /accounts/branding', () => {
  it("returns the account's branding for its portal domain, port and case ignored", async () => {
    const res = await branding(`${tenant.account.domain.toUpperCase()}:3000`);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.id).toBe(tenant.account.id);
    expect(b.title).toBe('Initech Careers');
    expect(b.branding.colors).toEqual({ primary_color: '#123456', primary_darken_color: '#0a1b2c' });
    expect(b.branding.login).toEqual({ title: 'Welcome to Initech' });
    expect(b.branding.forgot_password).toEqual({});
    expect(b.settings.is_board).toBe(false);
  });

  it("returns the site's board branding for a site domain", async () => {
    const b = (await branding(`jobs.${tenant.account.domain}`)).json();
    expect(b.settings).toMatchObject({ is_board: true, account_id: tenant.account.id, site_id: tenant.sites[0].id });
    expect(b.name).toBe('Initech Jobs');
  });

  it('falls back to the spec defaults for colours an account does not set', async () => {
    await t.deps.db.update(accounts).set({ branding: {} }).where(eq(accounts.id, tenant.account.id));
    // Still cached until invalidated, as settings changes do.
    expect((await branding(tenant.account.domain)).json().branding.colors.primary_color).toBe('#123456');
    t.deps.branding.invalidate();
    const b = (await branding(tenant.account.domain)).json();
    expect(b.branding.colors).toEqual({ primary_color: brandingDefaults.primary_color, primary_darken_color: brandingDefaults.primary_darken_color });
  });

  it('answers 404 for an unknown or disabled domain, and 422 without one', async () => {
    expect((await branding('nowhere.example')).statusCode).toBe(404);
    expect((await call(t.app, {}, { method: 'GET', url: '/portal/accounts/branding' })).statusCode).toBe(422);
  });
});

describe('GET /health', () => {
  it('checks the database without an enterprise key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portal/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});

describe('OpenAPI', () => {
  it('is generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portal/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/portal/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/portal/auth/me'].get.responses['200']).toBeDefined();
  });
});
