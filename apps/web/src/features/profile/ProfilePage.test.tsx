// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '../../lib/current-user';
import { preferences } from '../../lib/preferences';
import { queryClient } from '../../lib/query-client';
import { json, labelled, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

const A = '00000000-0000-4000-8000-00000000000a';
const S = '00000000-0000-4000-8000-0000000000a1';
const me = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'consultant@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: ['jobs.view'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
};
const account = { id: me.id, name: me.name, email: me.email, avatar: null, locale: 'en' };


/** Requests the page made, as `METHOD /path` with the parsed JSON body. */
let calls: { call: string; body: unknown }[];
let meName: string;

beforeEach(() => {
  calls = [];
  meName = me.name;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = `${method} ${url.split('?')[0]}`;
      calls.push({ call, body });
      if (call === 'GET /portal/v1/user-account') return json(200, account);
      if (call === 'PATCH /portal/v1/user-account') {
        meName = (body as { name: string }).name;
        return json(200, { ...account, name: meName });
      }
      if (call === 'GET /portal/auth/me') return json(200, { ...me, name: meName });
      return json(404, { message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  unmountApp();
  preferences.update({ mode: 'light', layout: 'vertical', skin: 'default' });
});

function open(path: string, { signedIn = true } = {}) {
  return mountApp(path, signedIn ? { user: me, scope: { accountId: A, siteId: S, employerId: null }, ready: 'h1' } : { ready: 'h1' });
}

function field(label: string) {
  const input = labelled(label);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No field labelled "${label}"`);
  return input;
}

function button(text: string) {
  const b = [...document.querySelectorAll('button')].find((el) => el.textContent === text);
  if (!b) throw new Error(`No button "${text}"`);
  return b;
}

const helperOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
const tabs = () =>
  [...document.querySelectorAll('[role="tab"]')].map((t) => ({
    label: t.textContent,
    href: t.getAttribute('href'),
    selected: t.getAttribute('aria-selected'),
  }));

describe('profile page', () => {
  it('links its tabs and shows the account tab with the read-only email', async () => {
    await open('/auth/profile/account');
    expect(document.querySelector('h1')?.textContent).toBe('Profile');
    expect(tabs()).toEqual([
      { label: 'Account', href: '/auth/profile/account', selected: 'true' },
      { label: 'Security', href: '/auth/profile/security', selected: 'false' },
      { label: 'Settings', href: '/auth/profile/settings', selected: 'false' },
    ]);
    await waitFor(() => expect(field('Full name').value).toBe('Sofia Martinez'));
    expect(field('Email').value).toBe('consultant@acme.test');
    expect(field('Email').readOnly).toBe(true);
    // Multi-language is off by default: no language choice.
    expect(() => field('Language')).toThrow();
  });

  it('shows the contract message for an empty name and sends nothing', async () => {
    await open('/auth/profile/account');
    await waitFor(() => expect(field('Full name').value).toBe('Sofia Martinez'));
    type(field('Full name'), '   ');
    button('Save changes').click();
    await waitFor(() => expect(helperOf(field('Full name'))).toBe('This field is required.'));
    expect(calls.some((c) => c.call === 'PATCH /portal/v1/user-account')).toBe(false);
  });

  it('saves the trimmed name, refreshes the signed-in user and confirms', async () => {
    await open('/auth/profile/account');
    await waitFor(() => expect(field('Full name').value).toBe('Sofia Martinez'));
    type(field('Full name'), '  Sofia M.  ');
    button('Save changes').click();
    await waitFor(() => expect(document.body.textContent).toContain('Your profile has been saved.'));
    expect(calls.find((c) => c.call === 'PATCH /portal/v1/user-account')?.body).toEqual({ name: 'Sofia M.' });
    await waitFor(() => expect(queryClient.getQueryData(currentUserQuery.queryKey)).toMatchObject({ name: 'Sofia M.' }));
  });

  it('checks the password confirmation before sending and says other sessions end', async () => {
    await open('/auth/profile/security');
    expect(tabs().find((t) => t.selected === 'true')?.label).toBe('Security');
    await waitFor(() => expect(document.body.textContent).toContain('signs you out on every other device'));
    expect(document.body.textContent).not.toContain('Not available while acting as someone else.');
    type(field('Current password'), 'Old-password-1');
    type(field('New password'), 'Brand-new-pass-2');
    type(field('Confirm new password'), 'Brand-new-pass-3');
    button('Change password').click();
    await waitFor(() =>
      expect(helperOf(field('Confirm new password'))).toBe('The confirmation field does not match.'),
    );
    expect(calls.some((c) => c.call.includes('change-password'))).toBe(false);
  });

  it('shows the password change unavailable while acting as someone else (the API refuses it)', async () => {
    const expires_at = new Date(Date.now() + 3_600_000).toISOString();
    const impersonating = { by: { id: A, name: 'Priya Natarajan' }, redirect: '/', reason: 'Ticket 42', expires_at };
    const scope = { accountId: A, siteId: S, employerId: null };
    await mountApp('/auth/profile/security', { user: { ...me, impersonating }, scope, ready: 'h1' });
    await waitFor(() => expect(document.body.textContent).toContain('Not available while acting as someone else.'));
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(field(label).disabled).toBe(true);
    expect(button('Change password').disabled).toBe(true);
  });

  it('applies and remembers the portal preferences on the settings tab', async () => {
    await open('/auth/profile/settings');
    expect(tabs().find((t) => t.selected === 'true')?.label).toBe('Settings');
    const radio = (name: string) => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent === name);
      return label!.querySelector('input')!;
    };
    radio('Dark').click();
    radio('Horizontal').click();
    expect(preferences.get()).toMatchObject({ mode: 'dark', layout: 'horizontal' });
    await waitFor(() => expect(radio('Dark').checked).toBe(true));
  });

  it('answers an unknown tab with the not-found page', async () => {
    await open('/auth/profile/nope');
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Page not found'));
  });
});
