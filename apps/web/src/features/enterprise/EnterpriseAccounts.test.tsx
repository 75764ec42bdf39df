// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EnterpriseAccountDetail } from '@hireline/contract/enterprise';
import { account, acid, buttons, byText, cleanup, dialog, fakeApi, labelled, openEnterpriseApp, page, type } from './enterprise.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));
const helperOf = (label: string) => {
  const input = labelled(label)!;
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};
const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Account actions"]');

describe('Enterprise accounts', () => {
  it('lists the accounts and writes the search and the status filter to the URL', async () => {
    const { calls } = fakeApi((method, url) => (method === 'GET' && url.pathname === '/portal/v1/enterprise/accounts' ? page([account(1), account(2, { enabled: false, domain: 'jobs.two.test' })]) : undefined));
    const router = await openEnterpriseApp('/enterprise/accounts');
    await waitFor(() => expect(document.querySelectorAll('main tbody tr')).toHaveLength(2));
    expect([...document.querySelectorAll('main tbody tr')[1]!.querySelectorAll('td, th')].map((c) => c.textContent)).toEqual([
      'Account 2', 'account-2', 'jobs.two.test', '1', '2', 'Disabled',
    ]);
    expect(byText('Account 1')?.getAttribute('href')).toBe(`/enterprise/accounts/${acid(1)}`);
    expect(byText('Add account')?.getAttribute('href')).toBe('/enterprise/accounts/create');
    type(document.querySelector<HTMLInputElement>('main input[type="search"]')!, 'acme');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?q=acme'));
    // The status filter, a select: opened like a user (mouse down) and picked.
    const status = [...document.querySelectorAll<HTMLElement>('main [role="combobox"]')].find((el) =>
      el.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent === 'Status'),
    )!;
    status.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    const disabled = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Disabled');
      if (!found) throw new Error('no option');
      return found;
    });
    disabled.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?q=acme&enabled=false'));
    await waitFor(() => expect(calls.at(-1)).toBe('GET /portal/v1/enterprise/accounts?page=1&per_page=25&q=acme&enabled=false'));
  });

  it('creates an account with a slug suggested from the name, lands on its page and says the invitation went', async () => {
    const created = account(5, { name: 'Wombat Recruitment', slug: 'wombat-recruitment' });
    const headers: Headers[] = [];
    const { calls } = fakeApi((method, url, _body, h) => {
      if (method === 'POST' && url.pathname === '/portal/v1/enterprise/accounts') {
        headers.push(h);
        return Response.json(created, { status: 201 });
      }
      if (method === 'GET' && url.pathname === `/portal/v1/enterprise/accounts/${acid(5)}`) return created;
      return undefined;
    });
    const router = await openEnterpriseApp('/enterprise/accounts/create');
    expect(document.querySelector('main h1')?.textContent).toBe('Add an account');
    type(labelled('Name') as HTMLInputElement, 'Wombat Recruitment');
    await waitFor(() => expect((labelled('Address name') as HTMLInputElement).value).toBe('wombat-recruitment'));
    type(labelled('Title') as HTMLInputElement, 'Wombat careers');
    type(labelled('Domain') as HTMLInputElement, 'Jobs.Wombat.example');
    type(labelled('Primary colour') as HTMLInputElement, '#12AB34');
    type(labelled('Admin email') as HTMLInputElement, 'Wendy@Wombat.example');
    type(labelled('Admin name') as HTMLInputElement, 'Wendy Wombat');
    byText('Create account')!.click();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(JSON.parse(writes(calls)[0]!.replace(/^POST \S+ /, ''))).toEqual({
      name: 'Wombat Recruitment',
      slug: 'wombat-recruitment',
      title: 'Wombat careers',
      domain: 'jobs.wombat.example',
      primary_color: '#12AB34',
      admin: { email: 'wendy@wombat.example', name: 'Wendy Wombat' },
    });
    // Enterprise administration is asked without the selected account's scope headers.
    expect(headers[0]!.get('X-AF-AID')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/enterprise/accounts/${acid(5)}`));
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Wombat Recruitment'));
    // The snackbar is fetched with the first message (app/providers.tsx): it shows a moment after the change.
    await waitFor(() => expect(document.body.textContent).toContain('Invitation sent to wendy@wombat.example.'));
    expect(document.querySelector('main')!.textContent).toContain('Invited');
  });

  it('keeps a slug typed by hand and shows the API 422 on it', async () => {
    const { calls } = fakeApi((method, url) =>
      method === 'POST' && url.pathname === '/portal/v1/enterprise/accounts'
        ? Response.json({ message: 'The given data was invalid.', errors: { slug: ['Another account already uses this address name.'] } }, { status: 422 })
        : undefined,
    );
    await openEnterpriseApp('/enterprise/accounts/create');
    type(labelled('Address name') as HTMLInputElement, 'acme');
    type(labelled('Name') as HTMLInputElement, 'Acme Two');
    expect((labelled('Address name') as HTMLInputElement).value).toBe('acme');
    type(labelled('Admin email') as HTMLInputElement, 'a@acme.test');
    type(labelled('Admin name') as HTMLInputElement, 'A');
    byText('Create account')!.click();
    await waitFor(() => expect(helperOf('Address name')).toBe('Another account already uses this address name.'));
    expect(writes(calls)).toHaveLength(1);
    expect(JSON.parse(writes(calls)[0]!.replace(/^POST \S+ /, ''))).toEqual({
      name: 'Acme Two',
      slug: 'acme',
      primary_color: '#7367F0',
      admin: { email: 'a@acme.test', name: 'A' },
    });
  });

  it('disables an account only after a confirmation saying its users are signed out and its boards go offline', async () => {
    const current: EnterpriseAccountDetail = account(3);
    const BASE = `/portal/v1/enterprise/accounts/${acid(3)}`;
    const { calls } = fakeApi((method, url) => {
      if (method === 'GET' && url.pathname === BASE) return current;
      if (method === 'POST' && url.pathname === `${BASE}/disable`) return Object.assign(current, { enabled: false });
      return undefined;
    });
    await openEnterpriseApp(`/enterprise/accounts/${acid(3)}`);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Disable']);
    byText('Disable', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Disable Account 3?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('Its users are signed out and its boards go offline');
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(writes(calls)).toEqual([]);
    byText('Disable account', confirm)!.click();
    await waitFor(() => expect(writes(calls)).toEqual([`POST ${BASE}/disable`]));
    await waitFor(() => expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Enable']));
    await waitFor(() => expect(document.body.textContent).toContain('Account 3 was disabled.'));
  });

  it('edits the name, title and domain in a dialog', async () => {
    const current = account(3);
    const BASE = `/portal/v1/enterprise/accounts/${acid(3)}`;
    const { calls } = fakeApi((method, url, body) => {
      if (method === 'GET' && url.pathname === BASE) return current;
      if (method === 'PATCH' && url.pathname === BASE) return Object.assign(current, body);
      return undefined;
    });
    await openEnterpriseApp(`/enterprise/accounts/${acid(3)}`);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Edit', toolbar()!)!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Edit Account 3');
      return dialog()!;
    });
    type(form.querySelector<HTMLInputElement>('input[name="domain"]')!, 'careers.three.test');
    byText('Save changes', form)!.click();
    await waitFor(() =>
      expect(writes(calls)).toEqual([`PATCH ${BASE} {"name":"Account 3","title":"Account 3 careers","domain":"careers.three.test"}`]),
    );
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('offers no actions to staff who may only view', async () => {
    fakeApi((method, url) => (method === 'GET' && url.pathname === `/portal/v1/enterprise/accounts/${acid(3)}` ? account(3) : undefined));
    await openEnterpriseApp(`/enterprise/accounts/${acid(3)}`, ['enterprise.view']);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toContain('Account 3'));
    expect(toolbar()).toBeNull();
  });
});
