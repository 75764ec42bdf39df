// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountUser } from '@hireline/contract/account-users';
import { accountAnswers, byText, cleanup, dialog, fakeApi, ME, openAccountApp, page, person, uid } from './users.fixtures';
import { waitFor } from '../../test/wait';

/* Resetting a member's two-step sign-in from the users screen's row menu (a lost device), after confirming. */

afterEach(cleanup);

const PEOPLE: AccountUser[] = [
  person(1, { name: 'Ada Admin', mfa_enabled: true }),
  person(2, { name: 'Bo Builder', mfa_enabled: false }),
  person(4, { id: ME, name: 'Olivia Admin', mfa_enabled: true }),
];

function api() {
  return fakeApi((method, url, body, headers) => {
    if (method === 'GET' && url.pathname === '/portal/v1/accounts/users') return page(PEOPLE);
    if (method === 'POST' && url.pathname === `/portal/v1/accounts/users/${uid(1)}/mfa/reset`) return new Response(null, { status: 204 });
    return accountAnswers(method, url, body, headers);
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('main tbody tr')];

async function menuOf(name: string): Promise<HTMLElement[]> {
  const button = document.querySelector<HTMLElement>(`[aria-label="Actions for ${name}"]`)!;
  button.click();
  return waitFor(() => {
    const items = [...(document.getElementById(button.getAttribute('aria-controls') ?? '')?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    expect(items.length).toBeGreaterThan(0);
    return items;
  });
}

describe('Reset two-step sign-in (account users)', () => {
  it('is offered only for someone who has it on, and resets after the confirmation', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect((await menuOf('Bo Builder')).map((i) => i.textContent)).not.toContain('Reset two-step sign-in');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

    const item = (await menuOf('Ada Admin')).find((i) => i.textContent === 'Reset two-step sign-in')!;
    item.click();
    await waitFor(() => expect(dialog()?.querySelector('h2')?.textContent).toBe('Reset two-step sign-in of Ada Admin?'));
    expect(calls.some((c) => c.includes('/mfa/reset'))).toBe(false);
    byText('Reset', dialog()!)!.click();
    await waitFor(() => expect(calls).toContain(`POST /portal/v1/accounts/users/${uid(1)}/mfa/reset`));
    await waitFor(() => expect(document.body.textContent).toContain('Two-step sign-in of Ada Admin was reset.'));
  });
});
