// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, button, cleanup, dialog, dialogButton, E, fakeApi, J, makeJob, openApp, P1, staffUser } from './wizard.fixtures';
import type { CurrentUser } from '../../../lib/current-user';
import { waitFor } from '../../../test/wait';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const POST = `POST /portal/v1/jobs/${J}/post`;
const WIZARD = `/acme/jobs/jobs/edit?id=${J}&step=payment`;
const withCredits = (n: number) =>
  makeJob({
    advert_start_at: '2025-02-01T00:00:00.000Z',
    advert_end_at: '2025-03-01T00:00:00.000Z',
    employer: { id: E, name: 'Acme Pty Ltd', credit_balance: n },
  });
const hasButton = (name: string) => [...document.querySelectorAll('button')].some((b) => b.textContent === name);
const link = (name: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === name);

async function openPayment(credits: number, user?: CurrentUser) {
  const api = fakeApi({ job: withCredits(credits), holdDetailAfterPost: true });
  const router = await openApp(WIZARD, user);
  await waitFor(() => expect(document.body.textContent).toContain('Standard'));
  const standard = [...document.querySelectorAll('label')].find((l) => l.querySelector('p')?.textContent === 'Standard');
  standard!.querySelector('input')!.click();
  return { api, router };
}

describe('job wizard, posting: the confirmation names the cost', () => {
  it('says "This uses 1 credit; 12 left." and posts nothing on Cancel or Escape', async () => {
    const { api } = await openPayment(13);
    button('Post job').click();
    await waitFor(() => expect(dialog()?.textContent).toContain('This uses 1 credit; 12 left.'));
    expect(dialog()!.querySelector('h2')?.textContent).toBe('Post “Barista”?');
    // Cancel has the focus: Enter never spends the credit by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');

    dialogButton('Cancel').click();
    await waitFor(() => expect(dialog()).toBeNull());
    button('Post job').click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(api.calls.some((c) => c.call === POST)).toBe(false);
  });

  it('names what the last credit leaves: "This uses 1 credit; 0 left."', async () => {
    await openPayment(1);
    button('Post job').click();
    await waitFor(() => expect(dialog()?.textContent).toContain('This uses 1 credit; 0 left.'));
  });

  it('opens the posted job already showing its new status and balance, without asking for it again', async () => {
    const { api, router } = await openPayment(3);
    button('Post job').click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    dialogButton('Post job').click();
    // The job's detail is never answered once posted: what the page shows comes from the post's answer.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/jobs/${J}`));
    const main = () => document.querySelector('main')!;
    await waitFor(() => expect(main().querySelector('h1')?.textContent).toBe('Barista'));
    expect(main().textContent).toContain('Live');
    expect(main().textContent).not.toContain('Draft');
    expect(main().textContent).toContain('2 credits');
    const toolbar = main().querySelector('[role="toolbar"]')!;
    expect([...toolbar.querySelectorAll('a, button')].map((b) => b.textContent)).not.toContain('Post');
    expect(api.calls.filter((c) => c.call === POST)).toHaveLength(1);
  });
});

describe('job wizard, posting without enough credits', () => {
  it('an employer user gets no Post job button but Buy credits, for this employer, coming back here, the product kept', async () => {
    const { api } = await openPayment(0);
    // The product just chosen is kept on the draft, so it is still chosen once back with a credit.
    await waitFor(() => expect(bodiesOf(api.calls, `PATCH /portal/v1/jobs/${J}`)).toEqual([{ product_id: P1 }]));
    await waitFor(() => expect(document.body.textContent).toContain('Acme Pty Ltd has 0 credits.'));
    expect(hasButton('Post job')).toBe(false);
    expect(link('Grant credits')).toBeUndefined();
    const href = new URL(link('Buy credits')!.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/acme/jobs/credit-system/create');
    expect(href.searchParams.get('employer')).toBe(E);
    expect(href.searchParams.get('return_to')).toBe(WIZARD);
  });

  it('staff get no Post job button but Grant credits, opening the grant form for this employer', async () => {
    await openPayment(0, staffUser);
    await waitFor(() => expect(document.body.textContent).toContain('Acme Pty Ltd has 0 credits.'));
    expect(hasButton('Post job')).toBe(false);
    expect(link('Buy credits')).toBeUndefined();
    const href = new URL(link('Grant credits')!.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/acme/jobs/credit-system');
    expect(href.searchParams.get('employer')).toBe(E);
    expect(href.searchParams.get('grant')).toBe('1');
    expect(href.searchParams.get('return_to')).toBe(WIZARD);
  });
});
