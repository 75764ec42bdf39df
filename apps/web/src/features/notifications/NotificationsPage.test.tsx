// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountApp, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

const A = '00000000-0000-4000-8000-00000000000a';
const admin = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Admin',
  email: 'admin@acme.test',
  avatar: null,
  permissions: { [`account:${A}`]: ['all'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [] }],
};
const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

/** Three notifications behind a fake API that understands the list's `unread` filter, PATCH and DELETE. */
function fakeApi() {
  let inbox = [1, 2, 3].map((n) => ({
    id: id(n),
    event: 'job.pending',
    subject: `Subject ${n}`,
    content: `Content ${n}`,
    link: null,
    notified_at: new Date(Date.now() - n * 86_400_000).toISOString(),
    read_at: n === 3 ? new Date().toISOString() : null,
    read: n === 3,
  }));
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
      if (method === 'GET' && url.pathname === '/portal/v1/notifications/inbox') {
        const rows = url.searchParams.get('unread') === 'true' ? inbox.filter((n) => !n.read) : inbox;
        const meta = { page: 1, per_page: 25, total: rows.length, unread: inbox.filter((n) => !n.read).length };
        return Response.json({ data: rows, meta });
      }
      const one = inbox.find((n) => url.pathname === `/portal/v1/notifications/${n.id}`);
      if (one && method === 'PATCH') {
        const { read } = JSON.parse(String(init!.body)) as { read: boolean };
        Object.assign(one, { read, read_at: read ? new Date().toISOString() : null });
        return Response.json(one);
      }
      if (one && method === 'DELETE') {
        inbox = inbox.filter((n) => n !== one);
        return new Response(null, { status: 204 });
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return { calls };
}

afterEach(unmountApp);

async function open(path: string) {
  const router = await mountApp(path, { user: admin, scope: { accountId: A, siteId: null, employerId: null } });
  await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Notifications'));
  return router;
}

const list = () => document.querySelector('main ul[aria-label="Notifications"]');
const subjects = () => [...(list()?.querySelectorAll('li') ?? [])].map((li) => li.querySelector('p')?.textContent);
const button = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);

describe('NotificationsPage', () => {
  it('keeps the Unread filter in the URL and asks the API for unread ones only', async () => {
    const { calls } = fakeApi();
    const router = await open('/notifications?filter=unread');
    await waitFor(() => expect(subjects()).toEqual(['Subject 1', 'Subject 2']));
    expect(calls).toContain('GET /portal/v1/notifications/inbox?page=1&per_page=25&unread=true');
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Unread (2)');

    [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === 'All')!.click();
    await waitFor(() => expect(subjects()).toEqual(['Subject 1', 'Subject 2', 'Subject 3']));
    expect(router.state.location.search).toEqual({});
  });

  it('marks one read, then deletes another after confirming', async () => {
    const { calls } = fakeApi();
    await open('/notifications');
    await waitFor(() => expect(subjects()).toHaveLength(3));

    button('Mark as read: Subject 1')!.click();
    await waitFor(() => expect(calls).toContain(`PATCH /portal/v1/notifications/${id(1)} {"read":true}`));
    await waitFor(() => expect(button('Mark as unread: Subject 1')).not.toBeNull());

    button('Delete: Subject 2')!.click();
    const dialog = await waitFor(() => {
      const d = document.querySelector('[role="dialog"]');
      expect(d?.textContent).toContain('This cannot be undone.');
      return d!;
    });
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Delete')!.click();
    await waitFor(() => expect(calls).toContain(`DELETE /portal/v1/notifications/${id(2)}`));
    await waitFor(() => expect(subjects()).toEqual(['Subject 1', 'Subject 3']));
    // The snackbar is fetched with the first message (app/providers.tsx): it shows a moment after the change.
    await waitFor(() => expect(document.body.textContent).toContain('Notification deleted.'));
  });
});
