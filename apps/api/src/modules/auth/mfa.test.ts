import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { MFA_SETUP_REQUIRED, mfaMessages } from '@hireline/contract/mfa';
import { memberships, roles, sessions } from '../../db/schema/identity';
import { mfaChallenges, userMfa, userRecoveryCodes } from '../../db/schema/mfa';
import { auditLogs } from '../../db/schema/platform';
import { sha256 } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant, type TenantUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { codeFor, forgetLastStep, loginWithMfa, setUpMfa } from '../../test/mfa';
import { coded } from '../../test/errors';

/*
 * Two-step sign-in through the API: setting it up, signing in with a code or a recovery code (each once), wrong
 * codes counted against the sign-in limits, recovery codes replaced, turning it off.
 */

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, token?: string) => call(t.app, { token }, { method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (url: string, token: string) => call(t.app, { token }, { method: 'GET', url });
const passwordStep = (email: string, password = PASSWORD) => post('/portal/auth/login', { email, password });
const codeStep = (mfa_token: string, body: object) => post('/portal/auth/login/mfa', { mfa_token, ...body });
const auditOf = (action: string, actorUserId: string) =>
  t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.actorUserId, actorUserId)))
    .orderBy(desc(auditLogs.createdAt));

/** A fresh staff member of tenant a (site manager), so each test starts from no two-step sign-in. */
async function freshUser(): Promise<TenantUser> {
  const tenant = await createTenant(t.deps.db);
  return tenant.users.siteManager;
}

