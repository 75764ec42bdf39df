// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountApp } from '../../test/app-harness';
import { cleanup, control, fakeApi, json, text } from './credits.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const SESSION = 'sbx_abcdefghijklmnopqrstuvwxyz';
const URL = `/portal/v1/payments/sandbox/${SESSION}`;
const BACK = `/acme/jobs/credit-system/payment-success?purchase=p1`;
const session = (status = 'pending') => ({
  session: SESSION,
  status,
  description: '25 credits for Acme Pty Ltd',
  merchant: 'Acme Jobs',
  amount_cents: 11250,
  currency: 'USD',
  success_url: BACK,
  cancel_url: BACK,
});

/** The checkout is public: no one is signed in. */
const open = () => mountApp(`/payments/sandbox/${SESSION}`);

describe('SandboxCheckoutPage', () => {
  it('shows what is paid for and pays, then returns where the provider says', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi(({ method, url }) => {
      if (method === 'GET' && url === URL) return session();
      if (method === 'POST' && url === `${URL}/complete`) return { redirect_url: BACK };
      return undefined;
    });
    await open();
    await waitFor(() => expect(text()).toContain('Acme Jobs'));
    expect(text()).toContain('Sandbox payment — no real money is moved.');
    expect(text()).toContain('25 credits for Acme Pty Ltd');
    control('Pay $112.50').click();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
    expect(api.of('POST', `${URL}/complete`)).toHaveLength(1);
    expect(api.of('POST', `${URL}/cancel`)).toHaveLength(0);
  });

  it('cancels, then returns where the provider says', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi(({ method, url }) => {
      if (method === 'GET' && url === URL) return session();
      if (method === 'POST' && url === `${URL}/cancel`) return { redirect_url: `${BACK}&cancelled=1` };
      return undefined;
    });
    await open();
    await waitFor(() => expect(text()).toContain('Acme Jobs'));
    control('Cancel').click();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${BACK}&cancelled=1`));
    expect(api.of('POST', `${URL}/complete`)).toHaveLength(0);
  });

  it('says when the payment was already made, with the way back', async () => {
    fakeApi(({ method, url }) => (method === 'GET' && url === URL ? session('paid') : undefined));
    await open();
    await waitFor(() => expect(text()).toContain('This payment has already been made.'));
    expect(control('Return to the site').getAttribute('href')).toBe(BACK);
    expect(() => control('Pay $112.50')).toThrow();
  });

  it('says when the checkout does not exist or has expired', async () => {
    fakeApi(({ method, url }) => (method === 'GET' && url === URL ? json(404, { message: 'Not found.' }) : undefined));
    await open();
    await waitFor(() => expect(text()).toContain('This checkout does not exist or has expired.'));
  });
});
