import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { emailOutbox } from '../../db/schema/platform';
import { sessions, users } from '../../db/schema/identity';
import { sha256 } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { coded } from '../../test/errors';

let t: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.deps.db);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  call(t.app, { token }, { method: 'POST', url, payload: payload as object });

describe('POST /auth/login', () => {
  it('returns a bearer token that is stored only as its SHA-256', async () => {
    const res = await post('/portal/auth/login', { email: tenant.users.accountAdmin.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const rows = await t.deps.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(body.access_token)));
    expect(rows).toHaveLength(1);
    const all = await t.deps.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.h === body.access_token)).toBe(false);
  });

  it('accepts the email in any case', async () => {
    const res = await post('/portal/auth/login', { email: tenant.users.accountAdmin.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown email and a disabled user with the same generic error', async () => {
    const disabled = tenant.users.siteManager;
    await t.deps.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    const answers = await Promise.all([
      post('/portal/auth/login', { email: tenant.users.accountAdmin.email, password: 'Wrong-password-1' }),
      post('/portal/auth/login', { email: 'nobody@example.test', password: PASSWORD }),
      post('/portal/auth/login', { email: disabled.email, password: PASSWORD }),
    ]);
    await t.deps.db.update(users).set({ enabled: true }).where(eq(users.id, disabled.id));
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(coded({ message: messages.invalidCredentials, errors: { email: [messages.invalidCredentials] } }));
    }
  });

  it('refuses a user without any membership', async () => {
    const res = await post('/portal/auth/login', { email: tenant.users.noRole.email, password: PASSWORD });
    expect(res.statusCode).toBe(422);
  });

  it('validates with the spec messages', async () => {
    const res = await post('/portal/auth/login', { password: '' , extra: 1 });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe(messages.givenDataInvalid);
    expect(body.errors.email).toEqual([messages.required]);
    expect(body.errors.password).toEqual([messages.required]);
    expect(body.errors.extra).toEqual(['This field is not allowed.']);
    const bad = await post('/portal/auth/login', { email: 'not-an-email', password: 'x' });
    expect(bad.json().errors.email).toEqual([messages.invalid]);
  });

  it('answers malformed JSON, wrong types and oversize bodies with a 4xx, never a 500', async () => {
    const broken = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
    const types = await post('/portal/auth/login', { email: 42, password: ['x'] });
    expect(types.statusCode).toBe(422);
    const huge = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }) });
    expect(huge.statusCode).toBe(413);
    const text = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
  });

  it('needs a known enterprise key', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/portal/auth/login', payload: { email: 'a@b.c', password: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(messages.unknownEnterprise);
    const unknown = await call(t.app, { enterpriseKey: 'nope' }, { method: 'GET', url: '/portal/auth/me' });
    expect(unknown.statusCode).toBe(400);
  });

  it('limits attempts per account with 429 and Retry-After', async () => {
    const email = tenant.users.employerAdmin.email;
    let last;
    for (let i = 0; i < 11; i++) last = await post('/portal/auth/login', { email, password: 'Wrong-password-1' });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused until the window passes.
    const right = await post('/portal/auth/login', { email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    await t.deps.rateLimiter.reset(`login:account:${tenant.enterpriseId}:${email}`);
  });
});

