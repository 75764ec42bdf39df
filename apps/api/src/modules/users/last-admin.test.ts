import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addEnterpriseAdmin, accountAccess, siteAccess } from '../../test/people';
import { lastAdminMessages } from './last-admin';
import { roleOf } from './users.fixtures';
import { accountClient, type AccountClient } from '../../test/client';

/* Nobody removes the last way back into an account: the built-in admin role keeps `all`, the last admin stays one. */

let t: TestApp;
let a: Tenant;
let admin: AccountClient;
let staff: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
  const boss = await addEnterpriseAdmin(t, a, `boss.${a.account.slug}@example.test`);
  staff = accountClient(t, boss.token, a.account.id);
});
afterAll(() => t.close());

describe('the built-in account admin role', () => {
  it('cannot be edited below all (409), and its admins keep working', async () => {
    const role = await roleOf(t, a, 'account_admin');
    for (const who of [admin, staff]) {
      const res = await who.patch(`/v1/accounts/roles/${role.id}`, { permissions: ['dashboard.view'] });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(lastAdminMessages.adminRoleKeepsAll);
    }
    expect((await roleOf(t, a, 'account_admin')).permissions).toEqual(['all']);
    expect((await admin.get('/v1/accounts/users')).statusCode).toBe(200);
    // Renaming it is fine.
    expect((await admin.patch(`/v1/accounts/roles/${role.id}`, { name: 'Owner' })).statusCode).toBe(200);
  });
});

describe('the last enabled account admin', () => {
  it('cannot be disabled, removed or given other access; once another admin exists they can', async () => {
    const last = a.users.accountAdmin.id;
    const disable = await staff.post(`/v1/accounts/users/${last}/disable`);
    expect(disable.statusCode, disable.body).toBe(409);
    expect(disable.json().message).toBe(lastAdminMessages.lastAdmin);
    expect((await staff.del(`/v1/accounts/users/${last}`)).statusCode).toBe(409);
    const demote = await staff.put(`/v1/accounts/users/${last}/memberships`, { memberships: [siteAccess(a.sites[0].id, 'site_manager')] });
    expect(demote.statusCode).toBe(409);
    expect((await admin.get('/v1/accounts/users')).statusCode).toBe(200);

    // A second admin who has only been invited is no way back in yet.
    const invited = await staff.post('/v1/accounts/users', { email: 'second.admin@example.test', name: 'Second', memberships: [accountAccess('account_admin')] });
    expect(invited.statusCode).toBe(201);
    expect((await staff.post(`/v1/accounts/users/${last}/disable`)).statusCode).toBe(409);

    // An accepted, enabled one is.
    const promoted = await staff.put(`/v1/accounts/users/${a.users.siteManager.id}/memberships`, { memberships: [accountAccess('account_admin')] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await staff.post(`/v1/accounts/users/${last}/disable`)).statusCode).toBe(200);
    const other = a.users.siteManager.id;
    expect((await staff.post(`/v1/accounts/users/${other}/disable`)).statusCode).toBe(409);
    expect((await staff.del(`/v1/accounts/users/${other}`)).statusCode).toBe(409);
  });
});
