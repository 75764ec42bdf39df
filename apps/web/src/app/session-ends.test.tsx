// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { json, labelled, mountApp, type, unmountApp } from '../test/app-harness';
import { waitFor } from '../test/wait';

/* Spec §2 route guard: a session that ends on a 401 goes to login carrying the page the user was on, and signing in
 * again returns there rather than to the dashboard. */

afterEach(unmountApp);

const A = '00000000-0000-4000-8000-00000000000a';
const S = '00000000-0000-4000-8000-0000000000a1';
const USER = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'consultant@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: ['jobs.view', 'applications.view'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
};

/** The old token is refused everywhere; the new one, from signing in again, is accepted. */
function api() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const auth = new Headers(init?.headers).get('Authorization');
      if (url.pathname === '/portal/auth/login') return json(200, { access_token: 'new-token', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00.000Z' });
      if (url.pathname === '/portal/auth/oauth/providers') return json(200, []);
      if (auth !== 'Bearer new-token') return json(401, { message: 'Unauthenticated.' });
      if (url.pathname === '/portal/auth/me') return json(200, USER);
      return json(200, { data: [], meta: { page: 1, per_page: 25, total: 0 } });
    }),
  );
}

describe('a session that ends on a 401', () => {
  it('goes to login with the page it was on as `to`, and signing in returns there', async () => {
    api();
    const router = await mountApp('/acme/jobs/jobs?status=expired', { user: USER, scope: { accountId: A, siteId: S, employerId: null }, ready: 'main' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ to: '/acme/jobs/jobs?status=expired' });

    await waitFor(() => expect(labelled('Email')).not.toBeNull());
    type(labelled('Email') as HTMLInputElement, 'consultant@acme.test');
    type(labelled('Password') as HTMLInputElement, 'Recruit-Demo-1');
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign in')!.click();
    await waitFor(() => expect(router.state.location.href).toBe('/acme/jobs/jobs?status=expired'));
    expect(session.get().token).toBe('new-token');
  });
});
