// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../lib/current-user';
import { preferences } from '../lib/preferences';
import { session } from '../lib/session';
import { snackbar } from '../lib/snackbar';
import { mountApp, unmountApp } from '../test/app-harness';
import { waitFor } from '../test/wait';

const A = '00000000-0000-4000-8000-00000000000a';
const S = '00000000-0000-4000-8000-0000000000a1';
const consultant = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'consultant@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: ['jobs.view', 'jobs.create', 'consultants.view', 'applications.view'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
};

afterEach(() => {
  unmountApp();
  snackbar.close();
  preferences.update({ layout: 'vertical' });
});

async function open(path: string, user: CurrentUser = consultant) {
  const router = await mountApp(path, { user, scope: { accountId: A, siteId: S, employerId: null } });
  await waitFor(() => expect(document.querySelector('nav[aria-label="Main navigation"]')).not.toBeNull());
  return router;
}

const navLinks = () =>
  [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main navigation"] a')].map((a) => ({
    label: a.textContent,
    href: a.getAttribute('href'),
    current: a.getAttribute('aria-current'),
  }));

describe('DefaultLayout navigation', () => {
  it('shows only the entries the user may open, highlighting the list a detail page belongs to', async () => {
    await open('/acme/jobs/consultants/42');
    // `42` is no consultant's id: the detail page says so, in the default layout, its list highlighted.
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Consultant not found'));
    const links = navLinks();
    expect(links.map((l) => l.label)).toEqual(['Dashboard', 'Jobs', 'Applications', 'Consultants', 'Mail viewer']);
    expect(links.find((l) => l.current === 'page')).toEqual({ label: 'Consultants', href: '/acme/jobs/consultants', current: 'page' });
    // Allowed to create jobs in this site: the app bar offers it, pointing at the selected site.
    expect(document.querySelector('a[href="/acme/jobs/jobs/create"]')?.textContent).toBe('Post a job');
  });

  it('focuses the global search on Ctrl+K and on "/"', async () => {
    await open('/acme/jobs/jobs');
    const search = document.querySelector<HTMLInputElement>('input[aria-label="Search pages, jobs, candidates, applications and employers"]');
    expect(search).not.toBeNull();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
    expect(document.activeElement).toBe(search);
    search!.blur();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
    expect(document.activeElement).toBe(search);
  });

  it('shows the same entries as a menu bar in the horizontal layout', async () => {
    preferences.update({ layout: 'horizontal' });
    await open('/acme/jobs/jobs');
    expect(document.querySelector('aside')).toBeNull();
    const links = navLinks();
    expect(links.map((l) => l.label)).toEqual(['Dashboard', 'Jobs', 'Applications', 'Consultants', 'Mail viewer']);
    expect(links.find((l) => l.current === 'page')?.label).toBe('Jobs');
  });
});

const STAFF = { ...consultant, id: '00000000-0000-4000-8000-000000000001', name: 'Priya Natarajan' };
/** `/auth/me`'s impersonation part: acting for Priya, `minutes` more. */
const acting = (minutes: number) => ({
  by: { id: STAFF.id, name: STAFF.name },
  redirect: '/acme/jobs/consultants',
  reason: null,
  expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
});

/** A faked API answering by token; anything `answer` leaves is an empty page. Returns `METHOD /path Bearer token` calls. */
function stubApi(answer: (token: string | undefined, path: string) => Response | undefined) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      const auth = new Headers(init?.headers).get('authorization');
      calls.push(`${init?.method ?? 'GET'} ${path} ${auth}`);
      return answer(auth?.replace(/^Bearer /, ''), path) ?? Response.json({ data: [], meta: { page: 1, per_page: 25, total: 0 } });
    }),
  );
  return calls;
}

