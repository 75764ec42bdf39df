import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages } from '@hireline/contract/invitations';
import { messages } from '@hireline/contract/messages';
import { users } from '../../db/schema/identity';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { acceptWith, accountAccess, impersonationToken, invite, liveSessions, me, newestInvitationToken, siteAccess } from '../../test/people';
import { accountClient, type AccountClient } from '../../test/client';

/*
 * Invitations never hand one tenant a credential or a person of another: the reproduced takeover (Globex invites a
 * new address, Acme invites the same address and follows its own link), and what a pending invitation grants.
 */

let t: TestApp;
let acme: Tenant;
let globex: Tenant;
let acmeAdmin: AccountClient;
let globexAdmin: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t.deps.db, { name: 'Acme' });
  globex = await createTenant(t.deps.db, { name: 'Globex' });
  acmeAdmin = accountClient(t, await login(t.app, acme.users.accountAdmin.email), acme.account.id);
  globexAdmin = accountClient(t, await login(t.app, globex.users.accountAdmin.email), globex.account.id);
});
afterAll(() => t.close());

const read = (token: string, session?: string) =>
  call(t.app, session ? { token: session } : {}, { method: 'POST', url: '/portal/auth/invitation', payload: { token } });
const signIn = (email: string, password: string) => call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email, password } });
const passwordOf = async (email: string) => (await t.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]!.hash;

describe('the reproduced takeover', () => {
  it("lets no account set the password of a person another account invited, nor reach that account's people", async () => {
    const x = 'x.person@example.test';
    expect((await invite(globexAdmin, x, [accountAccess('account_admin')], 'X at Globex')).statusCode).toBe(201);
    const globexToken = await newestInvitationToken(t, x);
    expect((await invite(acmeAdmin, x, [accountAccess('account_admin')], 'X at Acme')).statusCode).toBe(201);
    const acmeToken = await newestInvitationToken(t, x);

    // Acme's invitation did not cancel Globex's: each account's link is its own.
    expect((await read(globexToken)).statusCode).toBe(200);
    // Acme's link cannot choose a password for someone Globex also waits for.
    const info = await read(acmeToken);
    expect(info.json()).toMatchObject({ account: { name: 'Acme' }, name: 'X at Acme', email: x, accept_with: 'session', signed_in_as_invitee: false });
    const taken = await acceptWith(t, acmeToken, { password: 'Taken-over-123' });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().message).toBe(invitationMessages.signIn);
    expect(await passwordOf(x)).toBeNull();
    expect((await signIn(x, 'Taken-over-123')).statusCode).toBe(422);
    // The old way in is closed too: a reset does not take an invitation link.
    const reset = await call(t.app, {}, {
      method: 'POST',
      url: '/portal/auth/reset-password',
      payload: { token: acmeToken, password: 'Taken-over-123', password_confirmation: 'Taken-over-123' },
    });
    expect(reset.statusCode).toBe(422);
    expect(await passwordOf(x)).toBeNull();
  });

  it("accepting one account's invitation with a first password accepts only that account's", async () => {
    const y = 'y.person@example.test';
    expect((await invite(acmeAdmin, y, [accountAccess('account_admin')], 'Y')).statusCode).toBe(201);
    const acmeToken = await newestInvitationToken(t, y);
    expect((await read(acmeToken)).json().accept_with).toBe('password');
    const missing = await acceptWith(t, acmeToken, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual([messages.required]);
    expect((await acceptWith(t, acmeToken, { password: 'First-choice-12' })).statusCode).toBe(200);
    // Spent: the link works once.
    expect((await acceptWith(t, acmeToken, { password: 'Second-choice-12' })).statusCode).toBe(422);

    // Globex invites the same person later: they accept signed in, their password stays theirs.
    expect((await invite(globexAdmin, y, [accountAccess('account_admin')], 'Y')).statusCode).toBe(201);
    const globexToken = await newestInvitationToken(t, y);
    const session = await login(t.app, y, 'First-choice-12');
    expect((await me(t, session)).permissions[`account:${globex.account.id}`]).toBeUndefined();
    const foreignUsers = await call(t.app, { token: session, accountId: globex.account.id }, { method: 'GET', url: '/portal/v1/accounts/users' });
    expect(foreignUsers.statusCode).toBe(404);
    expect((await acceptWith(t, globexToken, { password: 'Override-pass-12' })).statusCode).toBe(403);
    expect((await signIn(y, 'Override-pass-12')).statusCode).toBe(422);
    expect((await read(globexToken, session)).json()).toMatchObject({ accept_with: 'session', signed_in_as_invitee: true });
    expect((await acceptWith(t, globexToken, { session })).statusCode).toBe(200);
    expect((await me(t, session)).permissions[`account:${globex.account.id}`]).toEqual(['all']);
  });
});

