// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { snackbar } from '../../../lib/snackbar';
import { bodiesOf, button, cleanup, fakeApi, J, json, makeJob, openApp, P2 } from './wizard.fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(cleanup);

const readyJob = () => makeJob({ advert_start_at: '2025-02-01T00:00:00.000Z', advert_end_at: '2025-03-01T00:00:00.000Z' });
const POST = `POST /portal/v1/jobs/${J}/post`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function chooseProduct(name: string) {
  const label = [...document.querySelectorAll('label')].find((l) => l.querySelector('p')?.textContent === name);
  label!.querySelector('input')!.click();
}

describe('job wizard, step 6 (Payment & Confirmation)', () => {
  it('on 402 shows the exact insufficient-credits message and a Buy credits link that returns here', async () => {
    const api = fakeApi({ job: readyJob(), post: () => json(402, { message: messages.insufficientCredits, code: 'insufficient_credits' }) });
    await openApp(`/acme/jobs/jobs/edit?id=${J}&step=payment`);
    await vi.waitFor(() => expect(document.body.textContent).toContain('Featured'));
    expect(document.body.textContent).toContain('Acme Pty Ltd has 0 credits.');
    chooseProduct('Featured');
    button('Post job').click();

    const alert = () => [...document.querySelectorAll('[role="alert"]')].find((a) => a.textContent?.includes('enough credits'));
    await vi.waitFor(() => expect(alert()).toBeDefined());
    expect(alert()!.querySelector('.MuiAlert-message')?.textContent).toBe(
      "You don't have enough credits to post this job. Please purchase more credits to continue.",
    );
    const buy = alert()!.querySelector('a');
    expect(buy?.textContent).toBe('Buy credits');
    expect(buy?.getAttribute('href')).toBe(
      `/acme/jobs/credit-system/create?return_to=${encodeURIComponent(`/acme/jobs/jobs/edit?id=${J}&step=payment`)}`,
    );
    // The product was kept on the draft first, so it is still chosen after buying credits.
    expect(bodiesOf(api.calls, `PATCH /portal/v1/jobs/${J}`)).toEqual([{ product_id: P2 }]);
    const post = api.calls.find((c) => c.call === POST)!;
    expect(post.body).toEqual({ product_id: P2 });
    expect(post.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it('retries with the same Idempotency-Key after a server failure, then opens the posted job', async () => {
    const api = fakeApi({
      job: readyJob(),
      post: (n) => (n === 1 ? json(503, { message: messages.unknownError }) : undefined),
    });
    const show = vi.spyOn(snackbar, 'show');
    const router = await openApp(`/acme/jobs/jobs/edit?id=${J}&step=payment`);
    await vi.waitFor(() => expect(document.body.textContent).toContain('Standard'));
    chooseProduct('Standard');
    button('Post job').click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Unknown error.'));
    button('Post job').click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/jobs/${J}`));
    const keys = api.calls.filter((c) => c.call === POST).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(show).toHaveBeenCalledWith('Job posted', 'success');
  });
});
