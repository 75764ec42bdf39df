// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { snackbar } from '../../../lib/snackbar';
import { bodiesOf, button, cleanup, dialogButton, E, fakeApi, J, json, makeJob, openApp, P1, P2, S } from './wizard.fixtures';
import { waitFor } from '../../../test/wait';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const readyJob = () => makeJob({ advert_start_at: '2025-02-01T00:00:00.000Z', advert_end_at: '2025-03-01T00:00:00.000Z' });
const withCredits = (n: number) => makeJob({ ...readyJob(), employer: { id: E, name: 'Acme Pty Ltd', credit_balance: n } });
/** Post job, then the confirmation's own Post job. */
async function postAndConfirm() {
  button('Post job').click();
  await waitFor(() => expect(dialogButton('Post job')).toBeDefined());
  dialogButton('Post job').click();
}
const POST = `POST /portal/v1/jobs/${J}/post`;
const PAY = `POST /portal/v1/jobs/${J}/pay`;
const CHECKOUT = 'https://pay.example.test/checkout/sbx_job';
const WIZARD = `/acme/jobs/jobs/edit?id=${J}&step=payment`;
const oneCredit = { quantity: 1, currency: 'AUD', unit_price_cents: 450, tier: null, discount_percent: 0, subtotal_cents: 450, discount_cents: 0, total_cents: 450, savings_cents: 0 };
/** The credit endpoints the direct payment uses: the 1-credit price, and starting the payment. */
const creditRoutes = (call: string) => {
  if (call === 'GET /portal/v1/credit/purchase/preview') return json(200, oneCredit);
  if (call === PAY)
    return json(201, {
      purchase: { ...oneCredit, id: '00000000-0000-4000-8000-0000000000c9', status: 'pending', purpose: 'job_post', provider: 'sandbox', employer: { id: E, name: 'Acme Pty Ltd' }, site: { id: S, name: 'Acme Jobs' }, buyer: null, job: { id: J, title: 'Barista', posted: false }, balance: 0, created_at: '2025-01-10T09:00:00.000Z', paid_at: null },
      checkout_url: CHECKOUT,
    });
  return undefined;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function chooseProduct(name: string) {
  const label = [...document.querySelectorAll('label')].find((l) => l.querySelector('p')?.textContent === name);
  label!.querySelector('input')!.click();
}

describe('job wizard, step 6 (Payment & Confirmation)', () => {
  it('on 402 (the credit was spent meanwhile) shows the exact insufficient-credits message and a Buy credits link that returns here', async () => {
    const api = fakeApi({ job: withCredits(1), post: () => json(402, { message: messages.insufficientCredits, code: 'insufficient_credits' }) });
    await openApp(`/acme/jobs/jobs/edit?id=${J}&step=payment`);
    await waitFor(() => expect(document.body.textContent).toContain('Featured'));
    await waitFor(() => expect(document.body.textContent).toContain('Acme Pty Ltd has 1 credit.'));
    chooseProduct('Featured');
    await postAndConfirm();

    const alert = () => [...document.querySelectorAll('[role="alert"]')].find((a) => a.textContent?.includes('enough credits'));
    await waitFor(() => expect(alert()).toBeDefined());
    expect(alert()!.querySelector('.MuiAlert-message')?.textContent).toBe(
      "You don't have enough credits to post this job. Please purchase more credits to continue.",
    );
    const buy = alert()!.querySelector('a');
    expect(buy?.textContent).toBe('Buy credits');
    expect(buy?.getAttribute('href')).toBe(
      `/acme/jobs/credit-system/create?return_to=${encodeURIComponent(`/acme/jobs/jobs/edit?id=${J}&step=payment`)}&employer=${E}`,
    );
    // The product was kept on the draft first, so it is still chosen after buying credits.
    expect(bodiesOf(api.calls, `PATCH /portal/v1/jobs/${J}`)).toEqual([{ product_id: P2 }]);
    const post = api.calls.find((c) => c.call === POST)!;
    expect(post.body).toEqual({ product_id: P2 });
    expect(post.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it('retries with the same Idempotency-Key after a server failure, then opens the posted job', async () => {
    const api = fakeApi({
      job: withCredits(3),
      post: (n) => (n === 1 ? json(503, { message: messages.unknownError }) : undefined),
    });
    const show = vi.spyOn(snackbar, 'show');
    const router = await openApp(`/acme/jobs/jobs/edit?id=${J}&step=payment`);
    await waitFor(() => expect(document.body.textContent).toContain('Standard'));
    chooseProduct('Standard');
    await postAndConfirm();
    await waitFor(() => expect(document.body.textContent).toContain('Unknown error.'));
    await postAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/jobs/${J}`));
    const keys = api.calls.filter((c) => c.call === POST).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(show).toHaveBeenCalledWith('Job posted', 'success');
  });

  it('without credits, offers to pay for this post directly next to Buy credits, and goes to the checkout', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi({ job: readyJob(), routes: creditRoutes });
    await openApp(WIZARD);
    const alert = () => [...document.querySelectorAll('.MuiAlert-root')].find((a) => a.textContent?.includes('no credits left'));
    await waitFor(() => expect(alert()?.textContent).toContain('Pay A$4.50 and post'));
    expect(alert()!.querySelector('a')?.textContent).toBe('Buy credits');
    await waitFor(() => expect(document.body.textContent).toContain('Featured'));
    chooseProduct('Featured');
    button('Pay A$4.50 and post').click();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT));

    const pay = api.calls.find((c) => c.call === PAY)!;
    expect(pay.body).toEqual({ product_id: P2, return_to: WIZARD });
    expect(pay.headers.get('Idempotency-Key')).toMatch(UUID);
    // The product is kept on the draft first, and the job is not posted with a credit it does not have.
    expect(bodiesOf(api.calls, `PATCH /portal/v1/jobs/${J}`)).toEqual([{ product_id: P2 }]);
    expect(api.calls.some((c) => c.call === POST)).toBe(false);
  });

  it('with credits, still offers direct payment as a secondary action', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi({ job: withCredits(3), routes: creditRoutes });
    await openApp(WIZARD);
    await waitFor(() => expect(document.body.textContent).toContain('Standard'));
    chooseProduct('Standard');
    await waitFor(() => expect(button('Pay A$4.50 and post')).toBeDefined());
    button('Pay A$4.50 and post').click();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT));
    expect(api.calls.find((c) => c.call === PAY)!.body).toEqual({ product_id: P1, return_to: WIZARD });
  });
});
