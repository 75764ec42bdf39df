import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, roles, users } from '../../db/schema/identity';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

/* Staff signed in on another tenant's host (its brand lists none of their accounts) learn where their accounts are. */

let t: TestApp;
let acme: Tenant;
let globex: Tenant;
let initech: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t.deps.db, { name: 'Acme' });
  globex = await createTenant(t.deps.db, { name: 'Globex' });
  initech = await createTenant(t.deps.db, { name: 'Initech' });
});
afterAll(() => t.close());

/** /auth/me as the portal asks it on a host branded as `brandAccountId`. */
async function meOn(token: string, brandAccountId: string) {
  const res = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me', headers: { 'x-af-branding-token': brandAccountId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /auth/me on another tenant’s host', () => {
  it("lists none of the host's accounts but the user's own, each with its portal's address", async () => {
    const token = await login(t.app, globex.users.accountAdmin.email);
    const onAcme = await meOn(token, acme.account.id);
    expect(onAcme.accounts).toEqual([]);
    // APP_URL is http://portal.test in tests: the account's own domain on its scheme.
    expect(onAcme.accounts_elsewhere).toEqual([{ id: globex.account.id, name: 'Globex', url: `http://${globex.account.domain}` }]);
  });

  it('says nothing more on their own host, nor without a branding token', async () => {
    const token = await login(t.app, globex.users.accountAdmin.email);
    const own = await meOn(token, globex.account.id);
    expect(own.accounts.map((a: { id: string }) => a.id)).toEqual([globex.account.id]);
    expect(own).not.toHaveProperty('accounts_elsewhere');
    const plain = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    expect(plain.json()).not.toHaveProperty('accounts_elsewhere');
  });

  it('names only accounts the user has accepted: an invitation waiting is not one of theirs', async () => {
    const user = globex.users.siteManager;
    const [role] = await t.deps.db.select().from(roles).where(and(eq(roles.accountId, initech.account.id), eq(roles.key, 'account_admin')));
    await t.deps.db
      .insert(memberships)
      .values({ userId: user.id, enterpriseId: initech.enterpriseId, scopeType: 'account', accountId: initech.account.id, roleId: role!.id, acceptedAt: null });
    const onAcme = await meOn(await login(t.app, user.email), acme.account.id);
    expect(onAcme.accounts_elsewhere.map((a: { id: string }) => a.id)).toEqual([globex.account.id]);
    expect(JSON.stringify(onAcme)).not.toContain(initech.account.id);
  });

  it('tells nothing to enterprise-level staff, who may see every account from any host', async () => {
    const db = t.deps.db;
    await db.insert(roles).values({ enterpriseId: acme.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] }).onConflictDoNothing();
    const [role] = await db.select().from(roles).where(and(eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
    const [boss] = await db.insert(users).values({ enterpriseId: acme.enterpriseId, email: 'boss@elsewhere.test', name: 'Boss', passwordHash: await hashPassword(PASSWORD) }).returning();
    await db.insert(memberships).values({ userId: boss!.id, enterpriseId: acme.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
    const onAcme = await meOn(await login(t.app, 'boss@elsewhere.test'), acme.account.id);
    expect(onAcme.accounts.map((a: { id: string }) => a.id)).toEqual([acme.account.id]);
    expect(onAcme).not.toHaveProperty('accounts_elsewhere');
  });
});