describe('setting two-step sign-in up', () => {
  it('shows a new secret as text, link and QR code; stores it encrypted; a code from it turns it on with ten recovery codes', async () => {
    const user = await freshUser();
    const token = await login(t.app, user.email);
    expect((await get('/portal/v1/user-account/mfa', token)).json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

    const start = await post('/portal/v1/user-account/mfa/setup', undefined, token);
    expect(start.statusCode, start.body).toBe(200);
    const { secret, otpauth_url, qr_code } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
    expect(otpauth_url).toContain(encodeURIComponent(user.email));
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await t.deps.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row!.secretEnc).not.toContain(secret);
    expect(row!.confirmedAt).toBeNull();

    // Not on until proven: the password alone still signs in.
    expect((await passwordStep(user.email)).json().access_token).toBeDefined();

    const wrong = await post('/portal/v1/user-account/mfa/confirm', { code: codeFor(secret, 5) }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [mfaMessages.invalidCode] });
    const malformed = await post('/portal/v1/user-account/mfa/confirm', { code: '12ab' }, token);
    expect(malformed.json().errors).toEqual({ code: [messages.invalid] });

    const ok = await post('/portal/v1/user-account/mfa/confirm', { code: codeFor(secret) }, token);
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.deps.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => sha256(c.replace('-', ''))).sort());

    const status = (await get('/portal/v1/user-account/mfa', token)).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    expect(await auditOf('auth.mfa_enabled', user.id)).toHaveLength(1);

    // A second setup cannot replace a confirmed secret.
    expect((await post('/portal/v1/user-account/mfa/setup', undefined, token)).statusCode).toBe(409);
  });

  it('keeps the setup from the person being acted as', async () => {
    const admin = await login(t.app, a.users.accountAdmin.email);
    const child = await post('/portal/auth/impersonate', { type: 'user', id: a.users.siteManager.id, reason: 'Ticket 1: setup' }, admin);
    expect(child.statusCode, child.body).toBe(201);
    const res = await post('/portal/v1/user-account/mfa/setup', undefined, child.json().access_token);
    expect(res.statusCode).toBe(403);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('answers a challenge instead of a token; the code gives the token; the same code is refused the second time', async () => {
    const user = await freshUser();
    const { secret } = await setUpMfa(t, await login(t.app, user.email), user.id);

    const first = await passwordStep(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String), expires_at: expect.any(String) });
    expect(first.json().access_token).toBeUndefined();
    const [challenge] = await t.deps.db.select().from(mfaChallenges).where(eq(mfaChallenges.tokenHash, sha256(first.json().mfa_token)));
    expect(challenge!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const code = codeFor(secret);
    const second = await codeStep(first.json().mfa_token, { code });
    expect(second.statusCode, second.body).toBe(200);
    const token = second.json().access_token as string;
    expect((await get('/portal/auth/me', token)).json().email).toBe(user.email);
    const [signIn] = await auditOf('auth.login', user.id);
    expect(signIn!.data).toMatchObject({ mfa: 'totp' });

    // The challenge is spent; and the code of that step is spent too, with a new challenge.
    expect((await codeStep(first.json().mfa_token, { code })).json().errors).toEqual({ mfa_token: [mfaMessages.challengeExpired] });
    const again = await passwordStep(user.email);
    const replay = await codeStep(again.json().mfa_token, { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: [mfaMessages.invalidCode] });
  });

  it('accepts the code of the step before or after (clock drift), not further', async () => {
    const user = await freshUser();
    const { secret } = await setUpMfa(t, await login(t.app, user.email), user.id);
    const far = await codeStep((await passwordStep(user.email)).json().mfa_token, { code: codeFor(secret, -3) });
    expect(far.statusCode).toBe(422);
    const near = await codeStep((await passwordStep(user.email)).json().mfa_token, { code: codeFor(secret, 1) });
    expect(near.statusCode, near.body).toBe(200);
  });

  it('refuses a wrong code (audited), an unknown token, and a challenge after five codes', async () => {
    const user = await freshUser();
    const { secret } = await setUpMfa(t, await login(t.app, user.email), user.id);
    const unknown = await codeStep('not-a-token', { code: '123456' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ mfa_token: [mfaMessages.challengeExpired] });

    const mfaToken = (await passwordStep(user.email)).json().mfa_token as string;
    const wrong = codeFor(secret, 4);
    for (let i = 0; i < 5; i++) expect((await codeStep(mfaToken, { code: wrong })).json().errors).toEqual({ code: [mfaMessages.invalidCode] });
    // Out of attempts: even the right code no longer works with this challenge.
    const spent = await codeStep(mfaToken, { code: codeFor(secret) });
    expect(spent.json().errors).toEqual({ mfa_token: [mfaMessages.challengeExpired] });
    expect(await auditOf('auth.mfa_failed', user.id)).toHaveLength(5);
    const body = await codeStep(mfaToken, {});
    expect(body.json().errors).toEqual({ code: [messages.required] });
  });

  it('counts wrong codes against the sign-in limit of the account (429 past it)', async () => {
    const user = await freshUser();
    const { secret } = await setUpMfa(t, await login(t.app, user.email), user.id);
    const wrong = codeFor(secret, 4);
    // Ten tries per account: the password steps (not cleared before the code) and the wrong codes count alike.
    let mfaToken = (await passwordStep(user.email)).json().mfa_token as string; // 1
    for (let i = 0; i < 5; i++) await codeStep(mfaToken, { code: wrong }); // 6
    mfaToken = (await passwordStep(user.email)).json().mfa_token as string; // 7
    for (let i = 0; i < 3; i++) expect((await codeStep(mfaToken, { code: wrong })).statusCode).toBe(422); // 10
    const limited = await codeStep(mfaToken, { code: codeFor(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await t.deps.rateLimiter.reset(`login:account:${a.enterpriseId}:${user.email}`);
  });

  it("keeps the owner's known browser out of the account's window through both steps, and remembers it after the code", async () => {
    const user = await freshUser();
    const { secret } = await setUpMfa(t, await login(t.app, user.email), user.id);
    await forgetLastStep(t, user.id);
    const from = (ip: string, url: string, payload: object, cookie?: string) =>
      call(t.app, {}, { method: 'POST', url, remoteAddress: ip, payload, ...(cookie ? { headers: { cookie } } : {}) });
    const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
    // The owner signs in with both steps at the office: the answer to the code remembers the browser.
    const office = await from('198.51.100.10', '/portal/auth/login', { email: user.email, password: PASSWORD });
    expect(office.headers['set-cookie'], 'the password alone signs nobody in, so it remembers nothing').toBeUndefined();
    const done = await from('198.51.100.10', '/portal/auth/login/mfa', { mfa_token: office.json().mfa_token, code: codeFor(secret) });
    expect(done.statusCode, done.body).toBe(200);
    const cookie = cookieOf(done);
    expect(cookie).toMatch(/^hireline_device=/);
    await forgetLastStep(t, user.id);
    // Someone else fills the account's window with wrong passwords.
    for (let i = 0; i < 10; i++) await from('203.0.113.9', '/portal/auth/login', { email: user.email, password: 'Wrong-password-1' });
    expect((await from('203.0.113.9', '/portal/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(429);
    // The owner, travelling with their browser: both steps pass. Another browser on that network is held.
    const travel = await from('198.51.100.77', '/portal/auth/login', { email: user.email, password: PASSWORD }, cookie);
    expect(travel.json().mfa_required, travel.body).toBe(true);
    const code = await from('198.51.100.77', '/portal/auth/login/mfa', { mfa_token: travel.json().mfa_token, code: codeFor(secret) }, cookie);
    expect(code.statusCode, code.body).toBe(200);
    expect((await from('198.51.100.78', '/portal/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('takes both steps of a sign-in that succeeded back from the address, so an office is never locked out', async () => {
    const user = await freshUser();
    const { secret } = await setUpMfa(t, await login(t.app, user.email), user.id);
    const net = new Map<string, number>();
    const limiter = t.deps.rateLimiter;
    const { hit, undo } = limiter;
    limiter.hit = async (key, ...rest) => {
      net.set(key, (net.get(key) ?? 0) + 1);
      return hit.call(limiter, key, ...rest);
    };
    limiter.undo = async (key) => {
      net.set(key, (net.get(key) ?? 0) - 1);
      return undo.call(limiter, key);
    };
    try {
      await loginWithMfa(t, user.email, PASSWORD, secret);
    } finally {
      limiter.hit = hit;
      limiter.undo = undo;
    }
    expect(net.get('login:ip:127.0.0.1')).toBe(0);
  });

  it('signs in with a recovery code once; the person sees how many are left', async () => {
    const user = await freshUser();
    const { recoveryCodes } = await setUpMfa(t, await login(t.app, user.email), user.id);
    const code = recoveryCodes[3]!;
    const res = await codeStep((await passwordStep(user.email)).json().mfa_token, { recovery_code: code.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().access_token as string;
    expect((await get('/portal/v1/user-account/mfa', token)).json().recovery_codes_left).toBe(9);
    const again = await codeStep((await passwordStep(user.email)).json().mfa_token, { recovery_code: code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ recovery_code: [mfaMessages.invalidCode] });
  });
});

describe('managing two-step sign-in', () => {
  it('replaces the recovery codes with a code from the app; the old ones stop working', async () => {
    const user = await freshUser();
    const token = await login(t.app, user.email);
    const { secret, recoveryCodes } = await setUpMfa(t, token, user.id);
    expect((await post('/portal/v1/user-account/mfa/recovery-codes', { code: codeFor(secret, 4) }, token)).statusCode).toBe(422);
    const res = await post('/portal/v1/user-account/mfa/recovery-codes', { code: codeFor(secret) }, token);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const old = await codeStep((await passwordStep(user.email)).json().mfa_token, { recovery_code: recoveryCodes[0] });
    expect(old.statusCode).toBe(422);
    const ok = await codeStep((await passwordStep(user.email)).json().mfa_token, { recovery_code: fresh[0] });
    expect(ok.statusCode).toBe(200);
  });

  it('turns off with the password (not a wrong one); then the password alone signs in', async () => {
    const user = await freshUser();
    const token = await login(t.app, user.email);
    await setUpMfa(t, token, user.id);
    const none = await post('/portal/v1/user-account/mfa/disable', {}, token);
    expect(none.json().errors).toEqual({ password: [mfaMessages.passwordOrCode] });
    const wrong = await post('/portal/v1/user-account/mfa/disable', { password: 'Wrong-password-1' }, token);
    expect(wrong.json().errors).toEqual({ password: [messages.currentPasswordIncorrect] });
    const off = await post('/portal/v1/user-account/mfa/disable', { password: PASSWORD }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect(await auditOf('auth.mfa_disabled', user.id)).toHaveLength(1);
    expect((await passwordStep(user.email)).json().access_token).toBeDefined();
    expect(await t.deps.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toHaveLength(0);
  });

  it('turns off with a code from the app', async () => {
    const user = await freshUser();
    const token = await login(t.app, user.email);
    const { secret } = await setUpMfa(t, token, user.id);
    const off = await post('/portal/v1/user-account/mfa/disable', { code: codeFor(secret) }, token);
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe('an account that requires two-step sign-in', () => {
  it('holds a member without it to the setup (403 mfa_setup_required elsewhere); the setup frees the same session', async () => {
    const b = await createTenant(t.deps.db);
    const admin = await login(t.app, b.users.accountAdmin.email);
    const adminApi = (method: 'GET' | 'PATCH', payload?: object) =>
      call(t.app, { token: admin, accountId: b.account.id }, { method, url: '/portal/v1/accounts/security', ...(payload ? { payload } : {}) });
    expect((await adminApi('GET')).json()).toEqual({ require_mfa: false });
    const on = await adminApi('PATCH', { require_mfa: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ require_mfa: true });
    expect(await auditOf('account.security_update', b.users.accountAdmin.id)).toHaveLength(1);
    expect((await adminApi('PATCH', { require_mfa: 'yes' })).statusCode).toBe(422);
    // The admin's own session, opened before, is not interrupted.
    expect((await adminApi('GET')).statusCode).toBe(200);

    const user = b.users.siteManager;
    const token = await login(t.app, user.email);
    const scoped = { token, accountId: b.account.id, siteId: b.sites[0].id };
    const jobs = await call(t.app, scoped, { method: 'GET', url: '/portal/v1/jobs' });
    expect(jobs.statusCode).toBe(403);
    expect(jobs.json()).toEqual(coded({ message: mfaMessages.setupRequired, code: MFA_SETUP_REQUIRED }));
    expect((await get('/portal/auth/me', token)).json().mfa_setup_required).toBe(true);
    expect((await get('/portal/v1/user-account/mfa', token)).json()).toMatchObject({ enabled: false, required: true });

    const { secret } = await setUpMfa(t, token, user.id);
    expect((await call(t.app, scoped, { method: 'GET', url: '/portal/v1/jobs' })).statusCode).toBe(200);
    expect((await get('/portal/auth/me', token)).json().mfa_setup_required).toBeUndefined();
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(row!.mfaSetupRequired).toBe(false);

    // It cannot be turned off while the account requires it.
    const off = await post('/portal/v1/user-account/mfa/disable', { code: codeFor(secret) }, token);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(mfaMessages.requiredByAccount);

    // Only someone who may change the account sets the rule.
    const other = await call(t.app, { token, accountId: b.account.id }, { method: 'PATCH', url: '/portal/v1/accounts/security', payload: { require_mfa: false } });
    expect(other.statusCode).toBe(403);
  });

  it('does not bind the enterprise staff', async () => {
    const b = await createTenant(t.deps.db);
    const admin = await login(t.app, b.users.accountAdmin.email);
    await call(t.app, { token: admin, accountId: b.account.id }, { method: 'PATCH', url: '/portal/v1/accounts/security', payload: { require_mfa: true } });
    // The account's admin, who is also on the enterprise's own staff.
    const staff = b.users.accountAdmin;
    await t.deps.db
      .insert(roles)
      .values({ enterpriseId: b.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] })
      .onConflictDoNothing();
    const [role] = await t.deps.db.select().from(roles).where(and(eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
    await t.deps.db.insert(memberships).values({ userId: staff.id, enterpriseId: b.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
    const token = await login(t.app, staff.email);
    expect((await get('/portal/auth/me', token)).json().mfa_setup_required).toBeUndefined();
    expect((await get('/portal/v1/user-account/mfa', token)).json().required).toBe(false);
  });
});

describe('acting as someone with two-step sign-in', () => {
  it('never asks for their code, nor holds the session to an account requirement', async () => {
    const b = await createTenant(t.deps.db);
    const target = b.users.employerAdmin;
    const { secret } = await setUpMfa(t, await login(t.app, target.email), target.id);
    await forgetLastStep(t, target.id);
    expect(await loginWithMfa(t, target.email, PASSWORD, secret)).toBeDefined();
    const admin = await login(t.app, b.users.accountAdmin.email);
    await call(t.app, { token: admin, accountId: b.account.id }, { method: 'PATCH', url: '/portal/v1/accounts/security', payload: { require_mfa: true } });

    const child = await post('/portal/auth/impersonate', { type: 'user', id: target.id, reason: 'Ticket 2: jobs' }, admin);
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json().access_token).toBeDefined();
    const me = await get('/portal/auth/me', child.json().access_token);
    expect(me.json()).toMatchObject({ email: target.email });
    expect(me.json().mfa_setup_required).toBeUndefined();
    // Someone without it set up, in the requiring account, is acted as the same way.
    const other = await post('/portal/auth/impersonate', { type: 'user', id: b.users.siteManager.id, reason: 'Ticket 3: jobs' }, admin);
    const scoped = { token: other.json().access_token, accountId: b.account.id, siteId: b.sites[0].id };
    expect((await call(t.app, scoped, { method: 'GET', url: '/portal/v1/jobs' })).statusCode).toBe(200);
  });
});
