// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesOf, button, cleanup, expectSnackbar, main, openSettings, SETTINGS, settingsApi, TIERS, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

/** The field labelled `label` in the discount range `n` (1-based). */
function tierField(n: number, label: string): HTMLInputElement {
  const row = main().querySelector(`[role="group"][aria-label="Range ${n}"]`);
  const found = [...(row?.querySelectorAll('label') ?? [])].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  const el = found?.htmlFor ? (document.getElementById(found.htmlFor) as HTMLInputElement | null) : null;
  if (!el) throw new Error(`No ${label} in range ${n}`);
  return el;
}
const example = () => main().querySelector('[data-testid="tier-example"]')?.textContent;
const helperOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Pricing tab', () => {
  it('shows the price, the tiers and a live example line that follows the edits', async () => {
    settingsApi();
    await openSettings('/acme/jobs/settings?tab=pricing');
    await waitFor(() => expect(tierField(2, 'From').value).toBe('10'));
    expect(tierField(1, 'To').value).toBe('9');
    expect(tierField(2, 'To').value).toBe('');
    expect(tierField(2, 'Discount (%)').value).toBe('10');
    // 10 × $49.00 − 10 %.
    expect(example()).toBe('10 credits: $441.00 (10% discount)');

    type(tierField(2, 'Discount (%)'), '20');
    await waitFor(() => expect(example()).toBe('10 credits: $392.00 (20% discount)'));
    type(main().querySelector<HTMLInputElement>('input[name="price"]')!, '50');
    await waitFor(() => expect(example()).toBe('10 credits: $400.00 (20% discount)'));
    const quantity = [...main().querySelectorAll('label')].find((l) => l.textContent === 'Example quantity')!;
    type(document.getElementById(quantity.htmlFor) as HTMLInputElement, '3');
    await waitFor(() => expect(example()).toBe('3 credits: $150.00'));
  });

  it('sends the tiers as a PUT (blank maximum = and more) and shows the API’s error on the range it names', async () => {
    const { calls } = settingsApi((method, url) =>
      method === 'PUT' && url.pathname === '/portal/v1/site/discount-tiers'
        ? Response.json(
            { message: 'The given data was invalid.', errors: { '2.min_quantity': ['This range overlaps the range before it.'] } },
            { status: 422 },
          )
        : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=pricing');
    await waitFor(() => expect(tierField(2, 'From').value).toBe('10'));
    const save = await button('Save changes');
    expect(save.disabled).toBe(true);

    // The open-ended range gets a maximum, and a new range follows it.
    type(tierField(2, 'To'), '49');
    (await button('Add range')).click();
    await waitFor(() => expect(tierField(3, 'From').value).toBe('50'));
    type(tierField(3, 'Discount (%)'), '15.5');
    await waitFor(() => expect(save.disabled).toBe(false));
    save.click();

    await waitFor(() =>
      expect(bodiesOf(calls, 'PUT /portal/v1/site/discount-tiers')).toEqual([
        [
          { min_quantity: 1, max_quantity: 9, discount_percent: 0 },
          { min_quantity: 10, max_quantity: 49, discount_percent: 10 },
          { min_quantity: 50, max_quantity: null, discount_percent: 15.5 },
        ],
      ]),
    );
    // The price did not change: it is not sent.
    expect(calls.some((c) => c.startsWith('PATCH '))).toBe(false);
    await waitFor(() => expect(tierField(3, 'From').getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(tierField(3, 'From'))).toBe('This range overlaps the range before it.');
  });

  it('checks the ranges with the contract before sending, and saves removed rows', async () => {
    const { calls } = settingsApi((method, url, body) =>
      method === 'PUT' && url.pathname === '/portal/v1/site/discount-tiers'
        ? { ...TIERS, data: (body as { min_quantity: number }[]).map((t, i) => ({ id: `n${i}`, ...t })) }
        : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=pricing');
    await waitFor(() => expect(tierField(2, 'From').value).toBe('10'));
    type(tierField(2, 'From'), '5');
    (await button('Save changes')).click();
    await waitFor(() => expect(helperOf(tierField(2, 'From'))).toBe('This range overlaps the range before it.'));
    expect(calls.some((c) => c.startsWith('PUT '))).toBe(false);

    (await button('Remove range 1')).click();
    await waitFor(() => expect(main().querySelectorAll('[role="group"]')).toHaveLength(1));
    type(tierField(1, 'From'), '1');
    (await button('Save changes')).click();
    await waitFor(() =>
      expect(bodiesOf(calls, 'PUT /portal/v1/site/discount-tiers')).toEqual([[{ min_quantity: 1, max_quantity: null, discount_percent: 10 }]]),
    );
    await expectSnackbar('Pricing saved.');
  });

  it('saves a new price per credit and currency with a PATCH', async () => {
    const { calls } = settingsApi((method, url, body) =>
      method === 'PATCH' && url.pathname === '/portal/v1/site/settings'
        ? { ...SETTINGS, ...(body as object), generated_secrets: {} }
        : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=pricing');
    const price = await waitFor(() => {
      const el = main().querySelector<HTMLInputElement>('input[name="price"]');
      if (!el) throw new Error('no price');
      return el;
    });
    expect(price.value).toBe('49.00');
    type(price, '55');
    type(main().querySelector<HTMLSelectElement>('select[name="currency"]')!, 'EUR');
    (await button('Save changes')).click();
    await waitFor(() => expect(bodiesOf(calls, 'PATCH /portal/v1/site/settings')).toEqual([{ price_per_credit_cents: 5500, currency: 'EUR' }]));
    expect(calls.some((c) => c.startsWith('PUT '))).toBe(false);
    await expectSnackbar('Pricing saved.');
  });
});
