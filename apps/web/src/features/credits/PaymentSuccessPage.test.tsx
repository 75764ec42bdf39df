// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberCheckoutEmployer } from '../../lib/checkout';
import { A, cleanup, control, E, fakeApi, J, manager, openApp, PU, purchase, S, text } from './credits.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const CONFIRM = `/portal/v1/credit/purchases/${PU}/confirm`;
const WIZARD = `/acme/jobs/jobs/edit?id=${J}&step=payment`;
const page = (returnTo?: string) =>
  `/acme/jobs/credit-system/payment-success?purchase=${PU}${returnTo ? `&return_to=${encodeURIComponent(returnTo)}` : ''}`;
const heading = () => document.querySelector('main h1')?.textContent;

describe('PaymentSuccessPage', () => {
  it('confirms once and shows the credits added, the new balance, the receipt and Continue', async () => {
    const api = fakeApi(({ method, url }) => (method === 'POST' && url === CONFIRM ? purchase() : undefined));
    await openApp(page('/acme/jobs/credit-system?action=purchase'));
    await waitFor(() => expect(heading()).toBe('Payment received'));
    expect(text()).toContain('25 credits were added to Acme Pty Ltd. New balance: 30 credits.');
    expect(text()).toContain('Receipt');
    expect(text()).toContain('$112.50');
    expect(control('Continue').getAttribute('href')).toBe('/acme/jobs/credit-system?action=purchase');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.of('POST', CONFIRM)).toHaveLength(1);
  });

  it('says a cancelled payment added nothing, and offers to try again with the same quantity', async () => {
    const api = fakeApi(({ method, url }) => (method === 'POST' && url === CONFIRM ? purchase({ status: 'cancelled', paid_at: null }) : undefined));
    await openApp(page());
    await waitFor(() => expect(heading()).toBe('Payment cancelled'));
    expect(text()).toContain('Payment cancelled. No credits were added.');
    expect(control('Try again').getAttribute('href')).toBe('/acme/jobs/credit-system/create?quantity=25');
    expect(api.of('POST', CONFIRM)).toHaveLength(1);
  });

  it('back from the checkout’s cancel link, does not wait for a provider that has not closed the session yet', async () => {
    const api = fakeApi(({ method, url }) => (method === 'POST' && url === CONFIRM ? purchase({ status: 'pending', paid_at: null }) : undefined));
    await openApp(`${page()}&cancelled=1`);
    await waitFor(() => expect(heading()).toBe('Payment cancelled'));
    expect(text()).toContain('Payment cancelled. No credits were added.');
    await new Promise((r) => setTimeout(r, 2500));
    expect(api.of('POST', CONFIRM)).toHaveLength(1);
  });

  it('says a failed payment added nothing', async () => {
    fakeApi(({ method, url }) => (method === 'POST' && url === CONFIRM ? purchase({ status: 'failed', paid_at: null }) : undefined));
    await openApp(page());
    await waitFor(() => expect(text()).toContain('The payment failed. No credits were added.'));
  });

  it('for a direct job payment says whether the job was posted, and goes back to the wizard', async () => {
    const job = { id: J, title: 'Barista', posted: false };
    fakeApi(({ method, url }) =>
      method === 'POST' && url === CONFIRM ? purchase({ ...{ quantity: 1 }, purpose: 'job_post', job, balance: 1 }) : undefined,
    );
    await openApp(page(WIZARD));
    await waitFor(() => expect(heading()).toBe('Payment received'));
    expect(text()).toContain('the job could not be posted');
    expect(control('View “Barista”').getAttribute('href')).toBe(`/acme/jobs/jobs/${J}`);
    expect(control('Continue').getAttribute('href')).toBe(WIZARD);
  });

  it('tells staff their job was posted, naming the employer they paid for when none is selected', async () => {
    rememberCheckoutEmployer(PU, E);
    const api = fakeApi(({ method, url }) =>
      method === 'POST' && url === CONFIRM ? purchase({ purpose: 'job_post', job: { id: J, title: 'Barista', posted: true } }) : undefined,
    );
    await openApp(page(WIZARD), manager, { accountId: A, siteId: S, employerId: null });
    await waitFor(() => expect(text()).toContain('Your job has been posted.'));
    expect(api.of('POST', CONFIRM)[0]!.headers.get('X-AF-EMPID')).toBe(E);
  });

  it('waits for a pending payment, asking again until the provider has decided', async () => {
    let n = 0;
    const api = fakeApi(({ method, url }) => {
      if (method !== 'POST' || url !== CONFIRM) return undefined;
      n += 1;
      return n === 1 ? purchase({ status: 'pending', paid_at: null }) : purchase();
    });
    await openApp(page());
    await waitFor(() => expect(text()).toContain('Waiting for confirmation from the payment provider…'));
    await waitFor(() => expect(heading()).toBe('Payment received'));
    expect(api.of('POST', CONFIRM)).toHaveLength(2);
  });
});
