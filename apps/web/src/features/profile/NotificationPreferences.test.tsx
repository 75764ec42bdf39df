// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationEvents, type NotificationChannel } from '@hireline/contract/notification-events';
import type { NotificationPreference } from '@hireline/contract/notifications';
import { json, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

const A = '00000000-0000-4000-8000-00000000000a';
const S = '00000000-0000-4000-8000-0000000000a1';
const user = (permissions: string[]) => ({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'consultant@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: permissions },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
});

let stored: NotificationPreference[];
/** Bodies of the PUTs, in order. */
let puts: unknown[];
/** How the next PUT is answered (default: saved and echoed back). */
let answerPut: (body: { preferences: NotificationPreference[] }) => Promise<Response>;
let failLoad: boolean;

beforeEach(() => {
  stored = notificationEvents.map((event) => ({ event, channel: event === 'job.flagged' ? 'email' : 'both' }));
  puts = [];
  failLoad = false;
  answerPut = async (body) => {
    for (const p of body.preferences) stored = stored.map((s) => (s.event === p.event ? p : s));
    return json(200, { data: stored });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { preferences: NotificationPreference[] }) : undefined;
      if (call === 'GET /portal/v1/notifications/preferences')
        return failLoad ? json(500, { message: 'Server Error' }) : json(200, { data: stored });
      if (call === 'PUT /portal/v1/notifications/preferences') {
        puts.push(body);
        return answerPut(body!);
      }
      return json(404, { message: 'Not found.' });
    }),
  );
});

afterEach(unmountApp);

const open = (permissions = ['notifications.view', 'notifications.update']) =>
  mountApp('/auth/profile/settings', { user: user(permissions), scope: { accountId: A, siteId: S, employerId: null }, ready: 'h1' });

const card = () => document.getElementById('notifications');
const select = (event: string) => document.querySelector<HTMLSelectElement>(`select[aria-label="${event}: notify me"]`)!;
const status = () => card()!.querySelector('[role="status"][aria-live="polite"]')?.textContent;
const snackbar = () => document.querySelector('.MuiSnackbar-root')?.textContent;

describe('notification preferences (profile settings tab)', () => {
  it('lists every event with its description and channel, under the #notifications anchor the emails link to', async () => {
    await open();
    await waitFor(() => expect(card()?.querySelectorAll('li[data-event]')).toHaveLength(notificationEvents.length));
    expect(card()!.querySelector('h2')?.textContent).toBe('Notifications');
    const rows = [...card()!.querySelectorAll<HTMLElement>('li[data-event]')];
    expect(rows.map((r) => r.dataset.event)).toEqual([...notificationEvents]);
    expect(rows[0]!.textContent).toContain('New application');
    expect(rows[0]!.textContent).toContain('Someone applies for a job.');
    // The select is named after its event and described by the event's sentence.
    const flagged = select('Job reported');
    expect(flagged.value).toBe('email');
    expect(document.getElementById(flagged.getAttribute('aria-describedby')!)?.textContent).toBe('Someone reports a job on the job board.');
    expect([...flagged.options].map((o) => o.textContent)).toEqual([
      'In the portal and by email',
      'In the portal only',
      'By email only',
      "Don't notify me",
    ]);
  });

  it('saves a change at once with a PUT of that event alone, and says so politely', async () => {
    await open();
    await waitFor(() => expect(select('New application')).not.toBeNull());
    type(select('New application'), 'in_app');
    await waitFor(() => expect(puts).toEqual([{ preferences: [{ event: 'application.created', channel: 'in_app' }] }]));
    await waitFor(() => expect(status()).toBe('Saved: New application, In the portal only.'));
    expect(select('New application').value).toBe('in_app');
    expect(select('Job reported').value).toBe('email');
  });

  it('shows the new choice while it is saved, and puts the old one back with an error when the save fails', async () => {
    let fail!: () => void;
    answerPut = () => new Promise<Response>((resolve) => (fail = () => resolve(json(500, { message: 'Server Error' }))));
    await open();
    await waitFor(() => expect(select('Job expired')).not.toBeNull());
    type(select('Job expired'), 'none');
    await waitFor(() => expect(puts).toHaveLength(1));
    // Optimistic: the select already says "none" while the API has not answered.
    expect(select('Job expired').value).toBe('none');
    fail();
    await waitFor(() => expect(select('Job expired').value).toBe('both'));
    await waitFor(() => expect(snackbar()).toContain('Your choice for “Job expired” could not be saved'));
    expect(status()).toBe('');
  });

  it('shows the choices disabled to a user who may not change them, and no card without the notifications permission', async () => {
    await open(['notifications.view']);
    await waitFor(() => expect(select('Job approved')).not.toBeNull());
    expect(select('Job approved').disabled).toBe(true);
    expect(card()!.textContent).toContain('You can see these choices but not change them.');
    unmountApp();

    await open(['jobs.view']);
    expect(document.querySelector('h1')?.textContent).toBe('Profile');
    expect(card()).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    failLoad = true;
    await open();
    const alert = () => card()?.querySelector('[role="alert"]')?.textContent;
    await waitFor(() => expect(alert()).toContain('Your notification choices could not be loaded.'));
    failLoad = false;
    [...card()!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => expect(select('Low credit balance').value).toBe('both' satisfies NotificationChannel));
  });
});
