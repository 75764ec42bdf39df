import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { setUpMfa } from '../../test/mfa';
import { accountApi, callbackUrl, CLIENT_ID, CLIENT_SECRET, signInVia, ssoSuccess, startIdp, type TestIdp } from '../../test/sso';

/*
 * Single sign-on and two-step sign-in: the identity provider is trusted for the second factor (docs/sso.md), so an
 * SSO sign-in neither asks for a TOTP code nor holds the session to an account's two-step requirement.
 */

let t: TestApp;
let a: Tenant;
let idp: TestIdp;

beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  idp = await startIdp([callbackUrl(a.account.domain, 'corp')]);
  const admin = accountApi(t, await login(t.app, a.users.accountAdmin.email), a);
  const res = await admin.post('/v1/accounts/oauth-providers', { name: 'Corp', slug: 'corp', issuer: idp.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
  expect(res.statusCode, res.body).toBe(201);
  const rule = await call(t.app, { token: await login(t.app, a.users.accountAdmin.email), accountId: a.account.id }, {
    method: 'PATCH',
    url: '/portal/v1/accounts/security',
    payload: { require_mfa: true },
  });
  expect(rule.statusCode, rule.body).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const jobsWith = (token: string) => call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: '/portal/v1/jobs' });

describe('single sign-on with two-step sign-in', () => {
  it('signs someone with an authenticator in without a code', async () => {
    const user = a.users.employerAdmin;
    const password = await login(t.app, user.email);
    await setUpMfa(t, password, user.id);
    const { token } = ssoSuccess(await signInVia(t, a.account.domain, 'corp', user.email));
    const me = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().mfa_setup_required).toBeUndefined();
  });

  it('does not hold an SSO session to the account’s requirement (the provider answers for the second factor)', async () => {
    const { token } = ssoSuccess(await signInVia(t, a.account.domain, 'corp', a.users.siteManager.email));
    expect((await jobsWith(token)).statusCode).toBe(200);
    // The same person signing in with the password is held to the setup.
    const password = await login(t.app, a.users.siteManager.email);
    expect((await jobsWith(password)).json().code).toBe('mfa_setup_required');
  });
});
