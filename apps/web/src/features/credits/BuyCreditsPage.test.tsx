// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutEmployer } from '../../lib/checkout';
import { session } from '../../lib/session';
import { labelled } from '../../test/app-harness';
import { A, S, all, cleanup, control, E, employerUser, fakeApi, json, openApp, PU, purchase, text, type, UUID } from './credits.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const PREVIEW = '/portal/v1/credit/purchase/preview';
const PURCHASES = '/portal/v1/credit/purchases';
const CHECKOUT = 'https://pay.example.test/checkout/sbx_123';
const quantity = () => labelled('Number of credits') as HTMLInputElement;
const payButton = () => all<HTMLButtonElement>('main button[type="submit"]')[0]!;
const currentTier = () => document.querySelector('main tr[aria-current="true"] th')?.textContent;

describe('BuyCreditsPage', () => {
  it('prices the quantity live, after a pause, with the tier chosen by quantity', async () => {
    const api = fakeApi();
    await openApp('/acme/jobs/credit-system/create');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $5.00'));
    expect(api.of('GET', PREVIEW).map((c) => c.url)).toEqual([`${PREVIEW}?quantity=1`]);
    expect(text()).toContain('No discount at this quantity');
    expect(currentTier()).toBeUndefined();

    // Typing "2", "25" quickly asks once, for 25.
    type(quantity(), '2');
    type(quantity(), '25');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $112.50'));
    expect(api.of('GET', PREVIEW).map((c) => c.url)).toEqual([`${PREVIEW}?quantity=1`, `${PREVIEW}?quantity=25`]);
    expect(text()).toContain('10–49 credits');
    expect(text()).toContain('$125.00'); // subtotal
    expect(text()).toContain('Discount (10%)-$12.50');
    expect(text()).toContain('You save $12.50 (10%) with this tier.');
    expect(currentTier()).toContain('10–49 credits');

    type(quantity(), '60');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $262.50'));
    expect(currentTier()).toContain('50+ credits');

    // Out of range: said on the field, nothing asked, no paying at the old price.
    type(quantity(), '1001');
    await waitFor(() => expect(quantity().getAttribute('aria-invalid')).toBe('true'));
    expect(text()).toContain('Enter a whole number from 1 to 1,000.');
    expect(payButton().disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(api.of('GET', PREVIEW).some((c) => c.url.endsWith('=1001'))).toBe(false);
  });

  it('shows no order total for a quantity that cannot be bought (0, -3, 2.5), only what is wrong', async () => {
    fakeApi();
    await openApp('/acme/jobs/credit-system/create');
    type(quantity(), '25');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $112.50'));
    for (const bad of ['0', '-3', '2.5']) {
      type(quantity(), bad);
      await waitFor(() => expect(text()).toContain('Enter a whole number from 1 to 1,000.'));
      expect(text()).not.toContain('$112.50');
      expect(document.querySelector('main dl')).toBeNull();
      expect(payButton().disabled).toBe(true);
    }
    type(quantity(), '25');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $112.50'));
    expect(document.querySelector('main dl')).not.toBeNull();
  });

  it('pays with an Idempotency-Key kept across a retry, then goes to the checkout', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    let attempts = 0;
    const api = fakeApi(({ method, url }) => {
      if (method !== 'POST' || url !== PURCHASES) return undefined;
      attempts += 1;
      if (attempts === 1) return json(503, { message: 'Unknown error.' });
      return json(201, { purchase: purchase({ status: 'pending', paid_at: null }), checkout_url: CHECKOUT });
    });
    const returnTo = '/acme/jobs/jobs/edit?id=abc&step=payment';
    await openApp(`/acme/jobs/credit-system/create?quantity=25&return_to=${encodeURIComponent(returnTo)}`);
    expect(control('Back').getAttribute('href')).toBe(returnTo);
    await waitFor(() => expect(payButton().textContent).toBe('Pay $112.50'));
    payButton().click();
    await waitFor(() => expect(text()).toContain('Unknown error.'));
    expect(assign).not.toHaveBeenCalled();
    payButton().click();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT));

    const posts = api.of('POST', PURCHASES);
    expect(posts.map((c) => c.body)).toEqual([
      { quantity: 25, return_to: returnTo },
      { quantity: 25, return_to: returnTo },
    ]);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(posts[0]!.headers.get('Idempotency-Key'));
    expect(checkoutEmployer(PU)).toBe(E);
  });

  it('drops a return_to that is not a portal path', async () => {
    fakeApi();
    await openApp(`/acme/jobs/credit-system/create?return_to=${encodeURIComponent('//evil.test/x')}`);
    expect(control('Back to credits').getAttribute('href')).toBe('/acme/jobs/credit-system');
  });

  it('shows buying unavailable while acting as someone else, on the credits page and the buy page', async () => {
    const NOT_AVAILABLE = 'Not available while acting as someone else.';
    // The API says so in /auth/me; the kept staff session says so too (either is enough).
    const by = { id: '00000000-0000-4000-8000-000000000001', name: 'Priya Natarajan' };
    const expires_at = new Date(Date.now() + 3_600_000).toISOString();
    const actingAs = { ...employerUser, impersonating: { by, redirect: '/', reason: null, expires_at } };
    fakeApi();
    await openApp('/acme/jobs/credit-system', actingAs, { accountId: A, siteId: S, employerId: E });
    await waitFor(() => expect(text()).toContain(NOT_AVAILABLE));
    const buy = control('Buy credits');
    expect(buy.tagName).toBe('BUTTON');
    expect((buy as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    const api = fakeApi();
    session.setToken('staff-token');
    session.startImpersonation('child-token', '/acme/jobs/employers');
    await openApp('/acme/jobs/credit-system/create');
    await waitFor(() => expect(payButton().textContent).toBe('Pay $5.00'));
    expect(text()).toContain(NOT_AVAILABLE);
    expect(payButton().disabled).toBe(true);
    payButton().closest('form')!.requestSubmit();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.of('POST', PURCHASES)).toEqual([]);
  });
});
