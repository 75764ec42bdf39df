import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoles } from '@hireline/access/roles';
import { roles } from '../../db/schema/identity';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { auditOf } from '../../test/audit';
import { userWith, invite, me, siteAccess } from '../../test/people';
import { roleMessages } from './roles.service';
import { roleOf } from './users.fixtures';
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

type Role = { id: string; key: string; name: string; level: string; permissions: string[]; members_count: number; built_in: boolean; editable: boolean };
type RoleList = { data: Role[]; vocabulary: { subjects: string[]; actions: string[] } };
const roleList = async (c: AccountClient) => (await c.get('/v1/accounts/roles')).json() as RoleList;

describe('listing roles', () => {
  it("lists the account's roles with their use, and the vocabulary the editor offers", async () => {
    const res = await admin.get('/v1/accounts/roles');
    expect(res.statusCode, res.body).toBe(200);
    const { data, vocabulary } = res.json() as RoleList;
    expect(data.map((r) => r.key).sort()).toEqual(defaultRoles.filter((r) => r.level !== 'enterprise').map((r) => r.key).sort());
    expect(data[0]).toMatchObject({ key: 'account_admin', level: 'account', permissions: ['all'], members_count: 1, built_in: true, editable: true });
    expect(data.find((r) => r.key === 'consultant')).toMatchObject({ members_count: 0, level: 'site' });
    expect(vocabulary.subjects).toContain('users');
    expect(vocabulary.actions).toEqual(expect.arrayContaining(['view', 'update', 'all']));
  });

  it('leaves out an enterprise-level bundle stored with the account (older seeds copied it there)', async () => {
    await t.deps.db.insert(roles).values({ enterpriseId: b.enterpriseId, accountId: b.account.id, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] });
    const other = accountClient(t, await login(t.app, b.users.accountAdmin.email), b.account.id);
    const res = await other.get('/v1/accounts/roles');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RoleList).data.some((r) => r.level === 'enterprise')).toBe(false);
  });
});