describe('a pending invitation', () => {
  it('grants nothing: no scope, no account in /auth/me, no mail of the account, no one to act as', async () => {
    const email = 'pending.person@example.test';
    const created = await invite(acmeAdmin, email, [accountAccess('account_admin')], 'Pending');
    const id = created.json().id as string;
    // Give them a password through their own reset path to sign in before accepting.
    await t.deps.db.update(users).set({ passwordHash: await passwordOf(acme.users.siteManager.email) }).where(eq(users.id, id));
    const session = await login(t.app, email);
    const mine = await call(t.app, { token: session }, { method: 'GET', url: '/portal/auth/me' });
    expect(mine.json()).toMatchObject({ permissions: {}, accounts: [] });
    const scoped = await call(t.app, { token: session, accountId: acme.account.id }, { method: 'GET', url: '/portal/v1/accounts/users' });
    expect(scoped.statusCode).toBe(404);
    const mail = await call(t.app, { token: session }, { method: 'GET', url: '/portal/v1/dev/mail' });
    expect(mail.json().data.every((m: { to: string }) => m.to === email)).toBe(true);
    // The account's admin cannot act as someone who has not accepted.
    const adminToken = await login(t.app, acme.users.accountAdmin.email);
    const acting = await call(t.app, { token: adminToken, accountId: acme.account.id }, {
      method: 'POST',
      url: '/portal/auth/impersonate',
      payload: { type: 'user', id, reason: 'Checking' },
    });
    expect(acting.statusCode).toBe(404);
  });

  it('is refused to an impersonating session, and its link dies when the invitation is withdrawn', async () => {
    const email = 'withdrawn.person@example.test';
    const created = await invite(acmeAdmin, email, [siteAccess(acme.sites[0].id, 'consultant')], 'Withdrawn');
    const id = created.json().id as string;
    const token = await newestInvitationToken(t, email);
    const acting = await impersonationToken(t, acme.users.accountAdmin.id, id);
    expect((await acceptWith(t, token, { session: acting })).statusCode).toBe(403);
    expect((await acmeAdmin.del(`/v1/accounts/users/${id}`)).statusCode).toBe(204);
    expect((await read(token)).statusCode).toBe(422);
    expect((await acceptWith(t, token, { password: 'Too-late-123' })).statusCode).toBe(422);
    expect(await passwordOf(email)).toBeNull();
  });

  it('cannot be disabled by the inviting account, and accepting signs out the other sessions', async () => {
    const email = 'sessions.person@example.test';
    const id = (await invite(acmeAdmin, email, [siteAccess(acme.sites[0].id, 'consultant')], 'Sessions')).json().id as string;
    const disable = await acmeAdmin.post(`/v1/accounts/users/${id}/disable`);
    expect(disable.statusCode).toBe(409);
    await t.deps.db.update(users).set({ passwordHash: await passwordOf(acme.users.siteManager.email) }).where(eq(users.id, id));
    const other = await login(t.app, email);
    const mine = await login(t.app, email);
    expect((await acceptWith(t, await newestInvitationToken(t, email), { session: mine })).statusCode).toBe(200);
    expect((await me(t, other)).status).toBe(401);
    expect((await me(t, mine)).permissions[`site:${acme.sites[0].id}`]).toContain('jobs.view');
    expect(await liveSessions(t, id)).toHaveLength(1);
  });
});
