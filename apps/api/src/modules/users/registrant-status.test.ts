import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addEmployer } from '../../test/employers';
import { accountClient, type AccountClient } from '../../test/client';

/* An employer registrant held out by their registration is listed as such, never as "Active". */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: AccountClient;
let adminB: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
  adminB = accountClient(t, await login(t.app, b.users.accountAdmin.email), b.account.id);
});
afterAll(() => t.close());

/** A user whose only membership is employer admin of `employerId` in the tenant's account, as registration leaves them. */
async function addRegistrant(tenant: Tenant, employerId: string, email: string) {
  const db = t.deps.db;
  const role = (await db.select().from(roles).where(eq(roles.accountId, tenant.account.id))).find((r) => r.key === 'employer_admin')!;
  const [u] = await db.insert(users).values({ enterpriseId: tenant.enterpriseId, email, name: 'Reg Istrant', passwordHash: await hashPassword(PASSWORD) }).returning();
  await db.insert(memberships).values({
    userId: u!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: 'employer',
    accountId: tenant.account.id,
    siteId: tenant.sites[0].id,
    employerId,
    roleId: role.id,
  });
  return u!;
}

type Row = { id: string; email: string; status: string };
const rows = (res: { json(): unknown }) => (res.json() as { data: Row[] }).data;
const statusOf = (res: { json(): unknown }, id: string) => rows(res).find((r) => r.id === id)?.status;
const signIn = (email: string) => call(t.app, { enterpriseKey: 'test' }, { method: 'POST', url: '/portal/auth/login', payload: { email, password: PASSWORD } });

describe('employer registrants in the account\'s people', () => {
  let pending: { id: string; email: string };
  let declined: { id: string; email: string };
  let pendingB: { id: string; email: string };

  beforeAll(async () => {
    pending = await addRegistrant(a, (await addEmployer(t, a, { name: 'Held Co', status: 'pending' })).id, 'held.reg@example.test');
    declined = await addRegistrant(a, (await addEmployer(t, a, { name: 'Declined Co', status: 'rejected' })).id, 'declined.reg@example.test');
    pendingB = await addRegistrant(b, (await addEmployer(t, b, { name: 'Beta Held', status: 'pending' })).id, 'beta.reg@example.test');
  });

  it('lists a held registrant as awaiting approval and a declined one as declined, as sign-in tells them', async () => {
    const res = await admin.get('/v1/accounts/users', { per_page: '100' });
    expect(res.statusCode, res.body).toBe(200);
    expect(statusOf(res, pending.id)).toBe('registration_pending');
    expect(statusOf(res, declined.id)).toBe('registration_declined');
    expect(statusOf(res, a.users.employerAdmin.id)).toBe('active');
    expect((await signIn(pending.email)).json().code).toBe('auth.registration_pending');
    expect((await signIn(declined.email)).json().code).toBe('auth.registration_declined');
  });

  it('filters by those states, and "active" no longer matches them', async () => {
    const held = await admin.get('/v1/accounts/users', { status: 'registration_pending' });
    expect(rows(held).map((r) => r.id)).toEqual([pending.id]);
    const both = await admin.get('/v1/accounts/users', { status: ['registration_pending', 'registration_declined'], per_page: '100' });
    expect(rows(both).map((r) => r.id).sort()).toEqual([pending.id, declined.id].sort());
    const active = rows(await admin.get('/v1/accounts/users', { status: 'active', per_page: '100' })).map((r) => r.id);
    expect(active).toContain(a.users.employerAdmin.id);
    expect(active).not.toContain(pending.id);
    expect(active).not.toContain(declined.id);
  });

  it('never shows another account\'s registrants, and each account sees its own', async () => {
    const list = rows(await admin.get('/v1/accounts/users', { per_page: '100' })).map((r) => r.id);
    expect(list).not.toContain(pendingB.id);
    const listB = await adminB.get('/v1/accounts/users', { per_page: '100' });
    expect(statusOf(listB, pendingB.id)).toBe('registration_pending');
    expect(rows(listB).map((r) => r.id)).not.toContain(pending.id);
    expect((await adminB.post(`/v1/accounts/users/${pending.id}/disable`)).statusCode).toBe(404);
  });

  it('shows the state on the person answered after a change, and active once the employer is approved', async () => {
    expect((await admin.post(`/v1/accounts/users/${pending.id}/disable`)).json().status).toBe('disabled');
    const enabled = await admin.post(`/v1/accounts/users/${pending.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().status).toBe('registration_pending');
    const [m] = await t.deps.db.select().from(memberships).where(eq(memberships.userId, pending.id));
    await t.deps.db.update(employers).set({ status: 'active' }).where(eq(employers.id, m!.employerId!));
    expect(statusOf(await admin.get('/v1/accounts/users', { per_page: '100' }), pending.id)).toBe('active');
  });

  it('keeps a registrant who also has access of their own to the account active', async () => {
    const both = await addRegistrant(a, (await addEmployer(t, a, { name: 'Also Held', status: 'pending' })).id, 'both.reg@example.test');
    const role = (await t.deps.db.select().from(roles).where(eq(roles.accountId, a.account.id))).find((r) => r.key === 'site_manager')!;
    await t.deps.db.insert(memberships).values({ userId: both.id, enterpriseId: a.enterpriseId, scopeType: 'site', accountId: a.account.id, siteId: a.sites[0].id, roleId: role.id });
    expect(statusOf(await admin.get('/v1/accounts/users', { per_page: '100' }), both.id)).toBe('active');
  });
});
