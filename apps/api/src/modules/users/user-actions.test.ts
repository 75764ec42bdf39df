import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { setUpMfa } from '../../test/mfa';
import { accountAccess, addEnterpriseAdmin, invite, siteAccess, userWith } from '../../test/people';
import { accountClient, type AccountClient } from '../../test/client';
import { addMembership } from './users.fixtures';

/* `allowed_actions` of the account's people: per standing and per caller, and the API refusing what it does not offer. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: AccountClient;
let staff: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
  // An enterprise admin: all at the account, without being one of its account admins.
  staff = accountClient(t, (await addEnterpriseAdmin(t, a, `boss.${a.account.slug}@example.test`)).token, a.account.id);
});
afterAll(() => t.close());

async function actionsOf(who: AccountClient, userId: string) {
  const res = await who.get('/v1/accounts/users', { per_page: '100' });
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().data as { id: string; allowed_actions: string[] }[]).find((u) => u.id === userId);
  return found?.allowed_actions;
}

describe('allowed_actions of an account user', () => {
  it('follows their standing: active, disabled, invited, with two-step sign-in on, and never yourself', async () => {
    const person = await userWith(t, a, ['jobs.view']);
    expect(await actionsOf(admin, person.id)).toEqual(['update_access', 'disable', 'remove']);

    const disabled = await admin.post(`/v1/accounts/users/${person.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().allowed_actions).toEqual(['update_access', 'enable', 'remove']);
    expect(await actionsOf(admin, person.id)).toEqual(['update_access', 'enable', 'remove']);
    const enabled = await admin.post(`/v1/accounts/users/${person.id}/enable`);
    expect(enabled.json().allowed_actions).toEqual(['update_access', 'disable', 'remove']);

    const invited = await invite(admin, 'fresh.person@example.test', [siteAccess(a.sites[0].id, 'consultant')]);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().allowed_actions).toEqual(['update_access', 'resend_invitation', 'remove']);
    expect((await admin.post(`/v1/accounts/users/${invited.json().id}/disable`)).statusCode).toBe(409);

    const withMfa = await userWith(t, a, ['jobs.view']);
    await setUpMfa(t, withMfa.token, withMfa.id);
    expect(await actionsOf(admin, withMfa.id)).toEqual(['update_access', 'reset_mfa', 'disable', 'remove']);

    expect(await actionsOf(admin, a.users.accountAdmin.id)).toEqual([]);
  });

  it('offers neither disabling, enabling nor resetting two-step sign-in for someone with access elsewhere', async () => {
    const person = await userWith(t, a, ['jobs.view']);
    await addMembership(t, b, person.id, { site: true });
    expect(await actionsOf(admin, person.id)).toEqual(['update_access', 'remove']);
    expect((await admin.post(`/v1/accounts/users/${person.id}/disable`)).statusCode).toBe(409);
  });

  it("offers the account's last admin neither disabling nor removal, until another admin exists", async () => {
    const last = a.users.accountAdmin.id;
    expect(await actionsOf(staff, last)).toEqual(['update_access']);
    const other = await userWith(t, a, ['jobs.view']);
    const promoted = await staff.put(`/v1/accounts/users/${other.id}/memberships`, { memberships: [accountAccess('account_admin')] });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await actionsOf(staff, last)).toEqual(['update_access', 'disable', 'remove']);
    // Back as it was, for the other tests.
    const demoted = await staff.put(`/v1/accounts/users/${other.id}/memberships`, { memberships: [siteAccess(a.sites[0].id, 'consultant')] });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await actionsOf(staff, last)).toEqual(['update_access']);
  });

  it('offers fewer actions to a caller with fewer permissions, and none on someone holding more than they do', async () => {
    const person = await userWith(t, a, ['jobs.view']);
    const viewer = accountClient(t, (await userWith(t, a, ['users.view'], 'account')).token, a.account.id);
    expect(await actionsOf(viewer, person.id)).toEqual([]);

    const updater = accountClient(t, (await userWith(t, a, ['users.view', 'users.update', 'jobs.view'], 'account')).token, a.account.id);
    expect(await actionsOf(updater, person.id)).toEqual(['update_access', 'disable']);
    expect((await updater.del(`/v1/accounts/users/${person.id}`)).statusCode).toBe(403);

    // The site manager holds jobs.all, which the updater could not give: not theirs to act on.
    expect(await actionsOf(updater, a.users.siteManager.id)).toEqual([]);
    expect((await updater.post(`/v1/accounts/users/${a.users.siteManager.id}/disable`)).statusCode).toBe(403);
  });

  it("lists no one of another tenant, and answers 404 to every action on them", async () => {
    const foreign = b.users.siteManager.id;
    expect(await actionsOf(admin, foreign)).toBeUndefined();
    expect((await admin.post(`/v1/accounts/users/${foreign}/disable`)).statusCode).toBe(404);
    expect((await admin.post(`/v1/accounts/users/${foreign}/invitation`)).statusCode).toBe(404);
    expect((await admin.del(`/v1/accounts/users/${foreign}`)).statusCode).toBe(404);
  });
});
