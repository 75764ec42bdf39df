import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addEmployer } from '../../test/employers';
import { auditOf } from '../../test/audit';
import { eventMailTo, tokenFromMail } from '../../test/mail';
import { userWith, accountAccess, acceptInvitation, acceptWith, invite, me, realName, siteAccess } from '../../test/people';
import { userMessages } from './account-users.service';
import { acceptSignedIn, addMembership, employerAccess } from './users.fixtures';
import { accountClient, type AccountClient } from '../../test/client';

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

type Membership = { scope: string; site: { id: string; name: string } | null; employer: { id: string } | null; role: { key: string } };
type Row = { id: string; email: string; status: string; memberships: Membership[] };
const rows = (res: { json(): unknown }) => (res.json() as { data: Row[] }).data;
const emails = (res: { json(): unknown }) => rows(res).map((r) => r.email);

describe('listing the account\'s people', () => {
  it('shows everyone with access to the account with their memberships in it, and nobody else', async () => {
    const res = await admin.get('/v1/accounts/users', { per_page: '100' });
    expect(res.statusCode, res.body).toBe(200);
    const list = emails(res);
    expect(list).toEqual(expect.arrayContaining([a.users.accountAdmin.email, a.users.siteManager.email, a.users.employerAdmin.email]));
    expect(list).not.toContain(a.users.noRole.email);
    expect(list).not.toContain(b.users.accountAdmin.email);
    const manager = rows(res).find((r) => r.id === a.users.siteManager.id)!;
    expect(manager).toMatchObject({
      status: 'active',
      memberships: [{ scope: 'site', site: { id: a.sites[0].id, name: 'Alpha Jobs' }, employer: null, role: { key: 'site_manager', name: 'Site manager' } }],
    });
    const employerAdmin = rows(res).find((r) => r.id === a.users.employerAdmin.id)!;
    expect(employerAdmin.memberships).toEqual([
      {
        scope: 'employer',
        site: { id: a.sites[0].id, name: 'Alpha Jobs' },
        employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
        role: { key: 'employer_admin', name: 'Employer admin' },
      },
    ]);
  });

  it('shows a person who also works for another account only with this account\'s memberships', async () => {
    const both = await userWith(t, a, ['jobs.view'], 'site');
    await addMembership(t, b, both.id, { site: true });
    const inA = rows(await admin.get('/v1/accounts/users', { q: both.email })).find((r) => r.id === both.id)!;
    expect(inA.memberships.map((m) => m.site!.id)).toEqual([a.sites[0].id]);
    const inB = rows(await adminB.get('/v1/accounts/users', { q: both.email })).find((r) => r.id === both.id)!;
    expect(inB.memberships).toEqual([
      { scope: 'site', site: { id: b.sites[0].id, name: 'Beta Jobs' }, employer: null, role: { key: 'consultant', name: 'Consultant' } },
    ]);
  });

  it('searches by name and email, filters by status and role, sorts and pages', async () => {
    const c = await createTenant(t.deps.db, { name: 'Gamma' });
    const gamma = accountClient(t, await login(t.app, c.users.accountAdmin.email), c.account.id);
    const invited = await invite(gamma, 'zed.invitee@example.test', [siteAccess(c.sites[1].id, 'consultant')], 'Zed Invitee');
    expect(invited.statusCode, invited.body).toBe(201);

    expect(emails(await gamma.get('/v1/accounts/users', { q: 'Invitee' }))).toEqual(['zed.invitee@example.test']);
    expect(emails(await gamma.get('/v1/accounts/users', { q: c.users.siteManager.email.toUpperCase() }))).toEqual([c.users.siteManager.email]);
    expect(emails(await gamma.get('/v1/accounts/users', { q: '%' }))).toEqual([]);
    expect(emails(await gamma.get('/v1/accounts/users', { status: 'invited' }))).toEqual(['zed.invitee@example.test']);
    expect(emails(await gamma.get('/v1/accounts/users', { status: 'active' })).sort()).toEqual(
      [c.users.accountAdmin.email, c.users.siteManager.email, c.users.employerAdmin.email].sort(),
    );
    expect(emails(await gamma.get('/v1/accounts/users', { role: 'consultant' }))).toEqual(['zed.invitee@example.test']);
    expect(emails(await gamma.get('/v1/accounts/users', { role: 'employer_admin' }))).toEqual([c.users.employerAdmin.email]);

    // Names are "admin …", "employer …", "manager …", "Zed Invitee".
    const byName = emails(await gamma.get('/v1/accounts/users', { sort: 'name' }));
    expect(byName).toEqual([c.users.accountAdmin.email, c.users.employerAdmin.email, c.users.siteManager.email, 'zed.invitee@example.test']);
    expect(emails(await gamma.get('/v1/accounts/users', { sort: '-name' }))).toEqual([...byName].reverse());
    expect(emails(await gamma.get('/v1/accounts/users', { sort: '-created_at' }))[0]).toBe('zed.invitee@example.test');

    const page2 = await gamma.get('/v1/accounts/users', { sort: 'name', per_page: '3', page: '2' });
    expect(page2.json().meta).toEqual({ page: 2, per_page: 3, total: 4 });
    expect(emails(page2)).toEqual(['zed.invitee@example.test']);
    expect((await gamma.get('/v1/accounts/users', { sort: 'role' })).statusCode).toBe(422);
  });

  it('exports the filtered list as CSV for those who may export users', async () => {
    const csv = await admin.get('/v1/accounts/users', { role: 'site_manager' }, { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFID,Name,Email,Status,Access,Last active (UTC),Created (UTC)');
    expect(csv.body).toContain(`${a.users.siteManager.email},Active,Site manager (Alpha Jobs)`);
    expect(csv.body).not.toContain(a.users.accountAdmin.email);

    const viewer = await userWith(t, a, ['users.view'], 'account');
    const viewerClient = accountClient(t, viewer.token, a.account.id);
    expect((await viewerClient.get('/v1/accounts/users')).statusCode).toBe(200);
    expect((await viewerClient.get('/v1/accounts/users', {}, { accept: 'text/csv' })).statusCode).toBe(403);
  });
});

describe('inviting', () => {
  it('creates a new person without a password; the emailed link sets it, and they sign in with the access given', async () => {
    const res = await admin.post('/v1/accounts/users', {
      email: 'New.Recruiter@Example.test',
      name: 'New Recruiter',
      memberships: [siteAccess(a.sites[1].id, 'site_manager'), employerAccess(a.sites[0].id, a.employers[0].id, 'employer_user')],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.recruiter@example.test',
      name: 'New Recruiter',
      status: 'invited',
      last_active_at: null,
      memberships: [
        { scope: 'site', site: { id: a.sites[1].id, name: 'Alpha Second' }, employer: null, role: { key: 'site_manager' } },
        { scope: 'employer', site: { id: a.sites[0].id }, employer: { id: a.employers[0].id, name: 'Alpha Employer 1' }, role: { key: 'employer_user' } },
      ],
    });
    const id = res.json().id as string;

    const [mail] = await eventMailTo(t, 'new.recruiter@example.test', 'user.invited');
    expect(mail!.subject).toBe('You are invited to Alpha');
    expect(mail!.text).toContain('has invited you to Alpha.');
    expect(mail!.text).toContain(`http://${a.account.domain}/auth/invitation?token=`);

    const token = await acceptInvitation(t, 'new.recruiter@example.test');
    const { permissions } = await me(t, token);
    expect(Object.keys(permissions).sort()).toEqual([`employer:${a.employers[0].id}`, `site:${a.sites[1].id}`].sort());
    expect(permissions[`site:${a.sites[1].id}`]).toContain('jobs.all');
    expect(permissions[`employer:${a.employers[0].id}`]).toContain('jobs.view');
    expect(permissions[`employer:${a.employers[0].id}`]).not.toContain('jobs.delete');

    const listed = rows(await admin.get('/v1/accounts/users', { q: 'new.recruiter' }))[0]!;
    expect(listed.status).toBe('active');
    const [entry] = (await auditOf(t, id)).filter((r) => r.action === 'user.invite');
    expect(entry).toMatchObject({ subjectType: 'user', accountId: a.account.id, actorUserId: a.users.accountAdmin.id });
    expect(entry!.data).toMatchObject({ new_user: true, memberships: [`site:${a.sites[1].id}:site_manager`, `employer:${a.employers[0].id}:employer_user`] });
  });

  it('invites an existing user of the enterprise, shows only what was typed until they accept signed in, then gives the access', async () => {
    const name = await realName(t, b.users.siteManager.id);
    const res = await invite(admin, b.users.siteManager.email, [accountAccess('account_admin')], 'Typed Name');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: b.users.siteManager.id,
      name: 'Typed Name',
      avatar: null,
      status: 'invited',
      last_active_at: null,
      memberships: [{ scope: 'account', site: null, employer: null, role: { key: 'account_admin' } }],
    });
    // Their real name, standing and activity in Beta are not Alpha's to see, nor to find by searching.
    expect(res.body).not.toContain(name);
    expect(rows(await admin.get('/v1/accounts/users', { q: name })).map((r) => r.id)).not.toContain(b.users.siteManager.id);
    const csv = await admin.get('/v1/accounts/users', { q: 'Typed Name' }, { accept: 'text/csv' });
    expect(csv.body).toContain('Typed Name');
    expect(csv.body).not.toContain(name);
    const mail = (await eventMailTo(t, b.users.siteManager.email, 'user.invited')).at(-1)!;
    expect(mail.subject).toBe('You are invited to Alpha');
    expect(mail.text).toContain('Hello Typed Name,');
    expect(mail.text).not.toContain(name);

    // Pending: it grants nothing yet.
    const before = await me(t, await login(t.app, b.users.siteManager.email));
    expect(before.permissions[`account:${a.account.id}`]).toBeUndefined();

    await acceptSignedIn(t, b.users.siteManager.email);
    const { permissions } = await me(t, await login(t.app, b.users.siteManager.email));
    expect(permissions[`account:${a.account.id}`]).toEqual(['all']);
    expect(permissions[`site:${b.sites[0].id}`]).toContain('jobs.all');
    const listed = rows(await admin.get('/v1/accounts/users', { q: b.users.siteManager.email }))[0]!;
    expect(listed).toMatchObject({ name: name, status: 'active' });
  });

  it('refuses someone who already has access to the account, on the email', async () => {
    const res = await invite(admin, a.users.siteManager.email, [siteAccess(a.sites[1].id, 'consultant')]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [userMessages.alreadyMember] });
  });

  it('checks every membership against the account, keyed by its position', async () => {
    const checked = (memberships: unknown[]) => invite(admin, 'checked@example.test', memberships);
    const wrongLevel = await checked([accountAccess('site_manager')]);
    expect(wrongLevel.statusCode).toBe(422);
    expect(wrongLevel.json().errors).toEqual({ 'memberships.0.role': [userMessages.roleLevel] });

    const unknownRole = await checked([siteAccess(a.sites[0].id, 'overlord')]);
    expect(unknownRole.json().errors).toEqual({ 'memberships.0.role': [messages.invalid] });

    const foreignSite = await checked([accountAccess('account_admin'), siteAccess(b.sites[0].id, 'consultant')]);
    expect(foreignSite.json().errors).toEqual({ 'memberships.1.site_id': [messages.invalid] });

    const otherSitesEmployer = await checked([employerAccess(a.sites[0].id, a.employers[1].id, 'employer_user')]);
    expect(otherSitesEmployer.json().errors).toEqual({ 'memberships.0.employer_id': [messages.invalid] });

    const missing = await checked([{ scope: 'site', role: 'consultant' }, { scope: 'employer', site_id: a.sites[0].id, role: 'employer_user' }]);
    expect(missing.json().errors).toEqual({ 'memberships.0.site_id': [messages.required], 'memberships.1.employer_id': [messages.required] });

    const twice = await checked([siteAccess(a.sites[0].id, 'consultant'), siteAccess(a.sites[0].id, 'site_manager')]);
    expect(twice.json().errors).toEqual({ 'memberships.1': [userMessages.duplicate] });

    const none = await checked([]);
    expect(none.json().errors).toEqual({ memberships: [messages.required] });
    expect((await eventMailTo(t, 'checked@example.test')).length).toBe(0);
    expect(rows(await admin.get('/v1/accounts/users', { q: 'checked@' }))).toEqual([]);
  });
});

