// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../lib/current-user';
import { preferences } from '../lib/preferences';
import { session } from '../lib/session';
import { mountApp, unmountApp } from '../test/app-harness';

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
  preferences.update({ layout: 'vertical' });
});

async function open(path: string, user: CurrentUser = consultant) {
  const router = await mountApp(path, { user, scope: { accountId: A, siteId: S, employerId: null } });
  await vi.waitFor(() => expect(document.querySelector('nav[aria-label="Main navigation"]')).not.toBeNull());
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
    await vi.waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Consultant not found'));
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
      impersonating: { by: { id: staff.id, name: staff.name }, redirect: '/acme/jobs/consultants', expires_at: new Date(Date.now() + 42 * 60_000).toISOString() },
    });

    const notice = document.querySelector('[aria-label="Impersonation"]');
    expect(notice?.textContent).toContain('You are acting as Sofia Martinez, signed in by Priya Natarajan.');
    expect(notice?.textContent).toContain('42 minutes left');

    [...notice!.querySelectorAll('button')].find((b) => b.textContent === 'Return to my account')!.click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/consultants'));
    // Only the borrowed token was revoked; the staff session is back, with the selection it had.
    // (The jobs page behind the notice makes its own requests; only the sign-out ones matter here.)
    expect(calls.filter((c) => c.includes('/auth/logout'))).toEqual(['DELETE /portal/auth/logout Bearer child-token']);
    expect(session.get()).toMatchObject({ token: 'staff-token', parent: null, scope: { accountId: A, siteId: S } });
    await vi.waitFor(() => expect(document.querySelector('[aria-label="Impersonation"]')).toBeNull());
  });
});
