// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountUser } from '@hireline/contract/account-users';
import { accountAnswers, cleanup, fakeApi, openAccountApp, page, person } from './users.fixtures';
import { waitFor } from '../../test/wait';

/* The row menu offers exactly what the API's `allowed_actions` says, whatever the caller's permissions alone would. */

afterEach(cleanup);

function api(people: AccountUser[]) {
  return fakeApi((method, url, body, headers) => {
    if (method === 'GET' && url.pathname === '/portal/v1/accounts/users') return page(people);
    return accountAnswers(method, url, body, headers);
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('main tbody tr')];
const menuButton = (name: string) => document.querySelector<HTMLElement>(`[aria-label="Actions for ${name}"]`);

async function labels(name: string) {
  const button = menuButton(name)!;
  button.click();
  const items = await waitFor(() => {
    const found = [...(document.getElementById(button.getAttribute('aria-controls') ?? '')?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  const text = items.map((i) => i.textContent);
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  return text;
}

describe('UserRowActions', () => {
  it("offers the account's last admin only what the API allows: no disabling, no removal", async () => {
    api([person(1, { name: 'Last Admin', allowed_actions: ['update_access'] })]);
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(await labels('Last Admin')).toEqual(['Edit access', 'Act as…']);
  });

  it('offers no reset of two-step sign-in and no disabling for someone with access elsewhere, though it is on', async () => {
    api([person(1, { name: 'Shared Person', mfa_enabled: true, allowed_actions: ['update_access', 'remove'] })]);
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(await labels('Shared Person')).toEqual(['Edit access', 'Act as…', 'Remove']);
  });

  it('offers disabling a registrant awaiting a decision, as the API does', async () => {
    api([person(1, { name: 'Registrant', status: 'registration_pending', allowed_actions: ['update_access', 'disable', 'remove'] })]);
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(await labels('Registrant')).toEqual(['Edit access', 'Disable', 'Remove']);
  });

  it('shows no menu when the API allows nothing and there is nobody to act as, even to an admin', async () => {
    api([person(1, { name: 'Out Of Reach', status: 'disabled', allowed_actions: [] })]);
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(menuButton('Out Of Reach')).toBeNull();
  });

  it('follows allowed_actions, not the permissions: a caller allowed to edit access sees it', async () => {
    api([person(1, { name: 'Editable', status: 'invited', allowed_actions: ['update_access', 'resend_invitation'] })]);
    await openAccountApp('/acme/users', ['users.view', 'users.update']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(await labels('Editable')).toEqual(['Edit access', 'Resend invitation']);
  });
});
