// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mfaMessages } from '@hireline/contract/mfa';
import { session } from '../../lib/session';
import { json, labelled, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/* The login page's second step: the code from the authenticator (or a recovery code) after the password. */

afterEach(unmountApp);

const USER = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'manager@acme.test',
  avatar: null,
  permissions: {},
  accounts: [],
};

/** A faked API asking for a second step; `second` answers /auth/login/mfa. */
function api(second: (body: Record<string, string>) => Response) {
  const calls: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
      const call = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push({ call, body });
      if (call === 'POST /portal/auth/login')
        return json(200, { mfa_required: true, mfa_token: 'challenge-1', expires_at: '2030-01-01T00:00:00.000Z' });
      if (call === 'POST /portal/auth/login/mfa') return second(body);
      const auth = new Headers(init?.headers).get('Authorization');
      if (url.pathname === '/portal/auth/me') return auth === 'Bearer real-token' ? json(200, USER) : json(401, { message: 'Unauthenticated.' });
      if (url.pathname === '/portal/auth/oauth/providers') return json(200, []);
      return json(404, { message: 'Not found.' });
    }),
  );
  return calls;
}

const input = (label: string) => labelled(label) as HTMLInputElement;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;

async function passwordStep() {
  await mountApp('/login?to=%2Fnot-authorized', { ready: 'main h1' });
  type(input('Email'), 'manager@acme.test');
  type(input('Password'), 'Recruit-Demo-1');
  button('Sign in').click();
  await waitFor(() => expect(labelled('Authentication code')).not.toBeNull());
}

describe('login with two-step sign-in', () => {
  it('asks for the code after the password, sends it with the challenge and signs in', async () => {
    const calls = api((body) => (body.code === '123456' ? json(200, { access_token: 'real-token', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00.000Z' }) : json(422, {})));
    await passwordStep();
    expect(session.get().token).toBeNull();
    type(input('Authentication code'), '123456');
    button('Verify').click();
    await waitFor(() => expect(session.get().token).toBe('real-token'));
    expect(calls.find((c) => c.call === 'POST /portal/auth/login/mfa')?.body).toEqual({ mfa_token: 'challenge-1', code: '123456' });
  });

  it('shows a wrong code on the field, takes a recovery code instead, and goes back to the password when the challenge expired', async () => {
    const calls = api((body) =>
      body.code
        ? json(422, { message: 'The given data was invalid.', errors: { code: [mfaMessages.invalidCode] } })
        : json(422, { message: 'The given data was invalid.', errors: { mfa_token: [mfaMessages.challengeExpired] } }),
    );
    await passwordStep();
    type(input('Authentication code'), '000000');
    button('Verify').click();
    await waitFor(() => expect(document.body.textContent).toContain(mfaMessages.invalidCode));

    button('Use a recovery code').click();
    await waitFor(() => expect(labelled('Recovery code')).not.toBeNull());
    type(input('Recovery code'), 'abcde-fghij');
    button('Verify').click();
    await waitFor(() => expect(labelled('Password')).not.toBeNull());
    // The alert's code comes when it is first shown (the login page's first download goes without it).
    await waitFor(() => expect(document.querySelector('main [role="alert"]')?.textContent).toBe(mfaMessages.challengeExpired));
    expect(calls.filter((c) => c.call === 'POST /portal/auth/login/mfa').at(-1)?.body).toEqual({ mfa_token: 'challenge-1', recovery_code: 'abcde-fghij' });
  });
});
