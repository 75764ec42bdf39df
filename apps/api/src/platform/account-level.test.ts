import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can, type AppAbility } from '@hireline/access/ability';
import { endpoint } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { route } from './route';
import type { ResolvedScope } from './scope';
import { coded } from '../test/errors';

/**
 * `level: 'account'` (ADR 009): the permission is judged at the selected account alone, whatever site or employer
 * the caller also selects, so a site manager's `users.view` or an employer admin's `users.all` never reaches the
 * account's people, sites or branding. Probes registered only here: one account-level, one the same but in the
 * full selected scope, to show the site role would otherwise count.
 */
const scopeEcho = z.object({
  accountId: z.string().nullable(),
  siteId: z.string().nullable(),
  employerId: z.string().nullable(),
  employerIds: z.array(z.string()).nullable(),
  jobsAtAbility: z.boolean(),
});
const atAccount = endpoint({
  method: 'GET',
  path: '/v1/test/account-level',
  summary: 'probe',
  tags: ['test'],
  level: 'account',
  access: { subject: 'users', action: 'view' },
  response: scopeEcho,
});
const inScope = endpoint({
  method: 'GET',
  path: '/v1/test/selected-scope',
  summary: 'probe',
  tags: ['test'],
  access: { subject: 'users', action: 'view' },
  response: scopeEcho,
});
const atAccountWrite = endpoint({
  method: 'POST',
  path: '/v1/test/account-level',
  summary: 'probe',
  tags: ['test'],
  level: 'account',
  access: { subject: 'users', action: 'update' },
  body: z.strictObject({ name: z.string().min(3) }),
  response: z.object({ ok: z.boolean() }),
});

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp({}, {
    extend(app, deps) {
      // Echoes the scope and whether ctx.ability holds `jobs.view`: a site role would grant it, the account ability must not.
      const echo = async ({ scope, ability }: { scope: ResolvedScope; ability: AppAbility }) => ({
        ...scope,
        jobsAtAbility: can(ability, 'view', 'jobs'),
      });
      route(app, deps, atAccount, echo);
      route(app, deps, inScope, echo);
      route(app, deps, atAccountWrite, async () => ({ ok: true }));
    },
  });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
});
afterAll(() => t.close());

type Headers = { accountId?: string; siteId?: string; employerId?: string };
const get = (token: string | undefined, headers: Headers, url = '/portal/v1/test/account-level') =>
  call(t.app, { token, ...headers }, { method: 'GET', url });

describe('level: account endpoints', () => {
  it('answer 403 to a site manager who also selects their site, where the same check in the selected scope passes', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const headers = { accountId: a.account.id, siteId: a.sites[0].id };
    // The site manager role holds users.view on its site: counted in the full scope...
    expect((await get(token, headers, '/portal/v1/test/selected-scope')).statusCode).toBe(200);
    // ...but not at the account alone.
    const res = await get(token, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: messages.unauthorized }));
    expect((await get(token, { accountId: a.account.id })).statusCode).toBe(403);
  });

  it("answer 403 to an employer admin whose employer role holds users.all, whatever they select", async () => {
    const token = await login(t.app, a.users.employerAdmin.email);
    const res = await get(token, { accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id });
    expect(res.statusCode).toBe(403);
  });

  it('answer an account admin who also sends a site header, with the account as the scope and an account-level ability', async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    const res = await get(token, { accountId: a.account.id, siteId: a.sites[1].id, employerId: a.employers[1].id });
    expect(res.statusCode).toBe(200);
    // Site and employer are not part of the scope handlers see; the admin's `all` at the account still grants jobs.view.
    expect(res.json()).toEqual({ accountId: a.account.id, siteId: null, employerId: null, employerIds: null, jobsAtAbility: true });
  });

  it('hand the handler an ability without site permissions', async () => {
    // Beta's site manager also gets users.view at the account (a role granting only that): allowed, and the ability the
    // handler gets must still lack the site role's jobs.view.
    const { memberships, roles } = await import('../db/schema/identity');
    const tenancy = { enterpriseId: b.enterpriseId, accountId: b.account.id };
    const [viewer] = await t.deps.db
      .insert(roles)
      .values({ ...tenancy, key: 'people_viewer', name: 'People viewer', level: 'account', permissions: ['users.view'] })
      .returning();
    await t.deps.db.insert(memberships).values({ ...tenancy, userId: b.users.siteManager.id, scopeType: 'account', roleId: viewer!.id });
    const token = await login(t.app, b.users.siteManager.email);
    const headers = { accountId: b.account.id, siteId: b.sites[0].id };
    const res = await get(token, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ siteId: null, jobsAtAbility: false });
    const inSite = await get(token, headers, '/portal/v1/test/selected-scope');
    expect(inSite.json()).toMatchObject({ siteId: b.sites[0].id, jobsAtAbility: true });
  });

  it('answer 404 without an account header, even with a site header or to an account admin', async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    for (const headers of [{}, { siteId: a.sites[0].id }] as Headers[]) {
      const res = await get(token, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
  });

  it("answer 404 for another tenant's account, and ignore the site and employer headers altogether", async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    expect((await get(token, { accountId: b.account.id })).statusCode).toBe(404);
    expect((await get(token, { accountId: 'not-a-uuid' })).statusCode).toBe(404);
    // Not read at all: a site of another tenant, or a malformed one, neither reaches nor blocks the account.
    const other = await get(token, { accountId: a.account.id, siteId: b.sites[0].id });
    expect(other.statusCode).toBe(200);
    expect(other.json().siteId).toBeNull();
    expect((await get(token, { accountId: a.account.id, siteId: 'not-a-uuid' })).statusCode).toBe(200);
  });

  it('keep the order: token 401, scope 404, permission 403, then validation 422', async () => {
    const post = (token: string | undefined, headers: Headers, payload: unknown) =>
      call(t.app, { token, ...headers }, { method: 'POST', url: '/portal/v1/test/account-level', payload: payload as object });
    const bad = { name: 'x' };
    expect((await post(undefined, { accountId: a.account.id }, bad)).statusCode).toBe(401);
    const admin = await login(t.app, a.users.accountAdmin.email);
    expect((await post(admin, { siteId: a.sites[0].id }, bad)).statusCode).toBe(404);
    const manager = await login(t.app, a.users.siteManager.email);
    expect((await post(manager, { accountId: a.account.id, siteId: a.sites[0].id }, bad)).statusCode).toBe(403);
    expect((await post(admin, { accountId: a.account.id, siteId: a.sites[0].id }, bad)).statusCode).toBe(422);
    expect((await post(admin, { accountId: a.account.id, siteId: a.sites[0].id }, { name: 'valid' })).statusCode).toBe(200);
  });
});
