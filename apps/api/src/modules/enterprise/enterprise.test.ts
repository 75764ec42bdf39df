import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { memberships, roles, users } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { acceptInvitation, me } from '../../test/people';
import { enterpriseMessages } from './enterprise.service';

let t: TestApp;
let a: Tenant;
let boss: string;

/** Enterprise staff: the enterprise-wide admin role at the enterprise scope. */
async function addEnterpriseAdmin(email: string) {
  const db = t.deps.db;
  await db.insert(roles).values({ enterpriseId: a.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] }).onConflictDoNothing();
  const [role] = await db.select().from(roles).where(and(eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
  const [user] = await db.insert(users).values({ enterpriseId: a.enterpriseId, email, name: 'Enterprise Boss', passwordHash: await hashPassword(PASSWORD) }).returning();
  await db.insert(memberships).values({ userId: user!.id, enterpriseId: a.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
  return login(t.app, email);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  boss = await addEnterpriseAdmin('boss@enterprise.test');
});
afterAll(() => t.close());

const as = (token: string) => ({
  get: (url: string, query?: Record<string, string>) => call(t.app, { token }, { method: 'GET', url: `/portal${url}`, query }),
  post: (url: string, payload?: object) => call(t.app, { token }, { method: 'POST', url: `/portal${url}`, ...(payload && { payload }) }),
  patch: (url: string, payload: object) => call(t.app, { token }, { method: 'PATCH', url: `/portal${url}`, payload }),
});

describe('enterprise accounts', () => {
  it('creates an account with its roles and brand colour, and its first admin signs in from the emailed link', async () => {
    const res = await as(boss).post('/v1/enterprise/accounts', {
      name: 'Initech',
      slug: 'Initech',
      domain: 'Careers.Initech.example',
      primary_color: '#0F9D58',
      admin: { email: 'founder@initech.example', name: 'Bill L.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      slug: 'initech',
      domain: 'careers.initech.example',
      enabled: true,
      primary_color: '#0F9D58',
      sites: [],
      admins: [{ email: 'founder@initech.example', invited: true }],
      users_count: 1,
    });
    const token = await acceptInvitation(t, 'founder@initech.example');
    const { permissions } = await me(t, token);
    expect(permissions[`account:${account.id}`]).toEqual(['all']);
    const copied = await t.deps.db.select().from(roles).where(eq(roles.accountId, account.id));
    expect(copied.map((r) => r.key).sort()).toEqual(['account_admin', 'consultant', 'employer_admin', 'employer_user', 'site_manager']);

    const branding = await call(t.app, {}, { method: 'GET', url: '/portal/accounts/branding', query: { domain: 'careers.initech.example' } });
    expect(branding.json().branding.colors.primary_color).toBe('#0F9D58');
  });

  it('answers 422 for a slug or domain in use and for bad input', async () => {
    const taken = await as(boss).post('/v1/enterprise/accounts', { name: 'Again', slug: a.account.slug, domain: a.account.domain, admin: { email: 'x@y.example', name: 'X' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: [enterpriseMessages.slugTaken], domain: [enterpriseMessages.domainTaken] });
    const bad = await as(boss).post('/v1/enterprise/accounts', { name: '', slug: 'no spaces', domain: 'http://x', primary_color: 'red', admin: { email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['admin.email', 'admin.name', 'domain', 'name', 'primary_color', 'slug']);
    expect(bad.json().errors.name).toEqual([messages.required]);
  });

  it('lists and searches accounts, and reads one', async () => {
    const list = await as(boss).get('/v1/enterprise/accounts', { q: 'alpha' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject([{ id: a.account.id, sites_count: 2 }]);
    const one = await as(boss).get(`/v1/enterprise/accounts/${a.account.id}`);
    expect(one.json()).toMatchObject({ id: a.account.id, employers_count: 2 });
    expect(one.json().sites).toHaveLength(2);
    expect((await as(boss).get('/v1/enterprise/accounts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('disabling an account signs its users out and keeps them out; enabling lets them back; both audited', async () => {
    const other = await createTenant(t.deps.db, { name: 'Gamma' });
    const token = await login(t.app, other.users.accountAdmin.email);
    const off = await as(boss).post(`/v1/enterprise/accounts/${other.account.id}/disable`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    const again = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email: other.users.accountAdmin.email, password: PASSWORD } });
    expect(again.statusCode).toBe(422);
    const board = await call(t.app, {}, { method: 'GET', url: '/portal/accounts/branding', query: { domain: other.account.domain! } });
    expect(board.statusCode).toBe(404);
    expect((await as(boss).post(`/v1/enterprise/accounts/${other.account.id}/disable`)).statusCode).toBe(409);

    expect((await as(boss).post(`/v1/enterprise/accounts/${other.account.id}/enable`)).json().enabled).toBe(true);
    await login(t.app, other.users.accountAdmin.email);
    const logged = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.subjectId, other.account.id));
    expect(logged.map((r) => r.action)).toEqual(['account.disable', 'account.enable']);
  });

  it('renames an account and moves its domain', async () => {
    const res = await as(boss).patch(`/v1/enterprise/accounts/${a.account.id}`, { title: 'Alpha Careers', domain: 'alpha-careers.example' });
    expect(res.json()).toMatchObject({ title: 'Alpha Careers', domain: 'alpha-careers.example' });
    const branding = await call(t.app, {}, { method: 'GET', url: '/portal/accounts/branding', query: { domain: 'alpha-careers.example' } });
    expect(branding.json().id).toBe(a.account.id);
  });

  it('is for enterprise staff only', async () => {
    const admin = await login(t.app, a.users.accountAdmin.email);
    expect((await as(admin).get('/v1/enterprise/accounts')).statusCode).toBe(403);
    expect((await as(admin).post('/v1/enterprise/accounts', { name: 'X', slug: 'x', admin: { email: 'x@x.example', name: 'X' } })).statusCode).toBe(403);
    expect((await as(admin).post(`/v1/enterprise/accounts/${a.account.id}/disable`)).statusCode).toBe(403);
    // Their `all` at the selected account is not enterprise administration (ADR 006).
    const selected = await call(t.app, { token: admin, accountId: a.account.id }, { method: 'GET', url: '/portal/v1/enterprise/accounts' });
    expect(selected.statusCode).toBe(403);
    const disable = await call(t.app, { token: admin, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'POST', url: `/portal/v1/enterprise/accounts/${a.account.id}/disable` });
    expect(disable.statusCode).toBe(403);
  });
});
