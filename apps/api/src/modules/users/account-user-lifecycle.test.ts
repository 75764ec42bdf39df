import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { memberships, roles } from '../../db/schema/identity';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { auditOf } from '../../test/audit';
import { userWith, accountAccess, impersonationToken, invite, liveSessions, me, siteAccess } from '../../test/people';
import { userMessages } from './account-users.service';
import { addMembership } from './users.fixtures';
import { accountClient, type AccountClient } from '../../test/client';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
});
afterAll(() => t.close());

const signIn = (email: string) => call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email, password: 'Factory-Pass-1' } });

describe('disabling and enabling', () => {
  it('signs a disabled person out at once and keeps them out until enabled', async () => {
    const person = await userWith(t, a, ['jobs.view'], 'site');
    const res = await admin.post(`/v1/accounts/users/${person.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: person.id, status: 'disabled' });
    expect((await me(t, person.token)).status).toBe(401);
    expect(await liveSessions(t, person.id)).toEqual([]);
    const refused = await signIn(person.email);
    expect(refused.statusCode).not.toBe(200);
    expect(refused.json().message).toBe(messages.invalidCredentials);
    const listed = await admin.get('/v1/accounts/users', { status: 'disabled' });
    expect(listed.json().data.map((u: { id: string }) => u.id)).toEqual([person.id]);
    expect((await admin.post(`/v1/accounts/users/${person.id}/disable`)).json().message).toBe(userMessages.alreadyDisabled);

    const enabled = await admin.post(`/v1/accounts/users/${person.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().status).toBe('active');
    expect((await signIn(person.email)).statusCode).toBe(200);
    expect((await admin.post(`/v1/accounts/users/${person.id}/enable`)).statusCode).toBe(409);
    expect((await auditOf(t, person.id)).map((r) => [r.action, r.subjectType, r.accountId])).toEqual([
      ['user.disable', 'user', a.account.id],
      ['user.enable', 'user', a.account.id],
    ]);
  });

  it('also ends the sessions a disabled person opened as someone else', async () => {
    const staffer = await userWith(t, a, ['users.view', 'users.impersonate'], 'account');
    const target = await userWith(t, a, ['jobs.view'], 'site');
    const acting = await impersonationToken(t, staffer.id, target.id);
    expect((await me(t, acting)).status).toBe(200);
    expect((await admin.post(`/v1/accounts/users/${staffer.id}/disable`)).statusCode).toBe(200);
    expect((await me(t, acting)).status).toBe(401);
    expect((await me(t, target.token)).status).toBe(200);
  });

  it('refuses someone who also has access to another account or the whole enterprise, and yourself', async () => {
    const shared = await userWith(t, a, ['jobs.view'], 'site');
    await addMembership(t, b, shared.id);
    const res = await admin.post(`/v1/accounts/users/${shared.id}/disable`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(userMessages.accessElsewhere);
    expect((await me(t, shared.token)).status).toBe(200);

    const wide = await userWith(t, a, ['jobs.view'], 'site');
    const [role] = await t.deps.db
      .insert(roles)
      .values({ enterpriseId: a.enterpriseId, accountId: null, key: `e_${wide.id}`, name: 'Staff', level: 'enterprise', permissions: ['dashboard.view'] })
      .returning();
    await t.deps.db.insert(memberships).values({ userId: wide.id, enterpriseId: a.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
    expect((await admin.post(`/v1/accounts/users/${wide.id}/disable`)).statusCode).toBe(409);

    const self = await admin.post(`/v1/accounts/users/${a.users.accountAdmin.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(userMessages.notYourself);
    expect((await admin.post(`/v1/accounts/users/${b.users.siteManager.id}/disable`)).statusCode).toBe(404);
  });
});

describe('removing', () => {
  it('takes away all their access to the account; with none left anywhere they are signed out', async () => {
    const person = await userWith(t, a, ['jobs.view'], 'site');
    await t.deps.db.insert(memberships).values({
      userId: person.id,
      enterpriseId: a.enterpriseId,
      scopeType: 'employer',
      accountId: a.account.id,
      siteId: a.sites[1].id,
      employerId: a.employers[1].id,
      roleId: (await t.deps.db.select().from(roles)).find((r) => r.accountId === a.account.id && r.key === 'employer_user')!.id,
    });
    expect((await admin.del(`/v1/accounts/users/${person.id}`)).statusCode).toBe(204);
    expect((await me(t, person.token)).status).toBe(401);
    expect((await admin.get('/v1/accounts/users', { q: person.email })).json().data).toEqual([]);
    const [entry] = await auditOf(t, person.id);
    expect(entry).toMatchObject({ action: 'user.remove', subjectType: 'user', actorUserId: a.users.accountAdmin.id });
    expect((entry!.data as { memberships: string[] }).memberships).toHaveLength(2);
    expect((await admin.del(`/v1/accounts/users/${person.id}`)).statusCode).toBe(404);
  });

  it('keeps someone signed in who still has access elsewhere, without this account', async () => {
    const shared = await userWith(t, a, ['jobs.view'], 'site');
    await addMembership(t, b, shared.id, { site: true });
    expect((await admin.del(`/v1/accounts/users/${shared.id}`)).statusCode).toBe(204);
    const after = await me(t, shared.token);
    expect(after.status).toBe(200);
    expect(Object.keys(after.permissions)).toEqual([`site:${b.sites[0].id}`]);
  });

  it('refuses yourself and people of another account', async () => {
    const self = await admin.del(`/v1/accounts/users/${a.users.accountAdmin.id}`);
    expect(self.statusCode).toBe(409);
    expect((await admin.del(`/v1/accounts/users/${b.users.employerAdmin.id}`)).statusCode).toBe(404);
    expect((await me(t, await login(t.app, b.users.employerAdmin.email))).status).toBe(200);
  });
});

describe('who may manage the account\'s people', () => {
  it('needs users permissions at the account itself: a site or employer role does not count', async () => {
    const managerToken = await login(t.app, a.users.siteManager.email);
    // The site manager belongs to the account, so selecting it alone is allowed (no 404), but holds nothing there.
    expect((await accountClient(t, managerToken, a.account.id).get('/v1/accounts/users')).statusCode).toBe(403);
    // With their site selected too, their site-level users.view lets the request through the route; the account check refuses it.
    expect((await accountClient(t, managerToken, a.account.id, { siteId: a.sites[0].id }).get('/v1/accounts/users')).statusCode).toBe(403);
    // An employer admin holds users.all at their employer: still nothing at the account.
    const employerToken = await login(t.app, a.users.employerAdmin.email);
    const employerAdmin = accountClient(t, employerToken, a.account.id, { siteId: a.sites[0].id, employerId: a.employers[0].id });
    expect((await employerAdmin.get('/v1/accounts/users')).statusCode).toBe(403);
    expect((await invite(employerAdmin, 'sneaky@example.test', [accountAccess('account_admin')])).statusCode).toBe(403);
    expect((await employerAdmin.get('/v1/accounts/roles')).statusCode).toBe(403);

    const viewer = accountClient(t, (await userWith(t, a, ['users.view'], 'account')).token, a.account.id);
    expect((await viewer.get('/v1/accounts/users')).statusCode).toBe(200);
    expect((await invite(viewer, 'v@example.test', [accountAccess('account_admin')])).statusCode).toBe(403);
    expect((await viewer.del(`/v1/accounts/users/${a.users.siteManager.id}`)).statusCode).toBe(403);
  });

  it("answers 404 for another account, even when its id is sent by someone who does not belong to it", async () => {
    const adminToken = await login(t.app, a.users.accountAdmin.email);
    const forged = accountClient(t, adminToken, b.account.id);
    expect((await forged.get('/v1/accounts/users')).statusCode).toBe(404);
    expect((await forged.post(`/v1/accounts/users/${b.users.siteManager.id}/disable`)).statusCode).toBe(404);
    expect((await forged.get('/v1/accounts/roles')).statusCode).toBe(404);
    const outsider = accountClient(t, await login(t.app, b.users.employerAdmin.email), a.account.id);
    expect((await outsider.get('/v1/accounts/users')).statusCode).toBe(404);
  });

  it('lets nobody give, or take from someone, more than they hold themselves', async () => {
    const staffer = await userWith(t, a, ['users.all', 'jobs.view', 'jobs.update'], 'account');
    const hr = accountClient(t, staffer.token, a.account.id);
    const tooMuch = await invite(hr, 'boss@example.test', [siteAccess(a.sites[0].id, 'site_manager')]);
    expect(tooMuch.statusCode).toBe(403);

    const roleRes = await admin.post('/v1/accounts/roles', { name: 'Job viewer', level: 'site', permissions: ['jobs.view'] });
    expect(roleRes.statusCode, roleRes.body).toBe(201);
    const fine = await invite(hr, 'viewer@example.test', [siteAccess(a.sites[0].id, 'job_viewer')]);
    expect(fine.statusCode, fine.body).toBe(201);
    const promote = await hr.put(`/v1/accounts/users/${fine.json().id}/memberships`, { memberships: [accountAccess('account_admin')] });
    expect(promote.statusCode).toBe(403);

    // The account admin holds `all`, which the staffer does not: no demoting, disabling or removing them.
    const demote = await hr.put(`/v1/accounts/users/${a.users.accountAdmin.id}/memberships`, { memberships: [siteAccess(a.sites[0].id, 'job_viewer')] });
    expect(demote.statusCode).toBe(403);
    expect((await hr.post(`/v1/accounts/users/${a.users.accountAdmin.id}/disable`)).statusCode).toBe(403);
    expect((await hr.del(`/v1/accounts/users/${a.users.accountAdmin.id}`)).statusCode).toBe(403);
    expect((await me(t, await login(t.app, a.users.accountAdmin.email))).permissions[`account:${a.account.id}`]).toEqual(['all']);
  });
});