describe('changing someone\'s access', () => {
  it('replaces their memberships in this account, effective on their next request, and leaves other accounts alone', async () => {
    const person = await userWith(t, a, ['jobs.view'], 'site');
    await addMembership(t, b, person.id, { site: true });
    const res = await admin.put(`/v1/accounts/users/${person.id}/memberships`, {
      memberships: [accountAccess('account_admin'), employerAccess(a.sites[1].id, a.employers[1].id, 'employer_admin')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const places = (res.json() as Row).memberships.map((m) => `${m.scope}:${m.role.key}`);
    expect(places).toEqual(['account:account_admin', 'employer:employer_admin']);

    const { permissions } = await me(t, person.token);
    expect(permissions[`account:${a.account.id}`]).toEqual(['all']);
    expect(permissions[`employer:${a.employers[1].id}`]).toContain('users.all');
    expect(permissions[`site:${a.sites[0].id}`]).toBeUndefined();
    expect(permissions[`site:${b.sites[0].id}`]).toContain('jobs.view');

    const entry = (await auditOf(t, person.id)).find((r) => r.action === 'user.memberships')!;
    expect(entry.data).toMatchObject({ to: ['account:account_admin', `employer:${a.employers[1].id}:employer_admin`] });

    // Dropping one membership and changing the role of another.
    const changed = await admin.put(`/v1/accounts/users/${person.id}/memberships`, {
      memberships: [employerAccess(a.sites[1].id, a.employers[1].id, 'employer_user')],
    });
    expect(changed.json().memberships).toMatchObject([{ scope: 'employer', role: { key: 'employer_user' } }]);
    const next = (await me(t, person.token)).permissions;
    expect(next[`account:${a.account.id}`]).toBeUndefined();
    expect(next[`employer:${a.employers[1].id}`]).not.toContain('users.all');
    expect((await auditOf(t, person.id)).filter((r) => r.action === 'user.memberships')).toHaveLength(2);
    // The same list again changes nothing and records nothing.
    await admin.put(`/v1/accounts/users/${person.id}/memberships`, { memberships: [employerAccess(a.sites[1].id, a.employers[1].id, 'employer_user')] });
    expect((await auditOf(t, person.id)).filter((r) => r.action === 'user.memberships')).toHaveLength(2);
  });

  it('refuses an empty list, yourself, and people of another account', async () => {
    const person = await userWith(t, a, ['jobs.view'], 'site');
    const empty = await admin.put(`/v1/accounts/users/${person.id}/memberships`, { memberships: [] });
    expect(empty.statusCode).toBe(422);
    const self = await admin.put(`/v1/accounts/users/${a.users.accountAdmin.id}/memberships`, { memberships: [siteAccess(a.sites[0].id, 'consultant')] });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(userMessages.notYourself);
    const foreign = await admin.put(`/v1/accounts/users/${b.users.employerAdmin.id}/memberships`, { memberships: [accountAccess('account_admin')] });
    expect(foreign.statusCode).toBe(404);
    expect((await me(t, await login(t.app, b.users.employerAdmin.email))).permissions[`account:${a.account.id}`]).toBeUndefined();
  });
});

describe('resending an invitation', () => {
  it('emails a new link that replaces the old one, and refuses someone who already accepted', async () => {
    const other = await addEmployer(t, a, { name: 'Gadget Co' });
    const invited = await invite(admin, 'twice@example.test', [employerAccess(a.sites[0].id, other.id, 'employer_user')]);
    const id = invited.json().id as string;
    const again = await admin.post(`/v1/accounts/users/${id}/invitation`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ message: userMessages.invitationSent });
    const [first, second] = await eventMailTo(t, 'twice@example.test', 'user.invited');
    expect(second).toBeDefined();
    const password = 'Welcome-aboard-1';
    expect((await acceptWith(t, tokenFromMail(first!.text), { password })).statusCode).toBe(422);
    expect((await acceptWith(t, tokenFromMail(second!.text), { password })).statusCode).toBe(200);

    const done = await admin.post(`/v1/accounts/users/${id}/invitation`);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(userMessages.notInvited);
    expect((await auditOf(t, id)).map((r) => r.action)).toEqual(['user.invite', 'user.reinvite', 'user.accept_invitation']);
    expect((await admin.post(`/v1/accounts/users/${b.users.accountAdmin.id}/invitation`)).statusCode).toBe(404);
  });
});
