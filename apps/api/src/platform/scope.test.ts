import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { route } from './route';
import { coded } from '../test/errors';

/**
 * Tenancy on every request: the scope headers are checked against the
 * caller's memberships and the hierarchy, and anything outside is 404.
 * A probe endpoint (registered only here) echoes the resolved scope and
 * requires `jobs.delete`, to test permission enforcement itself.
 */
const probe = endpoint({
  method: 'GET',
  path: '/v1/test/scope',
  summary: 'probe',
  tags: ['test'],
  access: { subject: 'jobs', action: 'view' },
  response: z.object({ accountId: z.string().nullable(), siteId: z.string().nullable(), employerId: z.string().nullable(), employerIds: z.array(z.string()).nullable() }),
});
const enterpriseOnly = endpoint({
  method: 'GET',
  path: '/v1/test/enterprise',
  summary: 'probe',
  tags: ['test'],
  access: { subject: 'enterprise', action: 'view' },
  level: 'enterprise',
  response: z.object({ ok: z.boolean() }),
});
const guarded = endpoint({ method: 'POST', path: '/v1/test/delete', summary: 'probe', tags: ['test'], access: { subject: 'jobs', action: 'delete' }, response: z.object({ ok: z.boolean() }) });

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp({}, {
    extend(app, deps) {
      route(app, deps, probe, async ({ scope }) => scope);
      route(app, deps, guarded, async () => ({ ok: true }));
      route(app, deps, enterpriseOnly, async () => ({ ok: true }));
    },
  });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
});
afterAll(() => t.close());

const get = (token: string, scope: { accountId?: string; siteId?: string; employerId?: string }) =>
  call(t.app, { token, ...scope }, { method: 'GET', url: '/portal/v1/test/scope' });

describe('scope headers', () => {
  it('resolves a scope the caller belongs to', async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    const res = await get(token, { accountId: a.account.id, siteId: a.sites[1].id, employerId: a.employers[1].id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accountId: a.account.id, siteId: a.sites[1].id, employerId: a.employers[1].id, employerIds: null });
  });

  it("answers 404 for another tenant's account, site or employer, also mixed with the caller's own ids", async () => {
    const token = await login(t.app, b.users.accountAdmin.email);
    const cases = [
      { accountId: a.account.id },
      { accountId: a.account.id, siteId: a.sites[0].id },
      { accountId: b.account.id, siteId: a.sites[0].id },
      { accountId: b.account.id, siteId: b.sites[0].id, employerId: a.employers[0].id },
      { accountId: b.account.id, siteId: b.sites[0].id, employerId: b.employers[1].id }, // own employer, wrong site
      { accountId: 'not-a-uuid' },
      { siteId: b.sites[0].id }, // a site without its account
    ];
    for (const scope of cases) {
      const res = await get(token, scope);
      expect(res.statusCode, JSON.stringify(scope)).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
  });

  it('keeps a site manager to their site', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    expect((await get(token, { accountId: a.account.id, siteId: a.sites[0].id })).statusCode).toBe(200);
    expect((await get(token, { accountId: a.account.id, siteId: a.sites[1].id })).statusCode).toBe(404);
  });

  it('confines an employer admin to their employer', async () => {
    const token = await login(t.app, a.users.employerAdmin.email);
    // Their permissions sit on `employer:{id}`, which counts only with that employer selected.
    expect((await get(token, { accountId: a.account.id, siteId: a.sites[0].id })).statusCode).toBe(403);
    const own = await get(token, { accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id });
    expect(own.statusCode).toBe(200);
    expect(own.json().employerIds).toEqual([a.employers[0].id]);
    expect((await get(token, { accountId: a.account.id, siteId: a.sites[1].id, employerId: a.employers[1].id })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('counts scoped permissions only while that scope is selected', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    // Without the site selected the site manager's `site:` permissions do not count: jobs.view is missing.
    expect((await get(token, { accountId: a.account.id })).statusCode).toBe(403);
    expect((await get(token, { accountId: a.account.id, siteId: a.sites[0].id })).statusCode).toBe(200);
  });

  it('answers 403 when the declared permission is missing', async () => {
    const employer = await login(t.app, a.users.employerAdmin.email);
    const scope = { accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id };
    const res = await call(t.app, { token: employer, ...scope }, { method: 'POST', url: '/portal/v1/test/delete' });
    expect(res.statusCode).toBe(200); // the employer admin role holds jobs.delete
    const manager = await login(t.app, a.users.siteManager.email);
    const other = await call(t.app, { token: manager, accountId: a.account.id }, { method: 'POST', url: '/portal/v1/test/delete' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(coded({ message: messages.unauthorized }));
  });
});

describe('enterprise-level endpoints', () => {
  it("ignore the scope headers, so an account admin's `all` never reaches them", async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    const headers = { accountId: a.account.id, siteId: a.sites[0].id };
    const res = await call(t.app, { token, ...headers }, { method: 'GET', url: '/portal/v1/test/enterprise' });
    expect(res.statusCode).toBe(403);
  });

  it('answer enterprise staff', async () => {
    const { memberships, roles, users } = await import('../db/schema/identity');
    const { hashPassword } = await import('./crypto');
    const { PASSWORD } = await import('../test/factories');
    const [role] = await t.deps.db.insert(roles).values({ enterpriseId: a.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] }).onConflictDoNothing().returning();
    const [user] = await t.deps.db.insert(users).values({ enterpriseId: a.enterpriseId, email: 'boss@example.test', name: 'Boss', passwordHash: await hashPassword(PASSWORD) }).returning();
    await t.deps.db.insert(memberships).values({ userId: user!.id, enterpriseId: a.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
    const token = await login(t.app, 'boss@example.test');
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/v1/test/enterprise' })).statusCode).toBe(200);
  });
});
