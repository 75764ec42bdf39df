import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { ssoMessages } from '@hireline/contract/sso';
import { memberships, roles, users } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { acceptWith, invite, newestInvitationToken, siteAccess } from '../../test/people';
import { accountClient } from '../../test/client';
import { openState, sealState } from './sso-state';
import {
  accountApi,
  callback,
  callbackUrl,
  CLIENT_ID,
  CLIENT_SECRET,
  cookieOf,
  signInAtIdp,
  signInVia,
  ssoError,
  ssoSuccess,
  startAt,
  startIdp,
  type TestIdp,
} from '../../test/sso';
import { coded } from '../../test/errors';

/* Signing in through a real OpenID provider: start → the provider's login and consent → callback → a session. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let idp: TestIdp;

beforeAll(async () => {
  // Browsers navigate to start and callback without X-AF-EID: the deployment's own enterprise key is used.
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  idp = await startIdp([
    callbackUrl(a.account.domain, 'corp'),
    callbackUrl(a.account.domain, 'strict'),
    callbackUrl(a.account.domain, 'off'),
    callbackUrl(b.account.domain, 'beta'),
  ]);
  const add = async (tenant: Tenant, slug: string, extra: object = {}) => {
    const admin = accountApi(t, await login(t.app, tenant.users.accountAdmin.email), tenant);
    const res = await admin.post('/v1/accounts/oauth-providers', {
      name: `Corp ${slug}`,
      slug,
      issuer: idp.issuer,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await add(a, 'corp');
  await add(a, 'strict', { allowed_domains: ['corp.test'] });
  await add(a, 'off', { enabled: false });
  await add(b, 'beta');
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('signing in with an OpenID provider', () => {
  it('signs an existing member in: the token works on /auth/me and the sign-in is audited', async () => {
    const res = await signInVia(t, a.account.domain, 'corp', a.users.siteManager.email, '/t-a/main/jobs?page=2');
    const { token, redirect } = ssoSuccess(res);
    expect(redirect).toBe('/t-a/main/jobs?page=2');
    // The binding cookie is spent whatever happens.
    expect(String(res.headers['set-cookie'])).toMatch(/^hireline_sso=; .*Max-Age=0/);
    const me = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().email).toBe(a.users.siteManager.email);

    const [row] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.login'), eq(auditLogs.actorUserId, a.users.siteManager.id)));
    expect(row).toMatchObject({ accountId: a.account.id, subjectType: 'session', data: { method: 'sso', provider: 'corp' } });
  });

  it('sends the browser to the provider with PKCE (S256), a nonce and a sealed state, and lands on / without a redirect', async () => {
    const start = await startAt(t, a.account.domain, 'corp');
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: callbackUrl(a.account.domain, 'corp'),
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // The verifier travels sealed: nothing of it is readable in the URL.
    expect(url.searchParams.get('state')!.length).toBeGreaterThan(200);
    expect(String(start.headers['set-cookie'])).toMatch(/^hireline_sso=[\w-]+; Path=\/portal\/auth\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const back = await signInAtIdp(url.href, a.users.accountAdmin.email, callbackUrl(a.account.domain, 'corp'));
    expect(ssoSuccess(await callback(t, back, cookieOf(start))).redirect).toBe('/');
  });

  it("answers 404 'Unknown OAuth provider.' for an unknown or disabled provider, or another account's on this host", async () => {
    for (const slug of ['nope', 'off', 'beta']) {
      const res = await startAt(t, a.account.domain, slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.unknownOAuthProvider }));
    }
    // An unknown host has no providers at all.
    expect((await startAt(t, 'nowhere.test', 'corp')).statusCode).toBe(404);
    // The other account's provider works on its own host.
    expect((await startAt(t, b.account.domain, 'beta')).statusCode).toBe(302);
  });

  it('sends a browser that opens an unknown provider to the branded login page, which says so, never raw JSON', async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const [host, slug] of [[a.account.domain, 'bogus'], [a.account.domain, 'off'], ['nowhere.test', 'corp']] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/portal/auth/oauth/${slug}/start`, headers: { host, accept: html } });
      expect(ssoError(res), slug).toBe(messages.unknownOAuthProvider);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A redirect that leaves the portal says what is wrong with it there too.
    const res = await t.app.inject({ method: 'GET', url: '/portal/auth/oauth/corp/start?redirect=%2F%2Fevil.test', headers: { host: a.account.domain, accept: html } });
    expect(ssoError(res)).toBe(ssoMessages.redirect);
  });

  it('refuses redirects that leave the portal', async () => {
    for (const redirect of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'relative/path']) {
      const res = await startAt(t, a.account.domain, 'corp', redirect);
      expect(res.statusCode, redirect).toBe(422);
      expect(res.json().errors).toEqual({ redirect: [ssoMessages.redirect] });
    }
  });

  it('refuses an email outside the allowed domains', async () => {
    const res = await signInVia(t, a.account.domain, 'strict', a.users.siteManager.email);
    expect(ssoError(res)).toBe(ssoMessages.domainNotAllowed);
    const [row] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.login_failed'), eq(auditLogs.accountId, a.account.id)));
    expect(row?.data).toMatchObject({ method: 'sso', provider: 'strict', reason: 'domain_not_allowed', email: a.users.siteManager.email });
  });

  it('refuses an altered state, a callback without the browser cookie, and a provider error', async () => {
    const start = await startAt(t, a.account.domain, 'corp');
    const back = await signInAtIdp(start.headers.location as string, a.users.siteManager.email, callbackUrl(a.account.domain, 'corp'));
    const state = back.searchParams.get('state')!;
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${state.slice(0, 40)}${state[40] === 'A' ? 'B' : 'A'}${state.slice(41)}`);
    expect(ssoError(await callback(t, tampered, cookieOf(start)))).toBe(ssoMessages.expired);
    expect(ssoError(await callback(t, back))).toBe(ssoMessages.expired);
    expect(ssoError(await callback(t, back, 'hireline_sso=someone-else'))).toBe(ssoMessages.expired);
    // The same state through another provider's callback URL names another provider.
    const elsewhere = new URL(back.href.replace('/corp/callback', '/strict/callback'));
    expect(ssoError(await callback(t, elsewhere, cookieOf(start)))).toBe(messages.unknownOAuthProvider);

    const denied = await startAt(t, a.account.domain, 'corp');
    const sealed = new URL(denied.headers.location as string).searchParams.get('state')!;
    const cancelled = new URL(`${callbackUrl(a.account.domain, 'corp')}?error=access_denied&state=${encodeURIComponent(sealed)}`);
    expect(ssoError(await callback(t, cancelled, cookieOf(denied)))).toBe(ssoMessages.cancelled);
  });

  it('checks the nonce and the PKCE verifier it sealed into the state', async () => {
    const secret = t.deps.config.appSecret;
    for (const change of [{ nonce: 'another-nonce' }, { codeVerifier: 'x'.repeat(43) }]) {
      const start = await startAt(t, a.account.domain, 'corp');
      const back = await signInAtIdp(start.headers.location as string, a.users.siteManager.email, callbackUrl(a.account.domain, 'corp'));
      const sealed = openState(secret, back.searchParams.get('state')!)!;
      // What an attacker who could forge the state would send: the provider's real code, other checks.
      back.searchParams.set('state', sealState(secret, { ...sealed, ...change }));
      expect(ssoError(await callback(t, back, cookieOf(start)))).toBe(ssoMessages.failed);
    }
  });

  it('creates nobody: an email without access to the account is refused, as is an unverified one', async () => {
    const stranger = `stranger.${a.account.slug}@example.test`;
    expect(ssoError(await signInVia(t, a.account.domain, 'corp', stranger))).toBe(ssoMessages.noAccess);
    expect(await t.deps.db.select().from(users).where(eq(users.email, stranger))).toEqual([]);
    // A user of another account is not in this one.
    expect(ssoError(await signInVia(t, a.account.domain, 'corp', b.users.accountAdmin.email))).toBe(ssoMessages.noAccess);

    idp.claims.set(a.users.employerAdmin.email, { email_verified: false });
    expect(ssoError(await signInVia(t, a.account.domain, 'corp', a.users.employerAdmin.email))).toBe(ssoMessages.emailUnverified);
    idp.claims.set('no-email', { email: undefined });
    expect(ssoError(await signInVia(t, a.account.domain, 'corp', 'no-email'))).toBe(ssoMessages.emailMissing);
  });

  it('signs in an invited user who never set a password, who then accepts signed in without setting one', async () => {
    const email = `invited.${a.account.slug}@example.test`;
    const people = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
    expect((await invite(people, email, [siteAccess(a.sites[0].id, 'consultant')], 'Invited')).statusCode).toBe(201);
    const { token } = ssoSuccess(await signInVia(t, a.account.domain, 'corp', email));
    // Signed in, but the invitation grants nothing until it is accepted.
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json()).toMatchObject({ email, permissions: {} });
    const accepted = await acceptWith(t, await newestInvitationToken(t, email), { session: token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json().permissions[`site:${a.sites[0].id}`]).toContain('jobs.view');
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toBeNull();
  });

  it("keeps people who reach beyond the account to their password: the account's provider cannot vouch for them", async () => {
    const [consultant] = await t.deps.db.select().from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, 'consultant')));
    await t.deps.db.insert(memberships).values({
      userId: b.users.siteManager.id,
      enterpriseId: a.enterpriseId,
      scopeType: 'site',
      accountId: a.account.id,
      siteId: a.sites[0].id,
      roleId: consultant!.id,
    });
    expect(ssoError(await signInVia(t, a.account.domain, 'corp', b.users.siteManager.email))).toBe(ssoMessages.outsideAccount);
  });

  it('stops offering a provider once it is disabled, also to sign-ins already under way', async () => {
    const admin = accountApi(t, await login(t.app, b.users.accountAdmin.email), b);
    const start = await startAt(t, b.account.domain, 'beta');
    const back = await signInAtIdp(start.headers.location as string, b.users.accountAdmin.email, callbackUrl(b.account.domain, 'beta'));
    const [provider] = (await admin.get('/v1/accounts/oauth-providers')).json() as { id: string }[];
    expect((await admin.patch(`/v1/accounts/oauth-providers/${provider!.id}`, { enabled: false })).statusCode).toBe(200);
    expect(ssoError(await callback(t, back, cookieOf(start)))).toBe(messages.unknownOAuthProvider);
    expect((await startAt(t, b.account.domain, 'beta')).statusCode).toBe(404);
  });
});

describe('GET /auth/oauth/providers', () => {
  it("lists the enabled providers of the host's account, slug and name only", async () => {
    const list = (domain: string) => call(t.app, {}, { method: 'GET', url: `/portal/auth/oauth/providers?domain=${encodeURIComponent(domain)}` });
    const res = await list(`${a.account.domain.toUpperCase()}:3000`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { slug: 'corp', name: 'Corp corp' },
      { slug: 'strict', name: 'Corp strict' },
    ]);
    expect((await list('nowhere.test')).json()).toEqual([]);
    // Without ?domain=, the request's own host.
    const own = await call(t.app, {}, { method: 'GET', url: '/portal/auth/oauth/providers', headers: { host: a.account.domain } });
    expect(own.json()).toHaveLength(2);
  });
});
