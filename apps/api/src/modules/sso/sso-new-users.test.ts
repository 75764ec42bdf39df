import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { ssoMessages } from '@hireline/contract/sso';
import { memberships, roles, users } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { acceptInvitation, accountAccess, invite } from '../../test/people';
import { accountClient } from '../../test/client';
import { accountApi, callbackUrl, CLIENT_ID, CLIENT_SECRET, signInVia, ssoError, ssoSuccess, startIdp, type TestIdp } from '../../test/sso';

/*
 * A provider that gives people who are new to the account a role on their first sign-in: what admins may configure,
 * and what a first sign-in creates (one user, one membership, audited), never for people it may not vouch for.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let idp: TestIdp;
let admin: ReturnType<typeof accountApi>;
let providerId: string;

const URL = '/v1/accounts/oauth-providers';

beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  idp = await startIdp([callbackUrl(a.account.domain, 'joiners')]);
  admin = accountApi(t, await login(t.app, a.users.accountAdmin.email), a);
  const res = await admin.post(URL, {
    name: 'Joiners',
    slug: 'joiners',
    issuer: idp.issuer,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    new_users: { role: 'consultant', site_id: a.sites[0].id },
  });
  expect(res.statusCode, res.body).toBe(201);
  providerId = res.json().id;
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const membershipsOf = (userId: string) =>
  t.deps.db
    .select({ scopeType: memberships.scopeType, accountId: memberships.accountId, siteId: memberships.siteId, role: roles.key })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.userId, userId));

const userByEmail = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];

describe('configuring what new users get', () => {
  it('answers the role and site by name, and logs the choice', async () => {
    const [listed] = (await admin.get(URL)).json() as { new_users: unknown }[];
    expect(listed!.new_users).toEqual({ role: 'consultant', role_name: 'Consultant', site_id: a.sites[0].id, site_name: 'Alpha Jobs' });
    const [row] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sso.provider_create'), eq(auditLogs.subjectId, providerId)));
    expect(row?.data).toMatchObject({ new_users: { role: 'consultant', site_id: a.sites[0].id } });
  });

  it('takes an account role without a site or a site role with a site of the account, and refuses anything else', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ role: 'employer_admin' }, { 'new_users.role': [ssoMessages.newUserRole] }],
      [{ role: 'no-such-role' }, { 'new_users.role': [messages.invalid] }],
      [{ role: 'consultant' }, { 'new_users.site_id': [messages.required] }],
      [{ role: 'consultant', site_id: b.sites[0].id }, { 'new_users.site_id': [messages.invalid] }],
      [{ role: 'account_admin', site_id: a.sites[0].id }, { 'new_users.site_id': [messages.invalid] }],
      [{ role: 'consultant', extra: true }, { 'new_users.extra': ['This field is not allowed.'] }],
    ];
    for (const [newUsers, errors] of cases) {
      const res = await admin.patch(`${URL}/${providerId}`, { new_users: newUsers });
      expect(res.statusCode, JSON.stringify(newUsers)).toBe(422);
      expect(res.json().errors).toMatchObject(errors);
    }
    // Nothing changed.
    const [listed] = (await admin.get(URL)).json() as { new_users: { role: string } }[];
    expect(listed!.new_users.role).toBe('consultant');
  });

  it('lets nobody configure a role they do not fully hold', async () => {
    // An account role that may manage providers (accounts.update) but not much else.
    const role = await admin.post('/v1/accounts/roles', { name: 'SSO admin', level: 'account', permissions: ['accounts.update', 'accounts.view'] });
    expect(role.statusCode, role.body).toBe(201);
    const people = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
    const email = `sso.admin.${a.account.slug}@example.test`;
    expect((await invite(people, email, [accountAccess(role.json().key)])).statusCode).toBe(201);
    const ssoAdmin = accountApi(t, await acceptInvitation(t, email), a);

    expect((await ssoAdmin.patch(`${URL}/${providerId}`, { new_users: { role: 'account_admin' } })).statusCode).toBe(403);
    expect((await ssoAdmin.patch(`${URL}/${providerId}`, { name: 'Joiners' })).statusCode).toBe(200);
    // Their own role is one they hold.
    expect((await ssoAdmin.patch(`${URL}/${providerId}`, { new_users: { role: role.json().key } })).statusCode).toBe(200);
    expect((await admin.patch(`${URL}/${providerId}`, { new_users: { role: 'consultant', site_id: a.sites[0].id } })).statusCode).toBe(200);
  });
});

describe('a first sign-in through a provider that gives new users a role', () => {
  it('creates the user with the role at the site, named by the provider, and audits it; the next sign-in reuses them', async () => {
    const email = `newcomer.${a.account.slug}@example.test`;
    idp.claims.set(email, { name: 'Nia Newcomer' });
    const { token } = ssoSuccess(await signInVia(t, a.account.domain, 'joiners', email, '/x'));
    const me = (await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json();
    expect(me).toMatchObject({ email, name: 'Nia Newcomer' });

    const user = (await userByEmail(email))!;
    expect(user.passwordHash).toBeNull();
    expect(await membershipsOf(user.id)).toEqual([{ scopeType: 'site', accountId: a.account.id, siteId: a.sites[0].id, role: 'consultant' }]);
    const logged = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'user.provision'), eq(auditLogs.subjectId, user.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ accountId: a.account.id, actorUserId: user.id });
    expect(logged[0]!.data).toMatchObject({ method: 'sso', provider: 'joiners', role: 'consultant', site_id: a.sites[0].id, new_user: true });

    ssoSuccess(await signInVia(t, a.account.domain, 'joiners', email));
    expect(await membershipsOf(user.id)).toHaveLength(1);
    expect(await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'user.provision'), eq(auditLogs.subjectId, user.id)))).toHaveLength(1);
  });

  it('names a user the provider gives no name after their email', async () => {
    const email = `nameless.${a.account.slug}@example.test`;
    ssoSuccess(await signInVia(t, a.account.domain, 'joiners', email));
    expect((await userByEmail(email))!.name).toBe(`nameless.${a.account.slug}`);
  });

  it('gives access to a user of the enterprise who has none anywhere, without creating another', async () => {
    const email = `returning.${a.account.slug}@example.test`;
    const [existing] = await t.deps.db.insert(users).values({ enterpriseId: a.enterpriseId, email, name: 'Returning' }).returning();
    ssoSuccess(await signInVia(t, a.account.domain, 'joiners', email));
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await membershipsOf(existing!.id)).toHaveLength(1);
  });

  it('never gives access to people of another account or to disabled users', async () => {
    expect(ssoError(await signInVia(t, a.account.domain, 'joiners', b.users.siteManager.email))).toBe(ssoMessages.noAccess);
    expect(await membershipsOf(b.users.siteManager.id)).toEqual([expect.objectContaining({ accountId: b.account.id })]);

    const email = `disabled.${a.account.slug}@example.test`;
    const [disabled] = await t.deps.db.insert(users).values({ enterpriseId: a.enterpriseId, email, name: 'Off', enabled: false }).returning();
    expect(ssoError(await signInVia(t, a.account.domain, 'joiners', email))).toBe(ssoMessages.disabled);
    expect(await membershipsOf(disabled!.id)).toEqual([]);
    expect((await userByEmail(email))!.enabled).toBe(false);
  });

  it('makes one user and one membership of two first sign-ins at once', async () => {
    const email = `twice.${a.account.slug}@example.test`;
    const [one, two] = await Promise.all([signInVia(t, a.account.domain, 'joiners', email), signInVia(t, a.account.domain, 'joiners', email)]);
    ssoSuccess(one);
    ssoSuccess(two);
    const found = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(found).toHaveLength(1);
    expect(await membershipsOf(found[0]!.id)).toHaveLength(1);
  });

  it('stops creating people once the role is gone or the choice is cleared', async () => {
    const role = await admin.post('/v1/accounts/roles', { name: 'Short lived', level: 'site', permissions: ['jobs.view'] });
    expect(role.statusCode, role.body).toBe(201);
    expect((await admin.patch(`${URL}/${providerId}`, { new_users: { role: role.json().key, site_id: a.sites[1].id } })).statusCode).toBe(200);
    expect((await admin.delete(`/v1/accounts/roles/${role.json().id}`)).statusCode).toBe(204);
    const [listed] = (await admin.get(URL)).json() as { new_users: unknown }[];
    expect(listed!.new_users).toBeNull();
    const email = `late.${a.account.slug}@example.test`;
    expect(ssoError(await signInVia(t, a.account.domain, 'joiners', email))).toBe(ssoMessages.noAccess);
    expect(await userByEmail(email)).toBeUndefined();

    expect((await admin.patch(`${URL}/${providerId}`, { new_users: { role: 'account_admin' } })).statusCode).toBe(200);
    expect((await admin.patch(`${URL}/${providerId}`, { new_users: null })).json().new_users).toBeNull();
    expect(ssoError(await signInVia(t, a.account.domain, 'joiners', email))).toBe(ssoMessages.noAccess);
  });
});
