import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { seekerSessions } from '../db/schema/identity';
import { sha256 } from '../platform/crypto';
import { candidateClient, impersonate, nextEmail, nextIp, PASSWORD as CANDIDATE_PASSWORD, signUp } from '../test/candidates';
import { allMailTo } from '../test/mail';
import { createTenant, PASSWORD, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { coded } from '../test/errors';

/*
 * DESIGN §4 and §10 on sessions, where the module tests leave a gap: sign-in and password reset are limited per
 * account across client addresses (a botnet) and per address across accounts (one client and a list of emails), for
 * staff and for candidates on a board; candidates' board tokens are stored hashed, expire when idle or old, and stop
 * working the moment staff disable, erase or delete the candidate; a password reset ends the impersonations the
 * staff member had started. The rest (per-account login limit from one address, logout, password change, reset,
 * disabling and removing users, accounts and employers, impersonation end) is tested beside its module.
 */

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A tenant of its own per test: the limits count per email and per address, and must not spill between tests. */
async function tenant(): Promise<Tenant> {
  const x = await createTenant(t.deps.db);
  host = `jobs.${x.account.domain}`;
  return x;
}

const staff = (path: string, payload: object, ip: string, token?: string) =>
  call(t.app, { token }, { method: 'POST', url: `/portal${path}`, payload, remoteAddress: ip });
const board = (path: string, payload: object, ip: string) => candidateClient(t, host, undefined, ip).post(path, payload);
const me = (token: string) => call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
const candidateMe = (token: string) => candidateClient(t, host, token).get('/v1/board/candidates/me');

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().message).toBe(messages.tooManyRequests);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** `count` requests, each answered `status`; the next one, sent by `last`, is answered as returned. */
async function spend(count: number, status: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  for (let i = 0; i < count; i++) {
    const res = await send(i);
    expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBe(status);
  }
}

