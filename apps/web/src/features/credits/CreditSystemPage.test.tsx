// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { labelled } from '../../test/app-harness';
import { all, cleanup, control, dialog, E, E2, entry, fakeApi, J, json, manager, openApp, PU, purchase, S, A, text, type } from './credits.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const LEDGER = '/portal/v1/credit/ledgers';
const rows = () => all('main tbody tr').filter((r) => r.closest('table')?.getAttribute('aria-label') === 'Credit history');

/** MUI's select: open it like a user and pick the option. */
async function choose(label: string, option: string) {
  const select = all('[role="combobox"]').find((el) => el.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent === label));
  select!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  const item = await waitFor(() => {
    const found = all('[role="option"]').find((o) => o.textContent === option);
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  item.click();
}

describe('CreditSystemPage', () => {
  it('shows the balance and the ledger, and filters the ledger by credit action through the URL', async () => {
    const api = fakeApi(({ method, url }) => {
      if (method !== 'GET' || !url.startsWith(LEDGER)) return undefined;
      if (url.includes('action=grant'))
        return { data: [entry(3, { credit_amount: 2, balance: 7, reason: 'Goodwill', actor: { id: 'u', name: 'Sofia Martinez' } })], meta: { page: 1, per_page: 25, total: 1 } };
      return {
        data: [
          entry(1, { action: 'post', credit_amount: -1, balance: 5, reason: 'Posted “Barista”', reference: { type: 'job', id: J, label: 'Barista', purchase: null } }),
          entry(2, {
            action: 'purchase',
            credit_amount: 25,
            balance: 6,
            reason: 'Bought 25 credits',
            reference: {
              type: 'purchase',
              id: PU,
              label: '25 × credit, $112.50',
              purchase: { quantity: 25, total_cents: 11250, currency: 'USD', purpose: 'credits' },
            },
          }),
          entry(4, {
            action: 'purchase',
            credit_amount: 1,
            balance: 6,
            reason: 'Paid directly for a job post',
            reference: { type: 'purchase', id: PU, label: '1 × credit, $5.00', purchase: { quantity: 1, total_cents: 500, currency: 'USD', purpose: 'job_post' } },
          }),
        ],
        meta: { page: 1, per_page: 25, total: 3 },
      };
    });
    const router = await openApp('/acme/jobs/credit-system');
    expect(document.querySelector('main h1')?.textContent).toBe('Credit system');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(text()).toContain('Credits of Acme Pty Ltd');
    expect(text()).toContain('5 credits');
    expect(text()).toContain('$5.00 per credit');
    expect(control('Buy credits').getAttribute('href')).toBe('/acme/jobs/credit-system/create');
    // An employer user may not grant credits to themselves.
    expect(() => control('Grant or revoke credits')).toThrow();

    const [post, bought, paidForPost] = rows();
    expect(post!.textContent).toContain('-1');
    expect(post!.textContent).toContain('Job post');
    expect(post!.textContent).toContain('Spent on posting the job');
    expect(control('Barista', post).getAttribute('href')).toBe(`/acme/jobs/jobs/${J}`);
    expect(bought!.textContent).toContain('+25');
    expect(bought!.textContent).toContain('Purchase');
    expect(bought!.textContent).toContain('Bought 25 credits');
    expect(control('Receipt for 25 credits, $112.50', bought).tagName).toBe('BUTTON');
    expect(paidForPost!.textContent).toContain('Paid directly for one job post');
    expect(control('Receipt for 1 credit, $5.00', paidForPost).tagName).toBe('BUTTON');
    expect(api.of('GET', LEDGER).map((c) => c.url)).toEqual([`${LEDGER}?page=1&per_page=25`]);

    await choose('Credit action', 'Grant');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?action=grant'));
    await waitFor(() => expect(api.of('GET', LEDGER).at(-1)?.url).toBe(`${LEDGER}?page=1&per_page=25&action=grant`));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Goodwill');
    expect(rows()[0]!.textContent).toContain('Sofia Martinez');
  });

  it('says when no entry matches the filter, and clears it', async () => {
    const api = fakeApi();
    const router = await openApp('/acme/jobs/credit-system?action=refund');
    await waitFor(() => expect(document.querySelector('main [role="status"]')?.textContent).toContain('No “Refund” entries'));
    expect(api.of('GET', LEDGER)[0]!.url).toBe(`${LEDGER}?page=1&per_page=25&action=refund`);
    control('Show all actions').click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(text()).toContain('No credit activity yet'));
  });

  it('opens a printable receipt from the ledger', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fakeApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith(LEDGER))
        return { data: [entry(1, { action: 'purchase', credit_amount: 25, reference: { type: 'purchase', id: PU, label: null, purchase: null } })], meta: { page: 1, per_page: 25, total: 1 } };
      if (method === 'GET' && url === `/portal/v1/credit/purchases/${PU}`) return purchase();
      return undefined;
    });
    await openApp('/acme/jobs/credit-system');
    await waitFor(() => expect(rows()).toHaveLength(1));
    control('Receipt', rows()[0]).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('$112.50'));
    const receipt = dialog()!;
    expect(receipt.textContent).toContain('25 credits');
    expect(receipt.textContent).toContain('Discount tier10% off');
    expect(receipt.textContent).toContain('$125.00'); // subtotal
    expect(receipt.textContent).toContain('-$12.50'); // discount
    expect(receipt.textContent).toContain('Erin Employer');
    expect(receipt.textContent).toContain('Acme Jobs');
    control('Print', receipt).click();
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows the discount tiers in credits or in money', async () => {
    fakeApi();
    await openApp('/acme/jobs/credit-system');
    const tiersTable = () => all('table').find((t) => t.closest('section')?.querySelector('h2')?.textContent === 'Discount tiers')!;
    await waitFor(() => expect(tiersTable()?.textContent).toContain('10% off'));
    expect(tiersTable().textContent).toContain('10–49 credits');
    expect(tiersTable().textContent).toContain('50+ credits');
    expect(tiersTable().textContent).toContain('12.5% off');
    control('US dollars').click();
    await waitFor(() => expect(tiersTable().textContent).toContain('Price per credit'));
    expect(tiersTable().textContent).toContain('$4.50'); // 10% off $5.00
    expect(tiersTable().textContent).toContain('10 credits: $45.00');
    expect(tiersTable().textContent).toContain('50 credits: $218.75');
  });

  it('asks staff to choose an employer, then shows that employer’s credits', async () => {
    const api = fakeApi(({ method, url, headers }) => {
      if (method === 'GET' && url.startsWith('/portal/v1/credit/') && !headers.get('X-AF-EMPID'))
        return json(422, { message: 'The given data was invalid.', errors: { employer_id: ['This field is required.'] } });
      if (method === 'GET' && url.startsWith('/portal/v1/site/lookups/employers'))
        return [{ id: E, name: 'Acme Pty Ltd' }, { id: E2, name: 'Globex Cafe' }];
      if (method === 'GET' && url === '/portal/v1/credit/balance')
        return { employer: { id: E2, name: 'Globex Cafe' }, balance: 0, price_per_credit_cents: 500, currency: 'USD' };
      return undefined;
    });
    await openApp('/acme/jobs/credit-system', manager);
    await waitFor(() => expect(text()).toContain('Choose an employer to see its credits'));
    // Without an employer every credit endpoint can only answer 422: none is asked.
    expect(api.calls.filter((c) => c.url.startsWith('/portal/v1/credit/')).map((c) => c.url)).toEqual([]);
    const picker = labelled('Employer') as HTMLInputElement;
    picker.focus();
    picker.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    const option = await waitFor(() => {
      const found = all('[role="option"]').find((o) => o.textContent === 'Globex Cafe');
      if (!found) throw new Error('no option');
      return found;
    });
    // The lookup is asked site-wide, not narrowed to an employer.
    const lookup = api.of('GET', '/portal/v1/site/lookups/employers')[0]!;
    expect(lookup.headers.get('X-AF-SID')).toBe(S);
    expect(lookup.headers.get('X-AF-EMPID')).toBeNull();
    option.click();
    await waitFor(() => expect(text()).toContain('Credits of Globex Cafe'));
    expect(session.get().scope).toEqual({ accountId: A, siteId: S, employerId: E2 });
    expect(api.of('GET', '/portal/v1/credit/balance').at(-1)!.headers.get('X-AF-EMPID')).toBe(E2);
  });

  it('grants or revokes credits only with a reason, refuses a revoke over the balance as typed, asks before revoking and shows a 422 on its field', async () => {
    const api = fakeApi(({ method, url, body }) => {
      if (method === 'POST' && url === '/portal/v1/credit/adjustments') {
        const { action, amount } = body as { action: string; amount: number };
        // The balance fell to 3 since the dialog opened: the API's refusal still lands on the field.
        if (action === 'revoke' && amount > 3)
          return json(422, { message: 'The given data was invalid.', errors: { amount: ['The employer has only 3 credits to revoke.'] } });
        return json(201, { entry: entry(9), balance: 5 + amount });
      }
      return undefined;
    });
    await openApp('/acme/jobs/credit-system', manager, { accountId: A, siteId: S, employerId: E });
    await waitFor(() => expect(text()).toContain('Credits of Acme Pty Ltd'));
    control('Grant or revoke credits').click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Acme Pty Ltd has 5 credits.');
      return dialog()!;
    });
    type(labelled('Number of credits') as HTMLInputElement, '8');
    control('Continue', form).click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    expect(api.of('POST', '/portal/v1/credit/adjustments')).toHaveLength(0);

    // More than the balance is refused on the field as soon as "revoke" is chosen, before any confirmation.
    (all<HTMLInputElement>('input[type="radio"]', form).find((r) => r.value === 'revoke')!).click();
    await waitFor(() => expect(form.textContent).toContain('The employer has only 5 credits to revoke.'));
    type(labelled('Reason') as HTMLTextAreaElement, 'Duplicate purchase');
    control('Continue', form).click();
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog()!.textContent).not.toContain('will be taken from');
    expect((labelled('Number of credits') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');

    type(labelled('Number of credits') as HTMLInputElement, '4');
    await waitFor(() => expect(form.textContent).not.toContain('The employer has only 5 credits to revoke.'));
    control('Continue', form).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('4 credits will be taken from Acme Pty Ltd.'));
    expect(dialog()!.textContent).toContain('This cannot be undone, except by granting credits again.');
    expect(api.of('POST', '/portal/v1/credit/adjustments')).toHaveLength(0);
    control('Revoke 4 credits', dialog()!).click();

    await waitFor(() => expect(dialog()?.textContent).toContain('The employer has only 3 credits to revoke.'));
    expect(api.of('POST', '/portal/v1/credit/adjustments').map((c) => c.body)).toEqual([
      { action: 'revoke', amount: 4, reason: 'Duplicate purchase' },
    ]);
    const amount = labelled('Number of credits') as HTMLInputElement;
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    (all<HTMLInputElement>('input[type="radio"]', dialog()!).find((r) => r.value === 'grant')!).click();
    control('Continue', dialog()!).click();
    await waitFor(() => expect(text()).toContain('4 credits granted. New balance: 9.'));
    expect(api.of('POST', '/portal/v1/credit/adjustments').at(-1)!.body).toEqual({ action: 'grant', amount: 4, reason: 'Duplicate purchase' });
  });

  it('sends a grant with an Idempotency-Key, the same one when retried after a server failure, a new one for the next grant', async () => {
    let attempts = 0;
    const api = fakeApi(({ method, url, body }) => {
      if (method !== 'POST' || url !== '/portal/v1/credit/adjustments') return undefined;
      attempts += 1;
      if (attempts === 1) return json(503, { message: 'Unknown error.' });
      return json(201, { entry: entry(9), balance: 5 + (body as { amount: number }).amount });
    });
    await openApp('/acme/jobs/credit-system', manager, { accountId: A, siteId: S, employerId: E });
    await waitFor(() => expect(text()).toContain('Credits of Acme Pty Ltd'));
    const grant = async () => {
      control('Grant or revoke credits').click();
      const form = await waitFor(() => {
        expect(dialog()?.textContent).toContain('Acme Pty Ltd has');
        return dialog()!;
      });
      type(labelled('Number of credits') as HTMLInputElement, '2');
      type(labelled('Reason') as HTMLTextAreaElement, 'Promised on the phone');
      control('Continue', form).click();
      return form;
    };
    const form = await grant();
    await waitFor(() => expect(form.textContent).toContain('Unknown error.'));
    control('Continue', form).click();
    await waitFor(() => expect(text()).toContain('2 credits granted. New balance: 7.'));
    await waitFor(() => expect(dialog()).toBeFalsy());
    await grant();
    await waitFor(() => expect(api.of('POST', '/portal/v1/credit/adjustments')).toHaveLength(3));

    const keys = api.of('POST', '/portal/v1/credit/adjustments').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('exports the filtered ledger as CSV for a manager, and offers no export to an employer user', async () => {
    const api = fakeApi(({ method, url, headers }) => {
      if (method === 'GET' && url.startsWith(LEDGER) && headers.get('Accept') === 'text/csv')
        return new Response('Date,Action\r\n', { headers: { 'Content-Type': 'text/csv' } });
      return undefined;
    });
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:credits');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      await openApp('/acme/jobs/credit-system?action=grant', manager, { accountId: A, siteId: S, employerId: E });
      await waitFor(() => expect(text()).toContain('Credits of Acme Pty Ltd'));
      control('Export CSV').click();
      await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^credits-\d{4}-\d{2}-\d{2}\.csv$/)]));
      const csv = api.of('GET', LEDGER).find((c) => c.headers.get('Accept') === 'text/csv');
      expect(csv?.url).toBe(`${LEDGER}?page=1&per_page=25&action=grant`);
    } finally {
      for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
    }
    cleanup();
    fakeApi();
    await openApp('/acme/jobs/credit-system');
    await waitFor(() => expect(text()).toContain('Credits of Acme Pty Ltd'));
    expect(() => control('Export CSV')).toThrow();
  });
});
