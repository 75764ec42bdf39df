// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mountApp, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/* Switching site from a record's page: the list of the new site opens, and the record is never asked there. */

afterEach(unmountApp);

const A = '00000000-0000-4000-8000-00000000000a';
const S1 = '00000000-0000-4000-8000-0000000000a1';
const S2 = '00000000-0000-4000-8000-0000000000a2';
const C = '00000000-0000-4000-8000-000000000042';
const manager = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'manager@acme.test',
  avatar: null,
  permissions: { [`account:${A}`]: ['consultants.view', 'jobs.view'] },
  accounts: [
    {
      id: A,
      name: 'Acme',
      slug: 'acme',
      sites: [
        { id: S1, name: 'Acme Jobs', slug: 'jobs', employers: [] },
        { id: S2, name: 'Acme Second', slug: 'second', employers: [] },
      ],
    },
  ],
};

describe('ScopeSwitcher', () => {
  it("opens the other site's list from a record's page without asking for the record under that site", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        asked.push(`${path} ${new Headers(init?.headers).get('X-AF-SID')}`);
        // The record is of the first site only (its page then says it is not found: enough to show it was asked).
        if (path === `/portal/v1/consultants/${C}`) return json(404, { message: 'Not found.' });
        return json(200, { data: [], meta: { page: 1, per_page: 25, total: 0 } });
      }),
    );
    const router = await mountApp(`/acme/jobs/consultants/${C}`, { user: manager, scope: { accountId: A, siteId: S1, employerId: null }, ready: 'main' });
    await waitFor(() => expect(asked).toContain(`/portal/v1/consultants/${C} ${S1}`));

    const switcher = await waitFor(() => {
      const button = [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.startsWith('Change account or site:'));
      if (!button) throw new Error('no switcher');
      return button;
    });
    switcher.click();
    const second = await waitFor(() => {
      const item = [...document.querySelectorAll<HTMLElement>('[role="menuitemradio"]')].find((i) => i.textContent === 'Acme Second');
      if (!item) throw new Error('no site item');
      return item;
    });
    second.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/second/consultants'));
    await waitFor(() => expect(asked.some((a) => a.endsWith(S2))).toBe(true));
    expect(asked.filter((a) => a.startsWith(`/portal/v1/consultants/${C} `))).toEqual([`/portal/v1/consultants/${C} ${S1}`]);
  });
});