describe('sign-in guessing is slowed without locking the owner out', () => {
  const attacker = '203.0.113.7';
  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    call(t.app, {}, { method: 'POST', url: '/portal/auth/login', remoteAddress: ip, payload: { email, password }, ...(cookie ? { headers: { cookie } } : {}) });
  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
  const guessTen = async (email: string) => {
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'Wrong-password-1', attacker)).statusCode).toBe(422);
    const refused = await signIn(email, 'Wrong-password-1', attacker);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('lets the owner in from a browser that signed in before, whatever someone else guessed', async () => {
    const other = await createTenant(t.deps.db);
    const email = other.users.accountAdmin.email;
    const first = await signIn(email, PASSWORD, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^hireline_device=[^;]+; Path=\/portal\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    await guessTen(email);
    // From another network (travelling), with the cookie: in at once. Without it, asked to come back later.
    expect((await signIn(email, PASSWORD, '198.51.100.99', cookieOf(first))).statusCode).toBe(200);
    expect((await signIn(email, PASSWORD, '198.51.100.98')).statusCode).toBe(429);
    // The attacker is still held: the owner's sign-in did not give their window back.
    expect((await signIn(email, PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('lets the owner in from a network they signed in from before', async () => {
    const other = await createTenant(t.deps.db);
    const email = other.users.siteManager.email;
    expect((await signIn(email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
    await guessTen(email);
    expect((await signIn(email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it("accepts no cookie but this deployment's, for this user", async () => {
    const other = await createTenant(t.deps.db);
    const email = other.users.employerAdmin.email;
    const mine = await signIn(other.users.accountAdmin.email, PASSWORD, '198.51.100.3');
    await guessTen(email);
    // A colleague's cookie, a tampered one and junk do not make a browser known for this person.
    const colleague = cookieOf(mine);
    const tampered = colleague.replace(other.users.accountAdmin.id, other.users.employerAdmin.id);
    for (const cookie of [colleague, tampered, 'hireline_device=junk', `hireline_device=${other.users.employerAdmin.id}.1.x`])
      expect((await signIn(email, PASSWORD, '198.51.100.4', cookie)).statusCode, cookie).toBe(429);
  });

  it('answers each wrong guess later than the last, and never delays a correct password', async () => {
    const other = await createTenant(t.deps.db);
    const email = other.users.accountAdmin.email;
    const delays: number[] = [];
    const real = t.deps.pause;
    t.deps.pause = async (ms) => void delays.push(ms);
    try {
      for (let i = 0; i < 7; i++) await signIn(email, 'Wrong-password-1', attacker);
      expect(delays).toEqual([0, 0, 0, 500, 1000, 2000, 4000]);
      expect((await signIn(email, PASSWORD, '198.51.100.5')).statusCode).toBe(200);
      expect(delays).toHaveLength(7);
    } finally {
      t.deps.pause = real;
    }
  });
});

describe('GET /auth/me and DELETE /auth/logout', () => {
  it('describes the user, their permissions map and what they can reach', async () => {
    const token = await login(t.app, tenant.users.siteManager.email);
    const res = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.email).toBe(tenant.users.siteManager.email);
    expect(Object.keys(me.permissions)).toEqual([`site:${tenant.sites[0].id}`]);
    expect(me.permissions[`site:${tenant.sites[0].id}`]).toContain('jobs.all');
    expect(me.accounts).toHaveLength(1);
    expect(me.accounts[0].id).toBe(tenant.account.id);
    expect(me.accounts[0].sites.map((s: { id: string }) => s.id)).toEqual([tenant.sites[0].id]);
  });

  it('lists the employer an employer admin belongs to', async () => {
    const token = await login(t.app, tenant.users.employerAdmin.email);
    const me = (await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json();
    expect(me.accounts[0].sites[0].employers.map((e: { id: string }) => e.id)).toEqual([tenant.employers[0].id]);
  });

  it('lists only the brand of X-AF-Branding-Token', async () => {
    const other = await createTenant(t.deps.db);
    const token = await login(t.app, tenant.users.accountAdmin.email);
    const own = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me', headers: { 'x-af-branding-token': tenant.account.id } });
    expect(own.json().accounts.map((a: { id: string }) => a.id)).toEqual([tenant.account.id]);
    const foreign = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me', headers: { 'x-af-branding-token': other.account.id } });
    expect(foreign.json().accounts).toEqual([]);
  });

  it('answers 401 Unauthenticated for a missing, unknown or revoked token', async () => {
    const none = await call(t.app, {}, { method: 'GET', url: '/portal/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(coded({ message: messages.unauthenticated }));
    const junk = await call(t.app, { token: 'not-a-token' }, { method: 'GET', url: '/portal/auth/me' });
    expect(junk.statusCode).toBe(401);

    const token = await login(t.app, tenant.users.accountAdmin.email);
    const out = await call(t.app, { token }, { method: 'DELETE', url: '/portal/auth/logout' });
    expect(out.statusCode).toBe(204);
    const after = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    expect(after.statusCode).toBe(401);
  });

  it('ends a session that was idle too long or passed its absolute expiry', async () => {
    const idle = await login(t.app, tenant.users.accountAdmin.email);
    await t.deps.db.update(sessions).set({ idleExpiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, sha256(idle)));
    expect((await call(t.app, { token: idle }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    const old = await login(t.app, tenant.users.accountAdmin.email);
    await t.deps.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, sha256(old)));
    expect((await call(t.app, { token: old }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
  });

  it('ends every session of a user who is disabled', async () => {
    const token = await login(t.app, tenant.users.siteManager.email);
    await t.deps.db.update(users).set({ enabled: false }).where(eq(users.id, tenant.users.siteManager.id));
    const res = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    await t.deps.db.update(users).set({ enabled: true }).where(eq(users.id, tenant.users.siteManager.id));
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const resetToken = async (email: string) => {
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email));
    expect(mail, 'a reset email was queued').toBeDefined();
    const match = /token=([A-Za-z0-9_-]+)/.exec(mail!.text);
    return decodeURIComponent(match![1]!);
  };

  it('gives the same answer for known and unknown emails and emails only the known one', async () => {
    const known = await post('/portal/auth/forgot-password', { email: tenant.users.accountAdmin.email });
    const unknown = await post('/portal/auth/forgot-password', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const ghost = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, 'ghost@example.test'));
    expect(ghost).toHaveLength(0);
  });

  it('sets a new password once with the emailed link, and signs every session out', async () => {
    const email = tenant.users.accountAdmin.email;
    const before = await login(t.app, email);
    const token = await resetToken(email);
    const mismatch = await post('/portal/auth/reset-password', { token, password: 'Brand-new-pass-2', password_confirmation: 'other' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([messages.confirmation]);

    const ok = await post('/portal/auth/reset-password', { token, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, { token: before }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    await login(t.app, email, 'Brand-new-pass-2');

    const again = await post('/portal/auth/reset-password', { token, password: 'Another-pass-3', password_confirmation: 'Another-pass-3' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([messages.passwordResetInvalid]);
    // Restore the factory password for the other tests.
    const fresh = await login(t.app, email, 'Brand-new-pass-2');
    await post('/portal/v1/user-account/change-password', { current_password: 'Brand-new-pass-2', password: PASSWORD, password_confirmation: PASSWORD }, fresh);
  });

  it('refuses an expired link', async () => {
    const email = tenant.users.siteManager.email;
    await post('/portal/auth/forgot-password', { email });
    const token = await resetToken(email);
    const { passwordResets } = await import('../../db/schema/identity');
    await t.deps.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(passwordResets.tokenHash, sha256(token)));
    const res = await post('/portal/auth/reset-password', { token, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' });
    expect(res.statusCode).toBe(422);
  });
});

describe('reset links are single-purpose', () => {
  const links = async (email: string) => {
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email));
    return mails.map((m) => decodeURIComponent(/token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!));
  };
  const reset = (token: string, password: string) =>
    post('/portal/auth/reset-password', { token, password, password_confirmation: password });

  it('a reset through a newer link voids every older one', async () => {
    const other = await createTenant(t.deps.db);
    const email = other.users.accountAdmin.email;
    await post('/portal/auth/forgot-password', { email });
    await post('/portal/auth/forgot-password', { email });
    const [older, newer] = await links(email);
    expect((await reset(newer!, 'Brand-new-pass-2')).statusCode).toBe(200);
    const stale = await reset(older!, 'Attacker-pass-9');
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors.token).toEqual([messages.passwordResetInvalid]);
    await login(t.app, email, 'Brand-new-pass-2');
  });

  it('a password changed while signed in voids outstanding reset links', async () => {
    const other = await createTenant(t.deps.db);
    const email = other.users.siteManager.email;
    await post('/portal/auth/forgot-password', { email });
    const [link] = await links(email);
    const token = await login(t.app, email);
    const changed = await post('/portal/v1/user-account/change-password', { current_password: PASSWORD, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' }, token);
    expect(changed.statusCode).toBe(200);
    expect((await reset(link!, 'Attacker-pass-9')).statusCode).toBe(422);
    await login(t.app, email, 'Brand-new-pass-2');
  });
});

describe('POST /v1/user-account/change-password', () => {
  it('checks the current password and the confirmation with the spec messages', async () => {
    const token = await login(t.app, tenant.users.employerAdmin.email);
    const wrong = await post('/portal/v1/user-account/change-password', { current_password: 'nope', password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([messages.currentPasswordIncorrect]);
    const mismatch = await post('/portal/v1/user-account/change-password', { current_password: PASSWORD, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-3' }, token);
    expect(mismatch.json().errors.password_confirmation).toEqual([messages.confirmation]);
    const weak = await post('/portal/v1/user-account/change-password', { current_password: PASSWORD, password: 'short', password_confirmation: 'short' }, token);
    expect(weak.json().errors.password).toEqual([messages.passwordTooWeak]);
  });

  it('keeps the current session and signs the others out', async () => {
    const email = tenant.users.employerAdmin.email;
    const current = await login(t.app, email);
    const other = await login(t.app, email);
    const res = await post('/portal/v1/user-account/change-password', { current_password: PASSWORD, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' }, current);
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, { token: current }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(200);
    expect((await call(t.app, { token: other }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    await post('/portal/v1/user-account/change-password', { current_password: 'Brand-new-pass-2', password: PASSWORD, password_confirmation: PASSWORD }, current);
  });
});
