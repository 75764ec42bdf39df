// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ADMIN, bodiesOf, cleanup, expectSnackbar, main, openSettings, settingsApi, toggle } from './settings.fixtures';
import { waitFor } from '../../test/wait';

/* The account's rule "Require two-step sign-in for staff", at the top of the single sign-on tab. */

afterEach(cleanup);

const URL_PATH = '/portal/v1/accounts/security';

function api(requireMfa: boolean) {
  let current = requireMfa;
  return settingsApi((method, url, body) => {
    if (url.pathname === '/portal/v1/accounts/oauth-providers') return [];
    if (url.pathname === URL_PATH && method === 'GET') return { require_mfa: current };
    if (url.pathname === URL_PATH && method === 'PATCH') {
      current = (body as { require_mfa: boolean }).require_mfa;
      return { require_mfa: current };
    }
    return undefined;
  });
}

describe('Require two-step sign-in for staff', () => {
  it('shows the account’s rule and turns it on', async () => {
    const { calls } = api(false);
    await openSettings('/acme/jobs/settings?tab=sso', ACCOUNT_ADMIN);
    await waitFor(() => expect(main().textContent).toContain('Require two-step sign-in for staff'));
    const control = toggle('Require two-step sign-in for staff');
    await waitFor(() => expect(control.disabled).toBe(false));
    expect(control.checked).toBe(false);
    control.click();
    await waitFor(() => expect(bodiesOf(calls, `PATCH ${URL_PATH}`)).toEqual([{ require_mfa: true }]));
    await expectSnackbar('Two-step sign-in is now required for staff.');
    await waitFor(() => expect(toggle('Require two-step sign-in for staff').checked).toBe(true));
  });
});
