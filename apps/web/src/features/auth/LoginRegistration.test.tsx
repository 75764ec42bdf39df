// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMessage } from '@hireline/contract/message-codes';
import { json, labelled, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/* An employer registrant signing in before their registration is decided: the form says why. */

afterEach(unmountApp);

function api(code: 'auth.registration_pending' | 'auth.registration_declined') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      if (`${init?.method ?? 'GET'} ${url.pathname}` === 'POST /portal/auth/login') return json(403, { message: formatMessage(code), code });
      if (url.pathname === '/portal/auth/oauth/providers') return json(200, []);
      return json(401, { message: 'Unauthenticated.' });
    }),
  );
}

async function signIn() {
  await mountApp('/login', { ready: 'main h1' });
  type(labelled('Email') as HTMLInputElement, 'robin@example.test');
  type(labelled('Password') as HTMLInputElement, 'Register-Pass-1');
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign in')!.click();
  return waitFor(() => document.querySelector('[role="alert"]')!.textContent);
}

describe('login of an employer registrant', () => {
  it('says the registration awaits approval', async () => {
    api('auth.registration_pending');
    expect(await signIn()).toBe(formatMessage('auth.registration_pending'));
  });

  it('says the registration was declined', async () => {
    api('auth.registration_declined');
    expect(await signIn()).toBe(formatMessage('auth.registration_declined'));
  });
});
