// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ssoMessages } from '@hireline/contract/sso';
import { session } from '../../lib/session';
import { json, mountApp, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/* Single sign-on in the portal: the login page's provider buttons and its error, and the /auth/sso landing page. */

afterEach(unmountApp);

const PROVIDERS = '/portal/auth/oauth/providers';
const USER = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'manager@acme.test',
  avatar: null,
  permissions: {},
  accounts: [],
};

/** A faked API: the providers list answers `providers`, /auth/me the user for a known token; the rest 404. */
function api(providers: { slug: string; name: string }[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === PROVIDERS) return json(200, providers);
      const auth = new Headers(init?.headers).get('Authorization');
      if (url.pathname === '/portal/auth/me') return auth === 'Bearer sso-token' ? json(200, USER) : json(401, { message: 'Unauthenticated.' });
      return json(404, { message: 'Not found.' });
    }),
  );
  return calls;
}

const links = () => [...document.querySelectorAll<HTMLAnchorElement>('main a')].filter((a) => a.textContent?.startsWith('Sign in with'));
const alertText = () => document.querySelector('main [role="alert"]')?.textContent;

describe('login page', () => {
  it("shows a button per provider of this host's account, each starting the sign-in with where to go next", async () => {
    const calls = api([
      { slug: 'okta', name: 'Okta' },
      { slug: 'google', name: 'Google Workspace' },
    ]);
    await mountApp('/login?to=%2Facme%2Fjobs%2Fjobs%3Fpage%3D2', { ready: 'main h1' });
    await waitFor(() => expect(links()).toHaveLength(2));
    expect(links().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Sign in with Okta', '/portal/auth/oauth/okta/start?redirect=%2Facme%2Fjobs%2Fjobs%3Fpage%3D2'],
      ['Sign in with Google Workspace', '/portal/auth/oauth/google/start?redirect=%2Facme%2Fjobs%2Fjobs%3Fpage%3D2'],
    ]);
    expect(calls).toContain(`GET ${PROVIDERS}?domain=${window.location.hostname}`);
  });

  it('shows nothing extra when the account has no provider', async () => {
    const calls = api([]);
    await mountApp('/login', { ready: 'main h1' });
    await waitFor(() => expect(calls.some((c) => c.startsWith(`GET ${PROVIDERS}`))).toBe(true));
    expect(links()).toEqual([]);
    expect(document.querySelector('main')?.textContent).not.toMatch(/\bor\b/);
  });

  it("says why a single sign-on was refused, but never repeats a link's own text", async () => {
    api([]);
    await mountApp(`/login?sso_error=${encodeURIComponent(ssoMessages.noAccess)}`, { ready: 'main h1' });
    await waitFor(() => expect(alertText()).toBe(ssoMessages.noAccess));
    unmountApp();

    api([]);
    await mountApp(`/login?sso_error=${encodeURIComponent('Call +1 555 0100 to unlock your account')}`, { ready: 'main h1' });
    await waitFor(() => expect(alertText()).toBe(ssoMessages.failed));
  });
});

describe('/auth/sso', () => {
  it('keeps the token from the fragment, clears the address and goes where the user was headed', async () => {
    api([]);
    const replace = vi.spyOn(window.history, 'replaceState');
    const router = await mountApp('/auth/sso#token=sso-token&redirect=%2Fnot-authorized', { ready: 'main' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-authorized'));
    expect(session.get().token).toBe('sso-token');
    expect(replace).toHaveBeenCalled();
    expect(String(replace.mock.calls[0]![2])).not.toContain('sso-token');
    expect(router.state.location.hash).toBe('');
    replace.mockRestore();
  });

  it('goes home rather than to another site, and says so when the token is missing or refused', async () => {
    api([]);
    const router = await mountApp('/auth/sso#token=sso-token&redirect=%2F%2Fevil.test', { ready: 'main' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/sso'));
    expect(router.state.location.href.startsWith('/')).toBe(true);
    expect(router.state.location.href).not.toContain('evil');
    unmountApp();

    api([]);
    await mountApp('/auth/sso', { ready: 'main h1' });
    expect(document.querySelector('main h1')?.textContent).toBe('Single sign-on did not complete');
    expect(session.get().token).toBeNull();
  });
});
