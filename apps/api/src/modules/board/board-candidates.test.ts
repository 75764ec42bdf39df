import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import { seekerSessions, seekerTokens } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { seekers } from '../../db/schema/seekers';
import { verifyPassword } from '../../platform/crypto';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addSeeker } from '../../test/applications';
import { auditFor, seekerByEmail, seekerById } from './board-candidates.fixtures';
import { candidateClient, impersonate, nextEmail, nextIp, PASSWORD, signUp } from '../../test/candidates';
import { linkToken, allMailTo } from '../../test/mail';
import { createBoardWorld, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
let origin: string;
let betaHost: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
  origin = `http://${w.host}`;
  betaHost = `jobs.${w.b.account.domain}`;
});
afterAll(() => t.close());

const anon = (ip = nextIp()) => candidateClient(t, w.host, undefined, ip);
const me = (token: string, host = w.host) => candidateClient(t, host, token).get('/v1/board/candidates/me');
const checkEmail = { message: candidateMessages.checkEmail };
const invalidCredentials = coded({ message: messages.invalidCredentials });

describe('register and verify', () => {
  it('creates an unconfirmed candidate, mails a link to this board, and the link signs them in once', async () => {
    const email = nextEmail();
    const form = { name: ' Casey Jones ', email: email.toUpperCase(), password: PASSWORD, phone: '0400 000 000' };
    const res = await anon().post('/v1/board/candidates/register', form);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual(checkEmail);

    const row = (await seekerByEmail(t, w.a.account.id, email))!;
    expect(row).toMatchObject({ name: 'Casey Jones', email, phone: '0400 000 000', emailVerifiedAt: null, enabled: true });
    expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(true);
    const [link] = await t.deps.db.select().from(seekerTokens).where(eq(seekerTokens.seekerId, row.id));
    expect(link).toMatchObject({ purpose: 'verify', usedAt: null, pendingPasswordHash: null, accountId: w.a.account.id });
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const mails = await allMailTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ event: 'seeker.verify_email', accountId: w.a.account.id, siteId: w.a.sites[0].id, toName: 'Casey Jones' });
    expect(mails[0]!.subject).toBe('Confirm your email address for Alpha Jobs');
    const token = linkToken(mails[0]!, origin, '/verify');

    const verified = await anon().post('/v1/board/candidates/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), expires_at: expect.any(String) });
    const profile = await me(verified.json().access_token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ id: row.id, name: 'Casey Jones', email });

    const after = await seekerById(t, row.id);
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after.lastActiveAt).toBeInstanceOf(Date);
    expect((await auditFor(t, row.id)).map((e) => [e.action, e.actorUserId, e.accountId, e.enterpriseId])).toEqual([
      ['seeker.register', null, w.a.account.id, w.a.enterpriseId],
      ['seeker.verify', null, w.a.account.id, w.a.enterpriseId],
    ]);

    const again = await anon().post('/v1/board/candidates/verify', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { token: [candidateMessages.verifyInvalid] } }));
  });

  it('refuses an unknown, expired or other board’s link, and a missing token', async () => {
    const bad = await anon().post('/v1/board/candidates/verify', { token: 'nope' });
    expect(bad.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { token: [candidateMessages.verifyInvalid] } }));
    expect((await anon().post('/v1/board/candidates/verify', {})).json().errors).toEqual({ token: [messages.required] });

    const email = nextEmail();
    await anon().post('/v1/board/candidates/register', { name: 'Late Larry', email, password: PASSWORD });
    const token = linkToken((await allMailTo(t, email))[0]!, origin, '/verify');
    // Alpha's link on Beta's board: the token belongs to another account.
    const elsewhere = await candidateClient(t, betaHost, undefined, nextIp()).post('/v1/board/candidates/verify', { token });
    expect(elsewhere.statusCode).toBe(422);
    const seeker = (await seekerByEmail(t, w.a.account.id, email))!;
    await t.deps.db.update(seekerTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(seekerTokens.seekerId, seeker.id));
    expect((await anon().post('/v1/board/candidates/verify', { token })).statusCode).toBe(422);
    expect((await seekerById(t, seeker.id)).emailVerifiedAt).toBeNull();
  });

  it('validates the form: a weak password, a bad email, a missing name', async () => {
    const res = await anon().post('/v1/board/candidates/register', { name: '', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name', 'password']);
    expect(res.json().errors.password).toEqual([messages.passwordTooWeak]);
  });

  it('is 404 on a host that is not a board', async () => {
    const res = await candidateClient(t, 'nowhere.example', undefined, nextIp()).post('/v1/board/candidates/register', {
      name: 'X',
      email: nextEmail(),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('answers the same whatever the email', () => {
  it('reminds a known candidate to sign in, without a token and without touching the account', async () => {
    const c = await signUp(t, w.host, { name: 'Known Kim' });
    const res = await anon().post('/v1/board/candidates/register', { name: 'Impostor', email: c.email, password: 'Other-pass-22' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(checkEmail);
    const mails = await allMailTo(t, c.email);
    expect(mails.map((m) => m.event)).toEqual(['seeker.verify_email', 'seeker.already_registered']);
    expect(mails[1]!.text).toContain(`${origin}/sign-in`);
    expect(mails[1]!.text).not.toContain('token=');
    const row = await seekerById(t, c.id);
    expect(row.name).toBe('Known Kim');
    expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(true);
    expect(await t.deps.db.select().from(seekerTokens).where(eq(seekerTokens.seekerId, c.id))).toHaveLength(1);
    // Again at once: no second reminder.
    await anon().post('/v1/board/candidates/register', { name: 'Impostor', email: c.email, password: 'Other-pass-22' });
    expect(await allMailTo(t, c.email)).toHaveLength(2);
  });

  it('sends nothing to a disabled or erased candidate, nor for an unknown email', async () => {
    const disabled = await addSeeker(t, w.a, { email: nextEmail('disabled'), enabled: false, disabledAt: new Date() });
    const erased = await addSeeker(t, w.a, { email: nextEmail('erased'), erasedAt: new Date() });
    const unknown = nextEmail('unknown');
    for (const email of [disabled.email, erased.email, unknown]) {
      expect((await anon().post('/v1/board/candidates/resend-verification', { email })).json()).toEqual(checkEmail);
      const forgot = await anon().post('/v1/board/candidates/forgot-password', { email });
      expect(forgot.statusCode).toBe(202);
      expect(forgot.json()).toEqual({ message: messages.passwordResetSent });
    }
    for (const email of [disabled.email, erased.email]) {
      const reg = await anon().post('/v1/board/candidates/register', { name: 'Someone', email, password: PASSWORD });
      expect([reg.statusCode, reg.json()]).toEqual([202, checkEmail]);
    }
    for (const email of [disabled.email, erased.email, unknown]) expect(await allMailTo(t, email)).toEqual([]);
    expect(await seekerByEmail(t, w.a.account.id, unknown)).toBeNull();
    expect((await seekerById(t, disabled.id)).passwordHash).toBeNull();
    expect(await t.deps.db.select().from(seekerTokens).where(eq(seekerTokens.seekerId, disabled.id))).toEqual([]);
  });
});

describe('a candidate the staff added claims the account', () => {
  it('voids a reset link mailed before the address was confirmed with a chosen password', async () => {
    const staffMade = await addSeeker(t, w.a, { name: 'Pat Resetless', email: nextEmail('staffmade'), phone: '111' });
    await anon().post('/v1/board/candidates/forgot-password', { email: staffMade.email });
    await anon().post('/v1/board/candidates/register', { name: 'Pat', email: staffMade.email, password: PASSWORD });
    const mails = await allMailTo(t, staffMade.email);
    const reset = linkToken(mails.find((m) => m.text.includes('/reset-password'))!, origin, '/reset-password');
    const verify = linkToken(mails.find((m) => m.text.includes('/verify'))!, origin, '/verify');
    expect((await anon().post('/v1/board/candidates/verify', { token: verify })).statusCode).toBe(200);
    const late = await anon().post('/v1/board/candidates/reset-password', { token: reset, password: 'Another-pass-3' });
    expect(late.statusCode).toBe(422);
    expect(Object.keys(late.json().errors)).toEqual(['token']);
    expect((await anon().post('/v1/board/candidates/login', { email: staffMade.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the row as it is until the link is followed, which sets the chosen password', async () => {
    const staffMade = await addSeeker(t, w.a, { name: 'Pat Staffmade', email: nextEmail('staffmade'), phone: '111' });
    const form = { name: 'Someone Else', email: staffMade.email, password: PASSWORD, phone: '999' };
    const res = await anon().post('/v1/board/candidates/register', form);
    expect(res.json()).toEqual(checkEmail);
    let row = await seekerById(t, staffMade.id);
    expect(row).toMatchObject({ name: 'Pat Staffmade', phone: '111', passwordHash: null, emailVerifiedAt: null });
    const [link] = await t.deps.db.select().from(seekerTokens).where(eq(seekerTokens.seekerId, staffMade.id));
    expect(await verifyPassword(link!.pendingPasswordHash, PASSWORD)).toBe(true);
    // Not signed in yet: the password is not the account's until the address is confirmed.
    expect((await anon().post('/v1/board/candidates/login', { email: staffMade.email, password: PASSWORD })).statusCode).toBe(401);

    const token = linkToken((await allMailTo(t, staffMade.email))[0]!, origin, '/verify');
    const verified = await anon().post('/v1/board/candidates/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    row = await seekerById(t, staffMade.id);
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(true);
    expect((await auditFor(t, staffMade.id, 'seeker.verify'))[0]!.data).toMatchObject({ password_set: true });
    const signedIn = await anon().post('/v1/board/candidates/login', { email: staffMade.email, password: PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('login', () => {
  it('signs in a confirmed candidate, records it and counts the activity', async () => {
    const c = await signUp(t, w.host);
    await t.deps.db.update(seekers).set({ lastActiveAt: null }).where(eq(seekers.id, c.id));
    const res = await anon().post('/v1/board/candidates/login', { email: c.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(res.json().access_token)).json().id).toBe(c.id);
    expect((await seekerById(t, c.id)).lastActiveAt).toBeInstanceOf(Date);
    const [entry] = await auditFor(t, c.id, 'seeker.login');
    expect(entry).toMatchObject({ enterpriseId: w.a.enterpriseId, accountId: w.a.account.id, actorUserId: null, ip: expect.any(String) });
  });

  it('is 401 with one message for a wrong password, an unknown email and a disabled candidate', async () => {
    const c = await signUp(t, w.host);
    const wrong = await anon().post('/v1/board/candidates/login', { email: c.email, password: 'Wrong-pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalidCredentials);
    const unknown = await anon().post('/v1/board/candidates/login', { email: nextEmail(), password: PASSWORD });
    expect([unknown.statusCode, unknown.json()]).toEqual([401, invalidCredentials]);
    expect((await auditFor(t, c.id, 'seeker.login_failed')).map((e) => e.data)).toEqual([{}]);

    await t.deps.db.update(seekers).set({ enabled: false, disabledAt: new Date() }).where(eq(seekers.id, c.id));
    const disabled = await anon().post('/v1/board/candidates/login', { email: c.email, password: PASSWORD });
    expect([disabled.statusCode, disabled.json()]).toEqual([401, invalidCredentials]);
    // The disabled candidate's open session stops working as well.
    expect((await me(c.token)).statusCode).toBe(401);
  });

  it('is 403 before the email is confirmed and mails a new link, at most one per ten minutes', async () => {
    const email = nextEmail();
    const ip = nextIp();
    await anon(ip).post('/v1/board/candidates/register', { name: 'Una Confirmed', email, password: PASSWORD });
    const seeker = (await seekerByEmail(t, w.a.account.id, email))!;
    // The first link is older than ten minutes: signing in sends a fresh one.
    await t.deps.db.update(seekerTokens).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(seekerTokens.seekerId, seeker.id));

    const res = await anon(ip).post('/v1/board/candidates/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: candidateMessages.verifyFirst }));
    expect(await allMailTo(t, email)).toHaveLength(2);
    for (let i = 0; i < 3; i++) expect((await anon(ip).post('/v1/board/candidates/login', { email, password: PASSWORD })).statusCode).toBe(403);
    expect((await anon(ip).post('/v1/board/candidates/resend-verification', { email })).statusCode).toBe(202);
    const mails = await allMailTo(t, email);
    expect(mails).toHaveLength(2);

    // A wrong password before confirming is a plain 401: it tells nothing and mails nothing.
    expect((await anon(ip).post('/v1/board/candidates/login', { email, password: 'Wrong-pass-1' })).statusCode).toBe(401);
    expect(await allMailTo(t, email)).toHaveLength(2);

    // Either link works until one is used; then both are spent.
    const first = linkToken(mails[0]!, origin, '/verify');
    const fresh = linkToken(mails[1]!, origin, '/verify');
    expect((await anon().post('/v1/board/candidates/verify', { token: fresh })).statusCode).toBe(200);
    expect((await anon().post('/v1/board/candidates/verify', { token: first })).statusCode).toBe(422);
    expect((await anon(ip).post('/v1/board/candidates/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('resend-verification mails a fresh link once the last is ten minutes old', async () => {
    const email = nextEmail();
    await anon().post('/v1/board/candidates/register', { name: 'Rita Resend', email, password: PASSWORD });
    const seeker = (await seekerByEmail(t, w.a.account.id, email))!;
    await t.deps.db.update(seekerTokens).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(seekerTokens.seekerId, seeker.id));
    expect((await anon().post('/v1/board/candidates/resend-verification', { email })).json()).toEqual(checkEmail);
    const mails = await allMailTo(t, email);
    expect(mails.map((m) => m.event)).toEqual(['seeker.verify_email', 'seeker.verify_email']);
    expect(linkToken(mails[1]!, origin, '/verify')).not.toBe(linkToken(mails[0]!, origin, '/verify'));
  });

  it('is rate limited per email and client', async () => {
    const c = await signUp(t, w.host);
    const ip = nextIp();
    const guess = { email: c.email, password: 'Wrong-pass-1' };
    for (let i = 0; i < 10; i++) expect((await anon(ip).post('/v1/board/candidates/login', guess)).statusCode).toBe(401);
    const limited = await anon(ip).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not held back by this one's guesses.
    expect((await anon().post('/v1/board/candidates/login', { email: c.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('is rate limited per candidate across clients, so many addresses cannot share out the guessing', async () => {
    const c = await signUp(t, w.host);
    for (let i = 0; i < 30; i++) expect((await anon(nextIp()).post('/v1/board/candidates/login', { email: c.email, password: 'Wrong-pass-1' })).statusCode).toBe(401);
    expect((await anon(nextIp()).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('still lets the candidate in from a browser or network they signed in from before, and slows each wrong guess', async () => {
    const c = await signUp(t, w.host);
    const home = nextIp();
    const first = await anon(home).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^hireline_board_device=[^;]+; Path=\/portal\/v1\/board\/candidates; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const delays: number[] = [];
    const real = t.deps.pause;
    t.deps.pause = async (ms) => void delays.push(ms);
    try {
      for (let i = 0; i < 30; i++) expect((await anon(nextIp()).post('/v1/board/candidates/login', { email: c.email, password: 'Wrong-pass-1' })).statusCode).toBe(401);
    } finally {
      t.deps.pause = real;
    }
    expect(delays.slice(0, 6)).toEqual([0, 0, 0, 500, 1000, 2000]);
    expect(delays.at(-1)).toBe(8000);
    expect((await anon(nextIp()).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await anon(home).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD })).statusCode).toBe(200);
    // From elsewhere (travelling) with the browser's cookie: in as well.
    const travelling = await t.app.inject({
      method: 'POST',
      url: '/portal/v1/board/candidates/login',
      remoteAddress: nextIp(),
      headers: { 'x-af-eid': 'test', host: w.host, cookie },
      payload: { email: c.email, password: PASSWORD },
    });
    expect(travelling.statusCode).toBe(200);
    // The guesser is still held afterwards.
    expect((await anon(nextIp()).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD })).statusCode).toBe(429);
  });
});

describe('forgot and reset the password', () => {
  it('mails a one-hour link; the reset sets the password, ends other sessions and signs in', async () => {
    const c = await signUp(t, w.host);
    const res = await anon().post('/v1/board/candidates/forgot-password', { email: c.email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: messages.passwordResetSent });
    const mail = (await allMailTo(t, c.email)).find((m) => m.event === 'seeker.password_reset')!;
    const token = linkToken(mail, origin, '/reset-password');
    const [link] = await t.deps.db.select().from(seekerTokens).where(and(eq(seekerTokens.purpose, 'reset'), eq(seekerTokens.seekerId, c.id)));
    expect(link!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3_500_000);

    const weak = await anon().post('/v1/board/candidates/reset-password', { token, password: 'weak' });
    expect(weak.json().errors).toEqual({ password: [messages.passwordTooWeak] });
    const reset = await anon().post('/v1/board/candidates/reset-password', { token, password: 'Brand-new-pass-2' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(reset.json().access_token)).statusCode).toBe(200);
    expect((await me(c.token)).statusCode).toBe(401);

    expect((await anon().post('/v1/board/candidates/login', { email: c.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await anon().post('/v1/board/candidates/login', { email: c.email, password: 'Brand-new-pass-2' })).statusCode).toBe(200);
    const reused = await anon().post('/v1/board/candidates/reset-password', { token, password: 'Another-pass-3' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ token: [messages.passwordResetInvalid] });
    expect((await auditFor(t, c.id)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['seeker.password_reset_requested', 'seeker.password_reset']),
    );
  });

  it('confirms the address of a candidate who had never confirmed it, and of one the staff added', async () => {
    const staffMade = await addSeeker(t, w.a, { email: nextEmail('reset') });
    await anon().post('/v1/board/candidates/forgot-password', { email: staffMade.email });
    const token = linkToken((await allMailTo(t, staffMade.email))[0]!, origin, '/reset-password');
    expect((await anon().post('/v1/board/candidates/reset-password', { token, password: PASSWORD })).statusCode).toBe(200);
    expect((await seekerById(t, staffMade.id)).emailVerifiedAt).toBeInstanceOf(Date);
    expect((await anon().post('/v1/board/candidates/login', { email: staffMade.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('ends the session: the token stops working', async () => {
    const c = await signUp(t, w.host);
    const res = await c.client.del('/v1/board/candidates/session');
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(c.token)).statusCode).toBe(401);
    expect((await c.client.del('/v1/board/candidates/session')).statusCode).toBe(401);
  });

  it('ends a staff member’s impersonation and records it as theirs; the staff session stays', async () => {
    const c = await signUp(t, w.host);
    const { token, staff } = await impersonate(t, w.a, c.id);
    expect((await candidateClient(t, w.host, token).del('/v1/board/candidates/session')).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await call(t.app, { token: staff.token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(200);
    const [entry] = await auditFor(t, c.id, 'auth.impersonation_stop');
    expect(entry).toMatchObject({ actorUserId: w.a.users.accountAdmin.id, accountId: w.a.account.id, subjectType: 'seeker' });
  });
});

describe('a board session works on its own account’s boards only', () => {
  it('is 401 with a token of another account, a staff token, or none', async () => {
    const alpha = await signUp(t, w.host);
    const beta = await signUp(t, betaHost);
    expect((await me(alpha.token)).statusCode).toBe(200);
    expect((await me(beta.token, betaHost)).statusCode).toBe(200);
    expect((await me(beta.token)).statusCode).toBe(401);
    expect((await me(alpha.token, betaHost)).statusCode).toBe(401);
    expect((await candidateClient(t, betaHost, alpha.token).del('/v1/board/candidates/session')).statusCode).toBe(401);
    // The refused request did not sign Alpha's candidate out.
    expect((await me(alpha.token)).statusCode).toBe(200);

    const staff = await login(t.app, w.a.users.accountAdmin.email);
    expect((await me(staff)).statusCode).toBe(401);
    expect((await candidateClient(t, w.host).get('/v1/board/candidates/me')).statusCode).toBe(401);
    // …and a candidate's token is no staff token.
    expect((await call(t.app, { token: alpha.token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);

    // Beta's candidate with the same email is another person: Alpha's password does not open it.
    const twin = await signUp(t, betaHost, { email: alpha.email, password: 'Beta-twin-pass-9' });
    expect(twin.id).not.toBe(alpha.id);
    const betaAnon = candidateClient(t, betaHost, undefined, nextIp());
    const cross = await betaAnon.post('/v1/board/candidates/login', { email: alpha.email, password: PASSWORD });
    expect(cross.statusCode).toBe(401);
  });

  it('keeps seeker sessions and audit rows in the candidate’s account', async () => {
    const c = await signUp(t, betaHost);
    const rows = await t.deps.db.select().from(seekerSessions).where(eq(seekerSessions.seekerId, c.id));
    expect(rows.every((r) => r.accountId === w.b.account.id)).toBe(true);
    const audits = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.subjectId, c.id));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.every((a) => a.accountId === w.b.account.id)).toBe(true);
  });
});
