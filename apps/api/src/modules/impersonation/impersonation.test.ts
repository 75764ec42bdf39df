import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { messages } from '@hireline/contract/messages';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, employer1 } from '../../test/client';
import { userWith } from '../../test/people';

/*
 * Acting as someone else: who may act as whom (each refusal with its status and message, recorded as a refusal and
 * nothing else), what the child token is and is not allowed, and how it ends with the staff session left as it was.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  adminToken = await login(t.app, a.users.accountAdmin.email);
});
afterAll(() => t.close());

const impersonate = (token: string, body: object) => call(t.app, { token }, { method: 'POST', url: '/portal/auth/impersonate', payload: body });
const me = (token: string) => call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
const stop = (token: string) => call(t.app, { token }, { method: 'DELETE', url: '/portal/auth/impersonate' });
const asUser = (id: string, extra: object = {}) => ({ type: 'user', id, reason: 'Ticket 4411: cannot see the jobs list', ...extra });

const auditFor = (action: string, subjectId: string) =>
  t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.subjectId, subjectId)))
    .orderBy(desc(auditLogs.createdAt));
const childSessionsOf = (userId: string) =>
  t.deps.db.select().from(sessions).where(and(eq(sessions.userId, userId), eq(sessions.impersonationType, 'user')));

describe('POST /auth/impersonate', () => {
  it('answers a child token of the person, with the staff token as parent and where to return; /auth/me says so', async () => {
    const before = Date.now();
    const res = await impersonate(adminToken, asUser(a.users.siteManager.id, { redirect: '/t-a/main/users?page=2' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', parent: adminToken, redirect: '/t-a/main/users?page=2' });
    expect(body.access_token).not.toBe(adminToken);
    // Time-boxed to 60 minutes by default.
    const expires = Date.parse(body.expires_at);
    expect(expires).toBeGreaterThan(before + 59 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    const acting = await me(body.access_token);
    expect(acting.statusCode).toBe(200);
    expect(acting.json()).toMatchObject({
      email: a.users.siteManager.email,
      impersonating: {
        by: { id: a.users.accountAdmin.id },
        redirect: '/t-a/main/users?page=2',
        reason: 'Ticket 4411: cannot see the jobs list',
        expires_at: body.expires_at,
      },
    });
    // The staff session is kept, as it was.
    const own = await me(adminToken);
    expect(own.json()).toMatchObject({ email: a.users.accountAdmin.email });
    expect(own.json()).not.toHaveProperty('impersonating');

    const [started] = await auditFor('auth.impersonation_start', a.users.siteManager.id);
    expect(started).toMatchObject({ accountId: a.account.id, actorUserId: a.users.accountAdmin.id, impersonatorUserId: null, subjectType: 'user' });
    expect(started!.data).toMatchObject({ type: 'user', reason: 'Ticket 4411: cannot see the jobs list' });
  });

  it('records every change made while acting with both people, and ends on DELETE with the staff session untouched', async () => {
    const child = (await impersonate(adminToken, asUser(a.users.employerAdmin.id))).json().access_token as string;
    const acting = client(t, child, employer1(a));
    const res = await acting.patch(`/v1/employers/${a.employers[0].id}`, { website: 'https://alpha-plumbing.example' });
    expect(res.statusCode, res.body).toBe(200);
    const [changed] = await auditFor('employer.update', a.employers[0].id);
    expect(changed).toMatchObject({ actorUserId: a.users.employerAdmin.id, impersonatorUserId: a.users.accountAdmin.id });

    const ended = await stop(child);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ redirect: '/' });
    expect((await me(child)).statusCode).toBe(401);
    expect((await me(adminToken)).statusCode).toBe(200);
    const [stopped] = await auditFor('auth.impersonation_stop', a.users.employerAdmin.id);
    expect(stopped).toMatchObject({ actorUserId: a.users.accountAdmin.id, accountId: a.account.id });

    // DELETE with a token that is not an impersonation.
    const own = await stop(adminToken);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(impersonationMessages.notImpersonating);
  });

  it('signing out while acting ends only the impersonation, recorded as its stop', async () => {
    const child = (await impersonate(adminToken, asUser(a.users.siteManager.id))).json().access_token as string;
    const out = await call(t.app, { token: child }, { method: 'DELETE', url: '/portal/auth/logout' });
    expect(out.statusCode).toBe(204);
    expect((await me(child)).statusCode).toBe(401);
    expect((await me(adminToken)).statusCode).toBe(200);
    const stops = await auditFor('auth.impersonation_stop', a.users.siteManager.id);
    expect(stops.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses, while acting, another impersonation, the password, buying credits and paying', async () => {
    const child = (await impersonate(adminToken, asUser(a.users.employerAdmin.id))).json().access_token as string;
    const acting = client(t, child, employer1(a));
    const refused = [
      await impersonate(child, asUser(a.users.noRole.id)),
      await acting.post('/v1/user-account/change-password', { current_password: 'x', password: 'Another-pass-1', password_confirmation: 'Another-pass-1' }),
      await acting.post('/v1/credit/purchases', { quantity: 5 }),
      await acting.post('/v1/jobs/00000000-0000-4000-8000-000000000001/pay', {}),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(impersonationMessages.whileImpersonating);
    }
    // The employer admin themselves may buy: the refusal is the impersonation's.
    const own = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await own.post('/v1/credit/purchases', { quantity: 5 })).statusCode).toBe(201);
  });

  it('ends with the staff session: signing that out ends every impersonation started from it', async () => {
    const staff = await login(t.app, a.users.accountAdmin.email);
    const child = (await impersonate(staff, asUser(a.users.siteManager.id))).json().access_token as string;
    expect((await me(child)).statusCode).toBe(200);
    expect((await call(t.app, { token: staff }, { method: 'DELETE', url: '/portal/auth/logout' })).statusCode).toBe(204);
    expect((await me(child)).statusCode).toBe(401);
  });

  it('never outlives the staff session, and stops working when its own time is up', async () => {
    const staff = await login(t.app, a.users.accountAdmin.email);
    const soon = new Date(Date.now() + 5 * 60_000);
    // The staff session itself ends in five minutes.
    const [row] = await t.deps.db.select({ id: sessions.id }).from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
    await t.deps.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, row!.id));
    const res = await impersonate(staff, asUser(a.users.siteManager.id));
    expect(Date.parse(res.json().expires_at)).toBe(soon.getTime());

    const child = res.json().access_token as string;
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.userId, a.users.siteManager.id), eq(sessions.parentSessionId, row!.id)));
    expect((await me(child)).statusCode).toBe(401);
  });
});

describe('who may act as whom', () => {
  const refusalsOf = (subjectId: string) => auditFor('auth.impersonation_refused', subjectId);

  it('refuses yourself (403), other tenants and people without access (404), the disabled (409) and equals (403)', async () => {
    const admin2 = await userWith(t, a, ['all'], 'account');
    const [disabled] = await t.deps.db
      .insert(users)
      .values({ enterpriseId: a.enterpriseId, email: `off.${a.account.slug}@example.test`, name: 'Off', enabled: false })
      .returning();
    // Disabled, but of this account: a site role.
    const consultant = await userWith(t, a, ['jobs.view']);
    await t.deps.db.update(users).set({ enabled: false }).where(eq(users.id, consultant.id));

    const cases: [string, number, string][] = [
      [a.users.accountAdmin.id, 403, impersonationMessages.self],
      [b.users.siteManager.id, 404, messages.notFound],
      [a.users.noRole.id, 404, messages.notFound],
      [disabled!.id, 404, messages.notFound],
      ['00000000-0000-4000-8000-000000000009', 404, messages.notFound],
      [consultant.id, 409, impersonationMessages.disabled],
      [admin2.id, 403, impersonationMessages.notSubset],
    ];
    for (const [id, status, message] of cases) {
      const res = await impersonate(adminToken, asUser(id));
      expect(res.statusCode, id).toBe(status);
      expect(res.json().message).toBe(message);
      // Recorded as a refusal, and nothing else: no session for the person.
      expect((await refusalsOf(id)).length, id).toBeGreaterThanOrEqual(1);
      expect(await childSessionsOf(id)).toEqual([]);
    }
  });

  it('lets a site manager act as a consultant of their site but not as an employer admin who can buy credits', async () => {
    const manager = await login(t.app, a.users.siteManager.email);
    const consultant = await userWith(t, a, ['jobs.view', 'applications.view', 'seekers.view']);
    expect((await impersonate(manager, asUser(consultant.id))).statusCode).toBe(201);

    // The employer admin has credits.purchase, which a site manager lacks.
    const res = await impersonate(manager, asUser(a.users.employerAdmin.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(impersonationMessages.notSubset);
    // A site manager is not the account admin's to impersonate at all.
    expect((await impersonate(manager, asUser(a.users.accountAdmin.id))).statusCode).toBe(404);
    // Someone with access to both sites reaches beyond the site manager's.
    const both = await userWith(t, a, ['jobs.view'], 'account');
    expect((await impersonate(manager, asUser(both.id))).statusCode).toBe(404);
  });

  it("counts the person's access in other accounts too: someone who is also another account's admin is more than a subset", async () => {
    // On PostgreSQL this request sees only account A's rows (ADR 012); the person's reach must still be read whole.
    const shared = await userWith(t, a, ['jobs.view']);
    const [bAdmin] = await t.deps.db.select().from(roles).where(and(eq(roles.accountId, b.account.id), eq(roles.key, 'account_admin')));
    await t.deps.db.insert(memberships).values({ userId: shared.id, enterpriseId: b.enterpriseId, scopeType: 'account', accountId: b.account.id, roleId: bAdmin!.id });
    const res = await impersonate(adminToken, asUser(shared.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(impersonationMessages.notSubset);
    expect(await childSessionsOf(shared.id)).toEqual([]);
  });

  it('needs users.impersonate: the same person is out of reach without it', async () => {
    // Everything at the site except impersonating.
    const viewer = await userWith(t, a, ['all', '!users.impersonate']);
    const target = await userWith(t, a, ['jobs.view']);
    const res = await impersonate(viewer.token, asUser(target.id));
    expect(res.statusCode).toBe(404);
    expect(await childSessionsOf(target.id)).toEqual([]);
  });

  it('checks the body with clear messages before anything else', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ type: 'user', id: a.users.siteManager.id }, { reason: [messages.required] }],
      [{ type: 'user', id: a.users.siteManager.id, reason: '   ' }, { reason: [messages.required] }],
      [{ type: 'robot', id: a.users.siteManager.id, reason: 'x' }, { type: [messages.invalid] }],
      [{ type: 'user', id: 'nope', reason: 'x' }, { id: [messages.invalid] }],
      [{ type: 'user', id: a.users.siteManager.id, reason: 'x', redirect: '//evil.example/' }, { redirect: [impersonationMessages.redirect] }],
      [{ type: 'user', id: a.users.siteManager.id, reason: 'x'.repeat(501) }, { reason: ['This value may not be greater than 500 characters.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await impersonate(adminToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toMatchObject(errors);
    }
    expect((await call(t.app, {}, { method: 'POST', url: '/portal/auth/impersonate', payload: asUser(a.users.siteManager.id) })).statusCode).toBe(401);
    const live = await t.deps.db.select().from(sessions).where(inArray(sessions.userId, [a.users.siteManager.id]));
    expect(live.every((s) => s.impersonatorUserId === null || s.impersonatorUserId === a.users.accountAdmin.id)).toBe(true);
  });
});