describe('staff sign-in and password reset limits', () => {
  it("limits one account's sign-in attempts across client addresses: a botnet gets 10 guesses, not 10 per address", async () => {
    const x = await tenant();
    const email = x.users.siteManager.email;
    await spend(10, 422, () => staff('/auth/login', { email, password: 'Wrong-password-1' }, nextIp()));
    expectLimited(await staff('/auth/login', { email, password: 'Wrong-password-1' }, nextIp()));
    // The right password from a fresh address is held back too, until the window passes.
    expectLimited(await staff('/auth/login', { email, password: PASSWORD }, nextIp()));
    // Other accounts are not.
    expect((await staff('/auth/login', { email: x.users.accountAdmin.email, password: PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('limits one client address across accounts to 50 attempts in the window; other addresses sign in', async () => {
    const x = await tenant();
    const ip = nextIp();
    await spend(50, 422, (i) => staff('/auth/login', { email: `guess${i}.${x.account.slug}@example.test`, password: 'Wrong-password-1' }, ip));
    expectLimited(await staff('/auth/login', { email: x.users.accountAdmin.email, password: PASSWORD }, ip));
    expect((await staff('/auth/login', { email: x.users.accountAdmin.email, password: PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('counts only guesses against an address: an office behind one address signs in all morning', async () => {
    const x = await tenant();
    const ip = nextIp();
    await spend(60, 200, () => staff('/auth/login', { email: x.users.accountAdmin.email, password: PASSWORD }, ip));
    // Guesses still count: 49 of them leave room for one more attempt from this address.
    await spend(49, 422, (i) => staff('/auth/login', { email: `guess${i}.${x.account.slug}@example.test`, password: 'Wrong-password-1' }, ip));
    expect((await staff('/auth/login', { email: x.users.siteManager.email, password: PASSWORD }, ip)).statusCode).toBe(200);
    // 110 sign-ins, each hashing a password: a sweep, with a sweep's limit.
  }, 300_000);

  it('sends at most 5 reset emails an hour to one address, whichever addresses ask', async () => {
    const x = await tenant();
    const email = x.users.employerAdmin.email;
    await spend(5, 200, () => staff('/auth/forgot-password', { email }, nextIp()));
    expectLimited(await staff('/auth/forgot-password', { email }, nextIp()));
    expect(await allMailTo(t, email)).toHaveLength(5);
  });

  it('lets one client address ask for 20 resets an hour, known emails or not', async () => {
    const x = await tenant();
    const ip = nextIp();
    await spend(20, 200, (i) => staff('/auth/forgot-password', { email: `nobody${i}.${x.account.slug}@example.test` }, ip));
    expectLimited(await staff('/auth/forgot-password', { email: x.users.accountAdmin.email }, ip));
    expect(await allMailTo(t, x.users.accountAdmin.email)).toHaveLength(0);
    expect((await staff('/auth/forgot-password', { email: x.users.accountAdmin.email }, nextIp())).statusCode).toBe(200);
  });

  it('lets one client address try 30 reset links an hour: guessing a token is not a way in', async () => {
    await tenant();
    const ip = nextIp();
    const attempt = (token: string, from: string) =>
      staff('/auth/reset-password', { token, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' }, from);
    await spend(30, 422, (i) => attempt(`guessed-token-${i}`, ip));
    expectLimited(await attempt('guessed-token-31', ip));
    expect((await attempt('guessed-token-32', nextIp())).statusCode).toBe(422);
  });
});

describe('candidate sign-in and password reset limits on the board', () => {
  it('limits one client address across emails to 50 sign-in attempts; other addresses sign in', async () => {
    await tenant();
    const c = await signUp(t, host);
    const ip = nextIp();
    await spend(50, 401, () => board('/v1/board/candidates/login', { email: nextEmail('guess'), password: 'Wrong-pass-1' }, ip));
    expectLimited(await board('/v1/board/candidates/login', { email: c.email, password: CANDIDATE_PASSWORD }, ip));
    expect((await board('/v1/board/candidates/login', { email: c.email, password: CANDIDATE_PASSWORD }, nextIp())).statusCode).toBe(200);
  });

  it('counts only guesses against an address: many candidates behind one address sign in', async () => {
    await tenant();
    const c = await signUp(t, host);
    const ip = nextIp();
    await spend(60, 200, () => board('/v1/board/candidates/login', { email: c.email, password: CANDIDATE_PASSWORD }, ip));
    expect((await board('/v1/board/candidates/login', { email: c.email, password: CANDIDATE_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('sends at most 5 reset emails an hour to one candidate, whichever addresses ask', async () => {
    await tenant();
    const c = await signUp(t, host);
    const sent = (await allMailTo(t, c.email)).length;
    await spend(5, 202, () => board('/v1/board/candidates/forgot-password', { email: c.email }, nextIp()));
    expectLimited(await board('/v1/board/candidates/forgot-password', { email: c.email }, nextIp()));
    expect((await allMailTo(t, c.email)).filter((m) => m.event === 'seeker.password_reset')).toHaveLength(5);
    expect((await allMailTo(t, c.email)).length - sent).toBe(5);
  });

  it('lets one client address ask for 20 resets an hour across emails, and try 30 reset links', async () => {
    await tenant();
    const ip = nextIp();
    await spend(20, 202, () => board('/v1/board/candidates/forgot-password', { email: nextEmail('nobody') }, ip));
    expectLimited(await board('/v1/board/candidates/forgot-password', { email: nextEmail('nobody') }, ip));

    const resetIp = nextIp();
    await spend(30, 422, (i) => board('/v1/board/candidates/reset-password', { token: `guessed-token-${i}`, password: 'Brand-new-pass-2' }, resetIp));
    expectLimited(await board('/v1/board/candidates/reset-password', { token: 'guessed-token-31', password: 'Brand-new-pass-2' }, resetIp));
  });
});

describe('candidate board sessions', () => {
  it('stores a board token only as its SHA-256', async () => {
    await tenant();
    const c = await signUp(t, host);
    const [row] = await t.deps.db.select().from(seekerSessions).where(eq(seekerSessions.tokenHash, sha256(c.token)));
    expect(row).toBeDefined();
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const all = await t.deps.db.select({ h: seekerSessions.tokenHash }).from(seekerSessions);
    expect(all.some((r) => r.h === c.token)).toBe(false);
  });

  it('ends a board session that was idle too long or passed its absolute expiry', async () => {
    await tenant();
    const idle = await signUp(t, host);
    await t.deps.db.update(seekerSessions).set({ idleExpiresAt: new Date(Date.now() - 1000) }).where(eq(seekerSessions.tokenHash, sha256(idle.token)));
    expect((await candidateMe(idle.token)).statusCode).toBe(401);
    const old = await signUp(t, host);
    await t.deps.db.update(seekerSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(seekerSessions.tokenHash, sha256(old.token)));
    expect((await candidateMe(old.token)).statusCode).toBe(401);
  });

  it("ends the candidate's own sessions when staff disable, erase or delete them, on every candidate endpoint", async () => {
    const x = await tenant();
    const admin = await login(t.app, x.users.accountAdmin.email);
    const scope = { token: admin, accountId: x.account.id, siteId: x.sites[0].id };
    const act = {
      disable: (id: string) => call(t.app, scope, { method: 'POST', url: `/portal/v1/seekers/${id}/disable` }),
      erase: (id: string) => call(t.app, scope, { method: 'POST', url: `/portal/v1/seekers/${id}/erase`, payload: { reason: 'Asked to be forgotten' } }),
      delete: (id: string) => call(t.app, scope, { method: 'DELETE', url: `/portal/v1/seekers/${id}` }),
    };
    for (const [name, run] of Object.entries(act)) {
      const c = await signUp(t, host);
      expect((await candidateMe(c.token)).statusCode).toBe(200);
      const res = await run(c.id);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      const client = candidateClient(t, host, c.token);
      for (const res of [await client.get('/v1/board/candidates/me'), await client.get('/v1/board/candidates/me/applications'), await client.get('/v1/board/candidates/me/export')]) {
        expect(res.statusCode, `${name}: ${res.body}`).toBe(401);
        expect(res.json()).toEqual(coded({ message: messages.unauthenticated }));
      }
      expect((await board('/v1/board/candidates/login', { email: c.email, password: CANDIDATE_PASSWORD }, nextIp())).statusCode, name).toBe(401);
    }
  });
});

describe('a password reset is a way to take an account back', () => {
  it('ends every impersonation the staff member had started, of users and of candidates', async () => {
    const x = await tenant();
    const email = x.users.accountAdmin.email;
    const staffToken = await login(t.app, email);
    const asUser = await call(t.app, { token: staffToken }, {
      method: 'POST',
      url: '/portal/auth/impersonate',
      payload: { type: 'user', id: x.users.siteManager.id, reason: 'Checking what they see' },
    });
    expect(asUser.statusCode, asUser.body).toBe(201);
    const userChild = asUser.json().access_token as string;
    const candidate = await signUp(t, host);
    const { token: candidateChild, staff: parent } = await impersonate(t, x, candidate.id);
    expect((await me(userChild)).statusCode).toBe(200);
    expect((await candidateMe(candidateChild)).statusCode).toBe(200);

    expect((await staff('/auth/forgot-password', { email }, nextIp())).statusCode).toBe(200);
    const [mail] = await allMailTo(t, email);
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    const reset = await staff('/auth/reset-password', { token, password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' }, nextIp());
    expect(reset.statusCode, reset.body).toBe(200);

    for (const old of [staffToken, parent.token, userChild]) expect((await me(old)).statusCode).toBe(401);
    expect((await candidateMe(candidateChild)).statusCode).toBe(401);
    // The people who were acted as keep their own sessions.
    expect((await candidateMe(candidate.token)).statusCode).toBe(200);
  });
});
