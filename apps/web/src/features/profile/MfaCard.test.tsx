// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, labelled, mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/* The Security tab's two-step sign-in: setting it up with the QR code, the recovery codes shown once, turning it off. */

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
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);

let calls: { call: string; body: unknown }[];
let status: { enabled: boolean; enabled_at: string | null; recovery_codes_left: number; required: boolean };
let setupRequired: boolean;

beforeEach(() => {
  calls = [];
  status = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
  setupRequired = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : undefined;
      const call = `${method} ${url.split('?')[0]}`;
      calls.push({ call, body });
      if (call === 'GET /portal/auth/me') return json(200, { ...me, ...(setupRequired ? { mfa_setup_required: true } : {}) });
      if (call === 'GET /portal/v1/user-account/mfa') return json(200, status);
      if (call === 'POST /portal/v1/user-account/mfa/setup')
        return json(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' });
      if (call === 'POST /portal/v1/user-account/mfa/confirm') {
        if (body?.code !== '123456') return json(422, { message: 'The given data was invalid.', errors: { code: ['The code is invalid or has already been used.'] } });
        status = { enabled: true, enabled_at: '2026-11-28T08:00:00.000Z', recovery_codes_left: 10, required: status.required };
        setupRequired = false;
        return json(200, { recovery_codes: CODES });
      }
      if (call === 'POST /portal/v1/user-account/mfa/disable') {
        status = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
        return json(200, { message: 'Two-step sign-in is off.' });
      }
      return json(404, { message: 'Not found.' });
    }),
  );
});

afterEach(unmountApp);

const button = (text: string) => {
  const b = [...document.querySelectorAll('button')].find((el) => el.textContent === text);
  if (!b) throw new Error(`No button "${text}"`);
  return b;
};
const text = () => document.body.textContent ?? '';

describe('Security tab: two-step sign-in', () => {
  it('sets it up from the QR code and a code, then shows the recovery codes once', async () => {
    await mountApp('/auth/profile/security', { user: me, scope: { accountId: A, siteId: S, employerId: null }, ready: 'h1' });
    await waitFor(() => button('Set up two-step sign-in'));
    button('Set up two-step sign-in').click();
    await waitFor(() => expect(document.querySelector('img[alt="QR code to add this account to an authenticator app"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="mfa-secret"]')?.textContent).toBe('JBSWY3DPEHPK3PXP');

    type(labelled('6-digit code') as HTMLInputElement, '999999');
    button('Turn on').click();
    await waitFor(() => expect(text()).toContain('The code is invalid or has already been used.'));
    type(labelled('6-digit code') as HTMLInputElement, '123456');
    button('Turn on').click();
    await waitFor(() => expect(document.querySelectorAll('ul[aria-label="Recovery codes"] li')).toHaveLength(10));
    expect(text()).toContain('They are shown only now');
    button('I have saved them').click();
    await waitFor(() => expect(text()).toContain('10 recovery codes left.'));
    expect(calls.filter((c) => c.call === 'POST /portal/v1/user-account/mfa/confirm').map((c) => c.body)).toEqual([{ code: '999999' }, { code: '123456' }]);
  });

  it('turns it off with the password after asking', async () => {
    status = { enabled: true, enabled_at: '2026-11-28T08:00:00.000Z', recovery_codes_left: 7, required: false };
    await mountApp('/auth/profile/security', { user: me, scope: { accountId: A, siteId: S, employerId: null }, ready: 'h1' });
    await waitFor(() => expect(text()).toContain('7 recovery codes left.'));
    button('Turn off').click();
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    type(labelled('Password') as HTMLInputElement, 'Recruit-Demo-1');
    const dialogButtons = [...document.querySelectorAll('[role="dialog"] button')];
    (dialogButtons.find((b) => b.textContent === 'Turn off') as HTMLButtonElement).click();
    await waitFor(() => expect(calls.some((c) => c.call === 'POST /portal/v1/user-account/mfa/disable')).toBe(true));
    expect(calls.find((c) => c.call === 'POST /portal/v1/user-account/mfa/disable')?.body).toEqual({ password: 'Recruit-Demo-1' });
    await waitFor(() => button('Set up two-step sign-in'));
  });

  it('sends someone an account requires it of to the setup from any page, and offers no way to turn it off', async () => {
    setupRequired = true;
    status = { ...status, required: true };
    const router = await mountApp('/acme/jobs/jobs', {
      user: { ...me, mfa_setup_required: true },
      scope: { accountId: A, siteId: S, employerId: null },
      ready: 'h1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/profile/security'));
    await waitFor(() => expect(text()).toContain('Your organisation requires two-step sign-in.'));
    // The setup is open straight away and cannot be cancelled.
    await waitFor(() => button('Set up two-step sign-in'));
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Cancel')).toBe(false);
  });
});