describe('editing a role', () => {
  it("changes what every member may do on their next request, and is audited", async () => {
    const role = await roleOf(t, a, 'site_manager');
    const managerToken = await login(t.app, a.users.siteManager.email);
    const before = (await me(t, managerToken)).permissions[`site:${a.sites[0].id}`]!;
    expect(before).toContain('jobs.all');
    const permissions = [...before.filter((p) => p !== 'jobs.all'), 'jobs.view'];
    const res = await admin.patch(`/v1/accounts/roles/${role.id}`, { name: 'Site lead', permissions });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ key: 'site_manager', name: 'Site lead', permissions, members_count: 1, built_in: true });

    const after = (await me(t, managerToken)).permissions[`site:${a.sites[0].id}`]!;
    expect(after).toContain('jobs.view');
    expect(after).not.toContain('jobs.all');
    const [entry] = await auditOf(t, role.id);
    expect(entry).toMatchObject({ action: 'role.update', subjectType: 'role', accountId: a.account.id });
    expect(entry!.data).toMatchObject({ added: ['jobs.view'], removed: ['jobs.all'], name: 'Site lead' });
    // The other account's copy of the bundle is its own.
    expect((await roleOf(t, b, 'site_manager')).permissions).toContain('jobs.all');
  });

  it('accepts only the vocabulary: subject.action, subject.all or all', async () => {
    const role = await roleOf(t, a, 'consultant');
    const bad = await admin.patch(`/v1/accounts/roles/${role.id}`, { permissions: ['jobs.view', 'jobs.fly', 'rockets.view', 'all.view', 'everything'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ permissions: [roleMessages.unknownPermissions(['jobs.fly', 'rockets.view', 'all.view', 'everything'])] });
    const good = await admin.patch(`/v1/accounts/roles/${role.id}`, { permissions: ['jobs.all', 'users.view', 'jobs.all'] });
    expect(good.json().permissions).toEqual(['jobs.all', 'users.view']);
    expect((await admin.patch(`/v1/accounts/roles/${role.id}`, { name: 'account admin' })).json().errors).toEqual({ name: [roleMessages.nameTaken] });
  });

  it("answers 404 for another account's role", async () => {
    const foreign = await roleOf(t, b, 'consultant');
    expect((await admin.patch(`/v1/accounts/roles/${foreign.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await admin.del(`/v1/accounts/roles/${foreign.id}`)).statusCode).toBe(404);
    expect((await roleOf(t, b, 'consultant')).name).toBe('Consultant');
  });
});

describe('custom roles', () => {
  it('creates one with a key from its name, refuses deleting it while in use, then deletes it', async () => {
    const res = await admin.post('/v1/accounts/roles', { name: 'Senior Recruiter', level: 'site', permissions: ['jobs.view', 'applications.all'] });
    expect(res.statusCode, res.body).toBe(201);
    const role = res.json() as Role;
    expect(role).toMatchObject({ key: 'senior_recruiter', level: 'site', members_count: 0, built_in: false, editable: true });
    expect((await admin.post('/v1/accounts/roles', { name: 'senior recruiter', level: 'site', permissions: [] })).json().errors).toEqual({
      name: [roleMessages.nameTaken],
    });
    // A name that reads like a built-in key never gets that key.
    const lookalike = await admin.post('/v1/accounts/roles', { name: 'Enterprise-Admin', level: 'account', permissions: ['dashboard.view'] });
    expect(lookalike.json().key).toBe('enterprise_admin_2');

    const invited = await invite(admin, 'senior@example.test', [siteAccess(a.sites[1].id, 'senior_recruiter')]);
    expect(invited.statusCode, invited.body).toBe(201);
    const inUse = await admin.del(`/v1/accounts/roles/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(roleMessages.inUse);
    expect((await roleList(admin)).data.find((r) => r.id === role.id)!.members_count).toBe(1);

    expect((await admin.del(`/v1/accounts/users/${invited.json().id}`)).statusCode).toBe(204);
    expect((await admin.del(`/v1/accounts/roles/${role.id}`)).statusCode).toBe(204);
    expect((await roleList(admin)).data.some((r) => r.id === role.id)).toBe(false);
    expect((await auditOf(t, role.id)).map((r) => r.action)).toEqual(['role.create', 'role.delete']);
  });

  it('never deletes a built-in role', async () => {
    const res = await admin.del(`/v1/accounts/roles/${(await roleOf(t, a, 'employer_user')).id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(roleMessages.builtIn);
  });

  it('lets someone create and edit only roles within what they hold', async () => {
    const staffer = await userWith(t, a, ['users.all', 'jobs.view', 'jobs.update'], 'account');
    const hr = accountClient(t, staffer.token, a.account.id);
    const { data } = await roleList(hr);
    expect(data.find((r) => r.key === 'account_admin')!.editable).toBe(false);

    expect((await hr.post('/v1/accounts/roles', { name: 'Everything', level: 'account', permissions: ['all'] })).statusCode).toBe(403);
    expect((await hr.post('/v1/accounts/roles', { name: 'Job boss', level: 'site', permissions: ['jobs.all'] })).statusCode).toBe(403);
    const own = await hr.post('/v1/accounts/roles', { name: 'Job editor', level: 'site', permissions: ['jobs.view', 'jobs.update'] });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().editable).toBe(true);
    expect((await hr.patch(`/v1/accounts/roles/${own.json().id}`, { permissions: ['jobs.view', 'jobs.delete'] })).statusCode).toBe(403);
    expect((await hr.patch(`/v1/accounts/roles/${own.json().id}`, { permissions: ['jobs.view'] })).statusCode).toBe(200);

    const adminRole = await roleOf(t, a, 'account_admin');
    expect((await hr.patch(`/v1/accounts/roles/${adminRole.id}`, { permissions: ['jobs.view'] })).statusCode).toBe(403);
    expect((await roleOf(t, a, 'account_admin')).permissions).toEqual(['all']);
    expect((await hr.patch(`/v1/accounts/roles/${(await roleOf(t, a, 'employer_admin')).id}`, { name: 'Renamed' })).statusCode).toBe(403);

    const viewer = accountClient(t, (await userWith(t, a, ['users.view'], 'account')).token, a.account.id);
    expect((await viewer.get('/v1/accounts/roles')).statusCode).toBe(200);
    expect((await viewer.patch(`/v1/accounts/roles/${own.json().id}`, { name: 'Nope' })).statusCode).toBe(403);
  });
});
