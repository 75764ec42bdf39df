// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { session } from '../../lib/session';
import { json, labelled, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/*
 * The sign-in form checks its values with the contract's schema, fetched with the contract's other schemas once the
 * form is used (not with the page): the same messages, on the same fields, before anything is posted.
 */

afterEach(unmountApp);

const USER = { id: '00000000-0000-4000-8000-000000000003', name: 'Ada', email: 'ada@acme.test', avatar: null, permissions: {}, accounts: [] };
const TOKEN = { access_token: 'real-token', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00.000Z' };

function api() {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/portal/auth/login') {
        const body = JSON.parse(String(init?.body)) as { password: string };
        posted.push(body);
        return body.password === 'right' ? json(200, TOKEN) : json(401, { message: messages.invalidCredentials, code: 'invalid_credentials' });
      }
      if (url.pathname === '/portal/auth/me') return json(200, USER);
      if (url.pathname === '/portal/auth/oauth/providers') return json(200, []);
      return json(404, { message: 'Not found.' });
    }),
  );
  return posted;
}

const input = (label: string) => labelled(label) as HTMLInputElement;
const helper = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent ?? null;
const submit = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign in')!.click();

describe('sign-in form', () => {
  it('says what is missing on each field, posts nothing and puts the cursor on the first', async () => {
    const posted = api();
    await mountApp('/login', { ready: 'main h1' });
    submit();
    await waitFor(() => expect(helper('Email')).toBe(messages.required));
    expect(helper('Password')).toBe(messages.required);
    expect(document.activeElement).toBe(input('Email'));
    expect(posted).toEqual([]);
  });

  it('checks each field again as it changes once submitted, and posts the address as the contract reads it', async () => {
    const posted = api();
    await mountApp('/login', { ready: 'main h1' });
    type(input('Email'), 'not-an-address');
    type(input('Password'), 'right');
    submit();
    await waitFor(() => expect(helper('Email')).toBe(messages.invalid));
    expect(helper('Password')).toBeNull();
    expect(posted).toEqual([]);

    type(input('Email'), '  Ada@Acme.TEST ');
    await waitFor(() => expect(helper('Email')).toBeNull());
    type(input('Password'), '');
    await waitFor(() => expect(helper('Password')).toBe(messages.required));
    type(input('Password'), 'wrong');
    submit();
    await waitFor(() => expect(document.querySelector('main [role="alert"]')?.textContent).toBe(messages.invalidCredentials));
    expect(posted).toEqual([{ email: 'ada@acme.test', password: 'wrong' }]);

    type(input('Password'), 'right');
    submit();
    await waitFor(() => expect(session.get().token).toBe('real-token'));
  });
});
