import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { expect } from 'vitest';
import type { Tenant } from './factories';
import { call, type TestApp } from './harness';

/*
 * A real OpenID provider (oidc-provider) on 127.0.0.1 at a random port, and a browser stand-in that walks its sign-in
 * and consent pages over HTTP: what the single sign-on tests sign in through.
 */

export const CLIENT_ID = 'hireline-portal';
export const CLIENT_SECRET = 'sso-test-client-secret-0123456789';

export interface TestIdp {
  issuer: string;
  /** Claims a login answers besides `sub` (= the login) and `email` (= the login), e.g. `email_verified: false`. */
  claims: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startIdp(redirectUris: string[]): Promise<TestIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const claims = new Map<string, Record<string, unknown>>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['hireline-sso-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true, ...claims.get(id) }) }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    claims,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects like a browser (cookies kept, no path matching needed here), signs in as `login`
 * on its login page, consents, and stops at the first redirect to `stopAt` (our callback), which it returns.
 */
export async function signInAtIdp(authorizeUrl: string, login: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: form ? 'POST' : 'GET', body: form?.toString(), headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const gone = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (gone) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(stopAt)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) throw new Error(`The provider answered ${res.status}: ${html.slice(0, 500)}`);
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
  }
  throw new Error('Too many steps at the provider');
}

/** The first leg, as a browser on `host` navigates it (no enterprise header, no token). */
export const startAt = (t: TestApp, host: string, slug: string, redirect?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/portal/auth/oauth/${slug}/start${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`,
    headers: { host },
  });

/** The binding cookie a start set, as the browser sends it back (`name=value`). */
export const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

export const callbackUrl = (host: string, slug: string) => `http://${host}/portal/auth/oauth/${slug}/callback`;

/** The provider's redirect back, as the browser follows it on `host` with `cookie`. */
export const callback = (t: TestApp, url: URL, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host, ...(cookie ? { cookie } : {}) } });

/** Start → provider (as `login`) → callback; answers the callback's response. */
export async function signInVia(t: TestApp, host: string, slug: string, login: string, redirect?: string) {
  const start = await startAt(t, host, slug, redirect);
  expect(start.statusCode, start.body).toBe(302);
  const back = await signInAtIdp(start.headers.location as string, login, callbackUrl(host, slug));
  return callback(t, back, cookieOf(start));
}

/** The `/login?sso_error=…` message of a refused sign-in. */
export function ssoError(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'http://portal.test');
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('sso_error');
}

/** The token and redirect of a sign-in that worked (`/auth/sso#token=…&redirect=…`). */
export function ssoSuccess(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location), 'http://portal.test');
  expect(location.pathname, String(res.headers.location)).toBe('/auth/sso');
  const fragment = new URLSearchParams(location.hash.slice(1));
  return { token: fragment.get('token')!, redirect: fragment.get('redirect') };
}

/** A client of the account's own endpoints (the account selected, optionally a site too). */
export function accountApi(t: TestApp, token: string, tenant: Tenant, extra: { siteId?: string } = {}) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    call(t.app, { token, accountId: tenant.account.id, ...extra }, { method, url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: unknown) => send('POST', url, payload),
    patch: (url: string, payload: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}
