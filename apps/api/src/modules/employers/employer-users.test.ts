import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith, acceptWith, realName } from '../../test/people';
import { employerUserMessages } from './employer-users.service';
import { addEmployer } from '../../test/employers';
import { auditOf } from '../../test/audit';
import { eventMailTo, tokenFromMail } from '../../test/mail';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let manager: Client;
let employerAdmin: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
  employerAdmin = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
});
afterAll(() => t.close());

const anonymous = (url: string, payload: object) => call(t.app, { enterpriseKey: 'test' }, { method: 'POST', url, payload });

describe('inviting a new person', () => {
  it('creates them without a password, emails a set-password link that signs them in for the employer', async () => {
    const e = a.employers[0].id;
    const res = await employerAdmin.post(`/v1/employers/${e}/users`, { email: 'New.Hire@Example.test', name: 'New Hire', role: 'employer_user' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.hire@example.test', name: 'New Hire', status: 'invited', role: { key: 'employer_user', name: 'Employer user' } });

    const [mail] = await eventMailTo(t, 'new.hire@example.test', 'user.invited');
    expect(mail!.subject).toMatch(/invited/);
    expect(mail!.text).toContain('Alpha Employer 1');
    const token = tokenFromMail(mail!.text);

    // A set-password reset does not take an invitation link; accepting it does.
    const reset = await anonymous('/portal/auth/reset-password', { token, password: 'Welcome-aboard-1', password_confirmation: 'Welcome-aboard-1' });
    expect(reset.statusCode).toBe(422);
    const set = await acceptWith(t, token, { password: 'Welcome-aboard-1' });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await login(t.app, 'new.hire@example.test', 'Welcome-aboard-1');
    const me = await call(t.app, { token: signedIn }, { method: 'GET', url: '/portal/auth/me' });
    expect(me.json().permissions[`employer:${e}`]).toContain('jobs.view');

    const list = await employerAdmin.get(`/v1/employers/${e}/users`);
    expect(list.json().data.find((u: { email: string }) => u.email === 'new.hire@example.test')).toMatchObject({ status: 'active' });
    expect(list.json().roles.map((r: { key: string }) => r.key).sort()).toEqual(['employer_admin', 'employer_user']);
    expect((await auditOf(t, e)).map((r) => r.action)).toContain('employer.user_invite');
  });

  it('answers 422 for a bad email, a role that is not an employer role, and someone already there', async () => {
    const e = a.employers[0].id;
    const bad = await manager.post(`/v1/employers/${e}/users`, { email: 'x', name: '', role: 'account_admin' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ email: [messages.invalid], name: [messages.required] });
    const role = await manager.post(`/v1/employers/${e}/users`, { email: 'ok@example.test', name: 'Ok', role: 'account_admin' });
    expect(role.json().errors.role).toEqual([messages.invalid]);
    const dup = await manager.post(`/v1/employers/${e}/users`, { email: a.users.employerAdmin.email, name: 'Again', role: 'employer_user' });
    expect(dup.json().errors.email).toEqual([employerUserMessages.alreadyMember]);
  });

  it('invites an existing user, who accepts signed in (never with a new password); until then only the typed name shows', async () => {
    const other = await addEmployer(t, a, { name: 'Second Shop' });
    const name = await realName(t, b.users.employerAdmin.id);
    const res = await manager.post(`/v1/employers/${other.id}/users`, { email: b.users.employerAdmin.email, name: 'Typed', role: 'employer_user' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Typed', status: 'invited', avatar: null, last_active_at: null, role: { key: 'employer_user' } });
    expect(res.body).not.toContain(name);
    const mails = await eventMailTo(t, b.users.employerAdmin.email, 'user.invited');
    expect(mails.at(-1)!.subject).toBe('You are invited to Alpha Jobs');
    const token = tokenFromMail(mails.at(-1)!.text);
    const refused = await acceptWith(t, token, { password: 'Taken-over-12' });
    expect(refused.statusCode).toBe(403);
    expect((await anonymous('/portal/auth/login', { email: b.users.employerAdmin.email, password: 'Taken-over-12' })).statusCode).toBe(422);
    const signedIn = await login(t.app, b.users.employerAdmin.email);
    expect((await acceptWith(t, token, { session: signedIn })).statusCode).toBe(200);
    const list = await manager.get(`/v1/employers/${other.id}/users`);
    expect(list.json().data[0]).toMatchObject({ name: name, status: 'active' });
  });

  it('resends an invitation, and only the newest link works', async () => {
    const e = a.employers[0].id;
    const invited = (await manager.post(`/v1/employers/${e}/users`, { email: 'twice@example.test', name: 'Twice', role: 'employer_user' })).json();
    const again = await manager.post(`/v1/employers/${e}/users/${invited.id}/invitation`);
    expect(again.json()).toEqual({ message: employerUserMessages.invitationSent });
    const [first, second] = await eventMailTo(t, 'twice@example.test', 'user.invited');
    const stale = await acceptWith(t, tokenFromMail(first!.text), { password: 'Welcome-aboard-1' });
    expect(stale.statusCode).toBe(422);
    const fresh = await acceptWith(t, tokenFromMail(second!.text), { password: 'Welcome-aboard-1' });
    expect(fresh.statusCode).toBe(200);
    expect((await manager.post(`/v1/employers/${e}/users/${invited.id}/invitation`)).statusCode).toBe(409);
  });
});

describe('changing and removing access', () => {
  it('changes a role, refuses changing or removing yourself, and removing someone signs them out', async () => {
    const e = a.employers[0].id;
    const person = (await manager.post(`/v1/employers/${e}/users`, { email: 'mover@example.test', name: 'Mover', role: 'employer_user' })).json();
    const promoted = await employerAdmin.patch(`/v1/employers/${e}/users/${person.id}`, { role: 'employer_admin' });
    expect(promoted.json().role).toEqual({ key: 'employer_admin', name: 'Employer admin' });

    const self = await employerAdmin.patch(`/v1/employers/${e}/users/${a.users.employerAdmin.id}`, { role: 'employer_user' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(employerUserMessages.notYourself);
    expect((await employerAdmin.del(`/v1/employers/${e}/users/${a.users.employerAdmin.id}`)).statusCode).toBe(409);

    const v = await userWith(t, a, ['jobs.view'], 'employer');
    expect((await employerAdmin.del(`/v1/employers/${e}/users/${v.id}`)).statusCode).toBe(204);
    expect((await call(t.app, { token: v.token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    expect((await employerAdmin.get(`/v1/employers/${e}/users`)).json().data.some((u: { id: string }) => u.id === v.id)).toBe(false);
  });
});

describe('scope and permission', () => {
  it("keeps an employer admin to their own employer's users, and an employer user out of managing them", async () => {
    const otherEmployer = await addEmployer(t, a);
    expect((await employerAdmin.get(`/v1/employers/${otherEmployer.id}/users`)).statusCode).toBe(404);
    expect((await employerAdmin.post(`/v1/employers/${otherEmployer.id}/users`, { email: 'z@example.test', name: 'Z', role: 'employer_user' })).statusCode).toBe(404);

    const plain = await userWith(t, a, ['employers.view', 'jobs.view'], 'employer');
    const plainClient = client(t, plain.token, employer1(a));
    expect((await plainClient.get(`/v1/employers/${a.employers[0].id}/users`)).statusCode).toBe(200);
    expect((await plainClient.post(`/v1/employers/${a.employers[0].id}/users`, { email: 'z@example.test', name: 'Z', role: 'employer_user' })).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's employer and user", async () => {
    expect((await manager.get(`/v1/employers/${b.employers[0].id}/users`)).statusCode).toBe(404);
    expect((await manager.del(`/v1/employers/${a.employers[0].id}/users/${b.users.employerAdmin.id}`)).statusCode).toBe(404);
  });
});