describe('impersonation notice (spec §2, §4)', () => {
  it('names who acts as whom on every page, and "Return to my account" restores the staff session at its path', async () => {
    const staff = { ...consultant, id: '00000000-0000-4000-8000-000000000001', name: 'Priya Natarajan' };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const token = new Headers(init?.headers).get('authorization');
        calls.push(`${init?.method ?? 'GET'} ${url.replace(/^https?:\/\/[^/]+/, '')} ${token}`);
        if (url.endsWith('/auth/logout')) return new Response(null, { status: 204 });
        return Response.json(staff);
      }),
    );
    session.setToken('staff-token');
    session.setScope({ accountId: A, siteId: S, employerId: null });
    session.startImpersonation('child-token', '/acme/jobs/consultants');
    const router = await open('/acme/jobs/jobs', {
      ...consultant,
      impersonating: {
        by: { id: staff.id, name: staff.name },
        redirect: '/acme/jobs/consultants',
        reason: 'Ticket 42: cannot see applications',
        expires_at: new Date(Date.now() + 42 * 60_000).toISOString(),
      },
    });

    const notice = document.querySelector('[aria-label="Impersonation"]');
    expect(notice?.textContent).toContain('Priya Natarajan, you are acting as Sofia Martinez.');
    expect(notice?.textContent).toContain(' · Reason: Ticket 42: cannot see applications · 42 minutes left');

    [...notice!.querySelectorAll('button')].find((b) => b.textContent === 'Return to my account')!.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/consultants'));
    // Only the borrowed token was revoked; the staff session is back, with the selection it had.
    // (The jobs page behind the notice makes its own requests; only the sign-out ones matter here.)
    expect(calls.filter((c) => c.includes('/auth/logout'))).toEqual(['DELETE /portal/auth/logout Bearer child-token']);
    expect(session.get()).toMatchObject({ token: 'staff-token', parent: null, scope: { accountId: A, siteId: S } });
    await waitFor(() => expect(document.querySelector('[aria-label="Impersonation"]')).toBeNull());
  });

  it('shortens a long reason to one line, the whole of it on hover', async () => {
    stubApi(() => undefined);
    session.setToken('staff-token');
    session.startImpersonation('child-token', '/acme/jobs/consultants');
    const reason = `Ticket 42: ${'the applications list stays empty for this consultant '.repeat(4)}`.trim();
    await open('/acme/jobs/jobs', { ...consultant, impersonating: { ...acting(30), reason } });
    const shown = document.querySelector<HTMLElement>('[aria-label="Impersonation"] [title]')!;
    expect(shown.title).toBe(reason);
    expect(shown.textContent).toMatch(/^Reason: Ticket 42: the applications list .+…$/);
    expect(shown.textContent!.length).toBeLessThan(100);
  });

  it('goes back to the staff session where it was when a request answers 401, instead of signing out', async () => {
    const calls = stubApi((token, path) => {
      if (token === 'child-token') return Response.json({ message: 'Unauthenticated.' }, { status: 401 });
      return path === '/portal/auth/me' ? Response.json(STAFF) : undefined;
    });
    session.setToken('staff-token');
    session.setScope({ accountId: A, siteId: S, employerId: null });
    session.startImpersonation('child-token', '/acme/jobs/consultants?q=ann');
    // The jobs page asks for its list with the borrowed token, which the API no longer takes.
    const router = await open('/acme/jobs/jobs', { ...consultant, impersonating: acting(30) });

    await waitFor(() => expect(router.state.location.href).toBe('/acme/jobs/consultants?q=ann'));
    expect(session.get()).toMatchObject({ token: 'staff-token', parent: null, scope: { accountId: A, siteId: S } });
    expect(calls).toContain('GET /portal/auth/me Bearer staff-token');
    expect(snackbar.get()).toMatchObject({ open: true, type: 'info', message: 'Your time acting as Sofia Martinez has ended.' });
    await waitFor(() => expect(document.querySelector('[aria-label="Impersonation"]')).toBeNull());
  });

  it('goes back to the staff session when the countdown reaches 0', async () => {
    stubApi((token, path) => (token === 'staff-token' && path === '/portal/auth/me' ? Response.json(STAFF) : undefined));
    session.setToken('staff-token');
    session.startImpersonation('child-token', '/acme/jobs/consultants');
    const router = await open('/acme/jobs/jobs', { ...consultant, impersonating: acting(-0.1) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/consultants'));
    expect(session.get()).toMatchObject({ token: 'staff-token', parent: null });
    expect(snackbar.get()).toMatchObject({ type: 'info', message: 'Your time acting as Sofia Martinez has ended.' });
  });

  it('is the normal expiry only when the staff session has expired too', async () => {
    stubApi(() => Response.json({ message: 'Unauthenticated.' }, { status: 401 }));
    session.setToken('staff-token');
    session.startImpersonation('child-token', '/acme/jobs/consultants');
    // Any page will do (`main` is in both layouts): with every answer a 401 and the login page in the first bundle,
    // the jobs page may be gone before a poll for its navigation could see it.
    const router = await mountApp('/acme/jobs/jobs', {
      user: { ...consultant, impersonating: acting(30) },
      scope: { accountId: A, siteId: S, employerId: null },
      ready: 'main',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.get()).toEqual({ token: null, scope: { accountId: null, siteId: null, employerId: null }, parent: null });
    expect(snackbar.get()).toMatchObject({ type: 'error', message: 'Your session has expired.' });
  });
});
