import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/identity';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { setUpMfa } from '../../test/mfa';

/* An account admin resets a member's two-step sign-in (a lost device): audited, the person emailed, nobody else's. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = await login(t.app, a.users.accountAdmin.email);
});
afterAll(() => t.close());

const reset = (token: string, userId: string, accountId = a.account.id) =>
  call(t.app, { token, accountId }, { method: 'POST', url: `/portal/v1/accounts/users/${userId}/mfa/reset` });
const listed = async (userId: string) => {
  const res = await call(t.app, { token: admin, accountId: a.account.id }, { method: 'GET', url: '/portal/v1/accounts/users?per_page=100' });
  return (res.json().data as { id: string; mfa_enabled: boolean }[]).find((u) => u.id === userId);
};

describe('POST /v1/accounts/users/:user/mfa/reset', () => {
  it('turns the member’s two-step sign-in off, records user.mfa_reset and emails the person; the password alone then signs in', async () => {
    const user = a.users.siteManager;
    await setUpMfa(t, await login(t.app, user.email), user.id);
    expect((await listed(user.id))?.mfa_enabled).toBe(true);

    const res = await reset(admin, user.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await listed(user.id))?.mfa_enabled).toBe(false);
    const [row] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'user.mfa_reset'), eq(auditLogs.subjectId, user.id)));
    expect(row).toMatchObject({ accountId: a.account.id, actorUserId: a.users.accountAdmin.id, subjectType: 'user' });
    const [mail] = await t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.event, 'user.mfa_reset'), eq(emailOutbox.toEmail, user.email)));
    expect(mail?.subject).toBe('Two-step sign-in was reset');
    const signIn = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect(signIn.json().access_token).toBeDefined();

    // Nothing left to reset.
    expect((await reset(admin, user.id)).statusCode).toBe(409);
  });

  it('is refused to someone without users.update at the account, for another tenant’s member, for oneself, and for someone with access elsewhere', async () => {
    const target = a.users.employerAdmin;
    await setUpMfa(t, await login(t.app, target.email), target.id);
    const manager = await login(t.app, a.users.siteManager.email);
    expect((await reset(manager, target.id)).statusCode).toBe(403);
    const stranger = b.users.employerAdmin;
    expect((await reset(admin, stranger.id)).statusCode).toBe(404);
    expect((await reset(admin, a.users.accountAdmin.id)).statusCode).toBe(409);

    // Also a member of another account: this account's admin may not weaken that tenant's sign-in.
    const [role] = await t.deps.db.select().from(memberships).where(eq(memberships.userId, b.users.siteManager.id));
    await t.deps.db.insert(memberships).values({ ...role!, id: undefined, userId: target.id, createdAt: undefined });
    expect((await reset(admin, target.id)).statusCode).toBe(409);
    const rows = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'user.mfa_reset'), eq(auditLogs.subjectId, target.id)));
    expect(rows).toHaveLength(0);
  });
});
