// @vitest-environment happy-dom
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../test/i18n';
import { AbilityBridge, AppProviders } from '../../app/providers';
import { loadAbility } from '../../lib/ability-loader';
import { currentUserQuery } from '../../lib/current-user';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { NotificationsBell } from './NotificationsBell';
import { waitFor } from '../../test/wait';

// Menus open in portals and queries settle asynchronously: the test waits for the DOM rather than wrapping in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const A = '00000000-0000-4000-8000-00000000000a';
const user = (permissions: string[]) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Admin',
  email: 'admin@acme.test',
  avatar: null,
  permissions: { [`account:${A}`]: permissions },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [] }],
});

const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

/** A tiny inbox behind a fake API: 3 unread of 4; the first one links to the notifications page. */
function fakeApi() {
  const inbox = [1, 2, 3, 4].map((n) => ({
    id: id(n),
    event: 'application.created',
    subject: `Subject ${n}`,
    content: `Content ${n}`,
    link: n === 1 ? '/notifications' : null,
    notified_at: new Date(Date.now() - n * 3_600_000).toISOString(),
    read_at: n === 4 ? new Date().toISOString() : null,
    read: n === 4,
  }));
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace(/^https?:\/\/[^/]+/, '');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (method === 'GET' && url.startsWith('/portal/v1/notifications/inbox')) {
      const unread = inbox.filter((n) => !n.read).length;
      return Response.json({ data: inbox, meta: { page: 1, per_page: 5, total: inbox.length, unread } });
    }
    if (method === 'POST' && url === '/portal/v1/notifications/inbox/read-all') {
      const updated = inbox.filter((n) => !n.read);
      for (const n of updated) Object.assign(n, { read: true, read_at: new Date().toISOString() });
      return Response.json({ updated: updated.length });
    }
    const one = inbox.find((n) => url === `/portal/v1/notifications/${n.id}`);
    if (method === 'PATCH' && one) {
      const { read } = JSON.parse(String(init!.body)) as { read: boolean };
      Object.assign(one, { read, read_at: read ? new Date().toISOString() : null });
      return Response.json(one);
    }
    return Response.json({ message: 'Not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(() => {
  root?.unmount();
  host?.remove();
  session.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
});

// The user is set straight into the cache: the permission checks are loaded first, as the user's query does.
beforeAll(() => loadAbility());

function render(permissions: string[]) {
  session.setToken('t0ken');
  session.setScope({ accountId: A, siteId: null, employerId: null });
  queryClient.setQueryData(currentUserQuery.queryKey, user(permissions));
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <NotificationsBell />
        <Outlet />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> });
  const list = createRoute({ getParentRoute: () => rootRoute, path: '/notifications', component: () => <h1>All notifications</h1> });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, list]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <AppProviders>
      <AbilityBridge>
        <RouterProvider router={router} />
      </AbilityBridge>
    </AppProviders>,
  );
  return router;
}

const bell = () => document.querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]');
const menuItems = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"] :is(a, button, [role="button"])')];
const item = (text: string) => menuItems().find((el) => el.textContent?.includes(text));

async function openMenu() {
  await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 3 unread'));
  bell()!.click();
  await waitFor(() => expect(item('Subject 1')).toBeDefined());
}

describe('NotificationsBell', () => {
  it('shows the unread count on the badge and lists the latest notifications, unread ones marked', async () => {
    fakeApi();
    render(['all']);
    await openMenu();
    expect(bell()!.querySelector('.MuiBadge-badge')?.textContent).toBe('3');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('3 new');
    expect(item('Subject 1')?.textContent).toContain('Unread: ');
    expect(item('Subject 1')?.textContent).toContain('Content 1');
    expect(item('Subject 1')?.querySelector('time')?.textContent).toBe('1 hour ago');
    expect(item('Subject 4')?.textContent).not.toContain('Unread');
    expect(item('View all notifications')?.getAttribute('href')).toBe('/notifications');
  });

  it('"Mark all as read" calls the endpoint and clears the badge', async () => {
    const { calls } = fakeApi();
    render(['all']);
    await openMenu();
    item('Mark all as read')!.click();
    await waitFor(() => expect(calls).toContain('POST /portal/v1/notifications/inbox/read-all'));
    await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe('Notifications'));
    expect(bell()!.querySelector('.MuiBadge-invisible')).not.toBeNull();
  });

  it('opening a notification marks it read and follows its portal link', async () => {
    const { calls } = fakeApi();
    const router = render(['all']);
    await openMenu();
    item('Subject 1')!.click();
    await waitFor(() => expect(calls).toContain(`PATCH /portal/v1/notifications/${id(1)} {"read":true}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 2 unread'));
  });

  it('is not shown, and asks nothing, without the notifications permission', async () => {
    const { calls } = fakeApi();
    render(['jobs.view']);
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Home'));
    expect(bell()).toBeNull();
    expect(calls.filter((c) => c.includes('/notifications'))).toEqual([]);
  });
});
