// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesOf, button, cleanup, dialog, expectSnackbar, main, openSettings, PRODUCTS, settingsApi, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const fieldIn = (scope: ParentNode, label: string) => {
  const found = [...scope.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  return (found ? document.getElementById(found.htmlFor) : null) as (HTMLInputElement & HTMLSelectElement) | null;
};
const rows = () => [...main().querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

const OPTIONS = {
  work_type: [
    { value: 'full_time', label: 'Full time', enabled: true },
    { value: 'casual', label: 'Casual', enabled: false },
  ],
  pay_type: [],
  classification: [],
  industry: [],
  employer_size: [],
  visa_type: [{ value: 'citizen', label: 'Citizen', enabled: true }],
  apply_type: [
    { value: 'internal', label: 'Apply here', enabled: true },
    { value: 'url', label: 'External site', enabled: true },
    { value: 'email', label: 'By email', enabled: true },
  ],
};

describe('Products tab', () => {
  it('lists the products, adds one with the contract’s rules and the API’s 422, and deletes one after asking', async () => {
    let created = false;
    const { calls } = settingsApi((method, url, body) => {
      if (url.pathname === '/portal/v1/site/settings/products' && method === 'POST') {
        if (!created) {
          created = true;
          return Response.json(
            {
              message: 'The given data was invalid.',
              errors: { price_cents: ['The price must be a whole number of cents between 0 and 1,000,000.'] },
            },
            { status: 422 },
          );
        }
        const saved = { ...PRODUCTS[0], ...(body as object), id: '00000000-0000-4000-8000-000000000902', jobs_count: 0, position: 1 };
        return Response.json(saved, { status: 201 });
      }
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    await openSettings('/acme/jobs/settings?tab=products');
    await waitFor(() => expect(rows()).toEqual([['Standard', '30 days', 'No', '$49.00', 'Enabled', '3', '']]));

    (await button('Add product')).click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    const form = dialog()!;
    type(fieldIn(form, 'Name')!, 'Premium');
    type(fieldIn(form, 'Duration (days)')!, '400');
    type(fieldIn(form, 'Price')!, '99');
    (await button('Add product', form)).click();
    // The contract's rule, before anything is sent.
    await waitFor(() => expect(fieldIn(form, 'Duration (days)')!.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.startsWith('POST /portal/v1/site/settings/products'))).toBe(false);

    type(fieldIn(form, 'Duration (days)')!, '60');
    (await button('Add product', form)).click();
    await waitFor(() => expect(fieldIn(form, 'Price')!.getAttribute('aria-invalid')).toBe('true'));
    (await button('Add product', form)).click();
    await waitFor(() =>
      expect(bodiesOf(calls, 'POST /portal/v1/site/settings/products')[1]).toEqual({
        name: 'Premium',
        description: null,
        duration_days: 60,
        featured: false,
        price_cents: 9900,
        enabled: true,
      }),
    );
    await expectSnackbar('Premium was added.');

    (await button('Delete Standard')).click();
    await waitFor(() => expect(dialog()?.textContent).toContain('The 3 jobs posted with it keep existing, without a product.'));
    (await button('Delete product', dialog()!)).click();
    await waitFor(() => expect(calls).toContain(`DELETE /portal/v1/site/settings/products/${PRODUCTS[0]!.id}`));
    await expectSnackbar('Standard was deleted.');
  });
});

describe('Field options tab', () => {
  it('edits one kind’s list: adds an option with a value from its label, reorders, and saves it with a PUT', async () => {
    const { calls } = settingsApi((method, url, body) => {
      if (url.pathname === '/portal/v1/site/settings/field-options') return OPTIONS;
      if (method === 'PUT' && url.pathname === '/portal/v1/site/field-options/work_type') return body;
      return undefined;
    });
    await openSettings('/acme/jobs/settings?tab=field-options');
    await waitFor(() => expect(fieldIn(main(), 'Field')?.value).toBe('work_type'));
    await waitFor(() => expect(main().querySelectorAll('[role="group"][aria-label^="Option"]')).toHaveLength(2));
    // Saved values are what records store: read-only.
    expect(fieldIn(main().querySelector('[role="group"][aria-label="Option 1"]')!, 'Value')!.readOnly).toBe(true);

    (await button('Add option')).click();
    await waitFor(() => expect(main().querySelectorAll('[role="group"][aria-label^="Option"]')).toHaveLength(3));
    const added = main().querySelector('[role="group"][aria-label="Option 3"]')!;
    const label = fieldIn(added, 'Label')!;
    type(label, 'Part time');
    label.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await waitFor(() => expect(fieldIn(added, 'Value')!.value).toBe('part_time'));
    (await button('Move Part time up')).click();
    (await button('Save changes')).click();
    await waitFor(() =>
      expect(bodiesOf(calls, 'PUT /portal/v1/site/field-options/work_type')).toEqual([
        [
          { value: 'full_time', label: 'Full time', enabled: true },
          { value: 'part_time', label: 'Part time', enabled: true },
          { value: 'casual', label: 'Casual', enabled: false },
        ],
      ]),
    );
    await expectSnackbar('Work type options saved.');
  });

  it('keeps the apply types fixed: no adding or removing, values read-only', async () => {
    settingsApi((method, url) => (url.pathname === '/portal/v1/site/settings/field-options' ? OPTIONS : undefined));
    await openSettings('/acme/jobs/settings?tab=field-options');
    await waitFor(() => expect(fieldIn(main(), 'Field')).not.toBeNull());
    type(fieldIn(main(), 'Field')!, 'apply_type');
    await waitFor(() => expect(main().querySelectorAll('[role="group"][aria-label^="Option"]')).toHaveLength(3));
    expect(main().textContent).toContain('Apply types are built into the job board');
    expect([...main().querySelectorAll('button')].some((b) => b.textContent === 'Add option')).toBe(false);
    expect([...main().querySelectorAll('button')].some((b) => b.getAttribute('aria-label')?.startsWith('Remove'))).toBe(false);
    expect(fieldIn(main().querySelector('[role="group"][aria-label="Option 1"]')!, 'Value')!.readOnly).toBe(true);
  });
});

describe('CMS tab', () => {
  it('gets a token and shows it with its expiry and a copy button', async () => {
    const { calls } = settingsApi((method, url) =>
      method === 'POST' && url.pathname === '/portal/v1/cms/auth/token'
        ? { token: 'eyJ.header.sig', expires_at: '2026-03-02T09:35:00.000Z' }
        : undefined,
    );
    await openSettings('/acme/jobs/settings?tab=cms');
    expect(main().textContent).toContain('signs you in with a short-lived token');
    (await button('Get CMS token')).click();
    await waitFor(() => expect(fieldIn(main(), 'CMS token')?.value).toBe('eyJ.header.sig'));
    expect(calls).toContain('POST /portal/v1/cms/auth/token');
    expect(main().textContent).toMatch(/Expires at .*2026/);
    expect(await button('Copy the CMS token')).toBeDefined();
  });
});
