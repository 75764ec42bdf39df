// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, labelled, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/*
 * The invitation page: someone new chooses a password to accept; anyone else is asked to sign in, and accepts signed
 * in with one click, without any password being sent.
 */

const A = '00000000-0000-4000-8000-00000000000a';
const S = '00000000-0000-4000-8000-0000000000a1';
const me = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sam Person',
  email: 'sam@example.test',
  avatar: null,
  permissions: { [`site:${S}`]: ['jobs.view'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
};

let calls: { call: string; body: unknown }[];
let info: Record<string, unknown>;

beforeEach(() => {
  calls = [];
  info = { account: { name: 'Acme' }, name: 'Sam', email: 'sam@example.test', accept_with: 'password', signed_in_as_invitee: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = `${method} ${url.split('?')[0]}`;
      calls.push({ call, body });
      if (call === 'POST /portal/auth/invitation') return json(200, info);
      if (call === 'POST /portal/auth/invitation/accept') return json(200, { message: 'ok', accept_with: info.accept_with });
      if (call === 'GET /portal/auth/me') return json(200, me);
      return json(404, { message: 'Not found.' });
    }),
  );
});
afterEach(() => unmountApp());

const h1 = () => document.querySelector('h1')?.textContent;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text);
const field = (label: string) => labelled(label) as HTMLInputElement;
const accepts = () => calls.filter((c) => c.call === 'POST /portal/auth/invitation/accept');

describe('invitation page', () => {
  it('explains a link without a token', async () => {
    await mountApp('/auth/invitation', { ready: 'h1' });
    expect(h1()).toBe('Accept your invitation');
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('This invitation link is incomplete.');
  });

  it('lets someone new choose a password, checked before anything is posted', async () => {
    await mountApp('/auth/invitation?token=abc', { ready: 'h1' });
    await waitFor(() => expect(button('Set password and accept')).toBeDefined());
    await waitFor(() => expect(document.body.textContent).toContain('Acme has invited sam@example.test.'));
    type(field('Password'), 'Brand-new-pass-2');
    type(field('Confirm password'), 'Brand-new-pass-3');
    button('Set password and accept')!.click();
    await waitFor(() => expect(document.body.textContent).toContain('The confirmation field does not match.'));
    expect(accepts()).toEqual([]);
    type(field('Confirm password'), 'Brand-new-pass-2');
    button('Set password and accept')!.click();
    await waitFor(() => expect(accepts()).toHaveLength(1));
    expect(accepts()[0]!.body).toEqual({ token: 'abc', password: 'Brand-new-pass-2', password_confirmation: 'Brand-new-pass-2' });
  });

  it('asks someone who already signs in to sign in, with no password field, and brings them back', async () => {
    info.accept_with = 'session';
    await mountApp('/auth/invitation?token=abc', { ready: 'h1' });
    await waitFor(() => expect(document.body.textContent).toContain('Sign in as sam@example.test to accept it.'));
    expect(labelled('Password')).toBeNull();
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Sign in to accept')!;
    expect(new URL(link.href, 'http://x').pathname).toBe('/login');
    expect(new URL(link.href, 'http://x').searchParams.get('to')).toBe('/auth/invitation?token=abc');
    expect(accepts()).toEqual([]);
  });

  it('accepts with one click, signed in as the invited person, sending no password', async () => {
    info.accept_with = 'session';
    info.signed_in_as_invitee = true;
    await mountApp('/auth/invitation?token=abc', { user: me, scope: { accountId: A, siteId: S, employerId: null }, ready: 'h1' });
    await waitFor(() => expect(button('Accept the invitation')).toBeDefined());
    button('Accept the invitation')!.click();
    await waitFor(() => expect(accepts()).toHaveLength(1));
    expect(accepts()[0]!.body).toEqual({ token: 'abc' });
  });
});
