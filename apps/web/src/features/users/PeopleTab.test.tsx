// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountUser } from '@hireline/contract/account-users';
import i18n from '../../test/i18n';
import {
  S,
  S2,
  WOMBAT,
  accountAnswers,
  byText,
  cleanup,
  dialog,
  fakeApi,
  labelled,
  openAccountApp,
  page,
  person,
  type,
  uid,
} from './users.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const PEOPLE: AccountUser[] = [
  person(1, {
    name: 'Ada Admin',
    memberships: [{ scope: 'account', site: null, employer: null, role: { key: 'account_admin', name: 'Account admin' } }],
    last_active_at: '2025-02-01T12:00:00.000Z',
  }),
  person(2, {
    name: 'Bo Builder',
    status: 'invited',
    memberships: [
      { scope: 'site', site: { id: S, name: 'Acme Jobs' }, employer: null, role: { key: 'site_manager', name: 'Site manager' } },
      {
        scope: 'employer',
        site: { id: S2, name: 'Acme Care' },
        employer: { id: WOMBAT, name: 'Wombat Builders' },
        role: { key: 'employer_admin', name: 'Employer admin' },
      },
    ],
  }),
];

/** The people list and the standing answers; `invite` answers the invitation. */
function api(invite?: (body: unknown) => unknown) {
  return fakeApi((method, url, body, headers) => {
    if (method === 'GET' && url.pathname === '/portal/v1/accounts/users') return page(PEOPLE);
    if (method === 'POST' && url.pathname === '/portal/v1/accounts/users') return invite?.(body);
    if (method === 'POST' && url.pathname === `/portal/v1/accounts/users/${uid(1)}/disable`) return { ...PEOPLE[0], status: 'disabled' };
    if (method === 'PUT' && url.pathname === `/portal/v1/accounts/users/${uid(2)}/memberships`) return PEOPLE[1];
    return accountAnswers(method, url, body, headers);
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('main tbody tr')];
const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));
const field = <T extends HTMLElement = HTMLSelectElement>(name: string) => dialog()!.querySelector<T>(`[name="${name}"]`)!;
const helperOf = (input: Element) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function openInvite() {
  await waitFor(() => expect(rows()).toHaveLength(2));
  byText('Invite user')!.click();
  return waitFor(() => {
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Invite user');
    // The roles have come: the role select offers the site's.
    expect([...field('memberships.0.role').options].map((o) => o.text)).toContain('Site manager');
    return dialog()!;
  });
}

describe('PeopleTab', () => {
  it('lists each person with their access as "role · employer · site" chips, status and last activity', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls).toContain('GET /portal/v1/accounts/users?page=1&per_page=25&sort=name');
    expect(document.querySelector('main h1')?.textContent).toBe('Users');
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td, th')].map((c) => c.textContent);
    expect(cells(rows()[0]!).slice(0, 4)).toEqual(['Ada Admin', 'person1@acme.test', 'Account admin', 'Active']);
    expect([...rows()[1]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Site manager · Acme Jobs',
      'Employer admin · Wombat Builders · Acme Care',
    ]);
    expect(cells(rows()[1]!)[3]).toBe('Invited');
    expect(cells(rows()[1]!)[4]).toBe('Never');
  });

  it('invites with the memberships body, and shows a 422 on the email field', async () => {
    const bodies: unknown[] = [];
    const { calls } = api((body) => {
      bodies.push(body);
      return Response.json(
        { message: 'The given data was invalid.', errors: { email: ['This person already has access to this account. Change their access instead.'] } },
        { status: 422 },
      );
    });
    await openAccountApp('/acme/users');
    const form = await openInvite();
    type(labelled('Email') as HTMLInputElement, 'Nia@Acme.test');
    type(labelled('Name') as HTMLInputElement, 'Nia North');
    // The first row starts on the selected site.
    expect(field('memberships.0.scope').value).toBe('site');
    expect(field('memberships.0.site_id').value).toBe(S);
    type(field('memberships.0.role'), 'site_manager');

    // A second row: an employer of another site, found with that site's scope header.
    byText('Add access', form)!.click();
    await waitFor(() => expect(field('memberships.1.scope')).not.toBeNull());
    type(field('memberships.1.scope'), 'employer');
    await waitFor(() => expect(field('memberships.1.site_id')).not.toBeNull());
    type(field('memberships.1.site_id'), S2);
    const employer = await waitFor(() => {
      const input = field<HTMLInputElement>('memberships.1.employer_id');
      expect(input.disabled).toBe(false);
      return input;
    });
    employer.focus();
    employer.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Wombat Builders');
      if (!found) throw new Error('no option');
      return found;
    });
    expect(calls).toContain('GET /portal/v1/employers?per_page=50&sort=business_name');
    option.click();
    // Only the employer roles are offered there.
    expect([...field('memberships.1.role').options].map((o) => o.value)).toEqual(['', 'employer_admin']);
    type(field('memberships.1.role'), 'employer_admin');

    byText('Send invitation', form)!.click();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      email: 'nia@acme.test',
      name: 'Nia North',
      memberships: [
        { scope: 'site', site_id: S, employer_id: null, role: 'site_manager' },
        { scope: 'employer', site_id: S2, employer_id: WOMBAT, role: 'employer_admin' },
      ],
    });
    const email = labelled('Email')!;
    await waitFor(() => expect(helperOf(email)).toBe('This person already has access to this account. Change their access instead.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(dialog()).not.toBeNull();
    expect(writes(calls)).toHaveLength(1);
  });

  it('checks the rows before sending: a role is required', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users');
    const form = await openInvite();
    type(labelled('Email') as HTMLInputElement, 'nia@acme.test');
    type(labelled('Name') as HTMLInputElement, 'Nia North');
    byText('Send invitation', form)!.click();
    await waitFor(() => expect(helperOf(field('memberships.0.role'))).toBe('This field is required.'));
    expect(writes(calls)).toEqual([]);
  });

  it('sends the invitation and says so', async () => {
    api((body) => ({ ...person(9, { email: (body as { email: string }).email, status: 'invited' }) }));
    await openAccountApp('/acme/users');
    const form = await openInvite();
    type(labelled('Email') as HTMLInputElement, 'nia@acme.test');
    type(labelled('Name') as HTMLInputElement, 'Nia North');
    type(field('memberships.0.scope'), 'account');
    type(field('memberships.0.role'), 'account_admin');
    byText('Send invitation', form)!.click();
    await waitFor(() => expect(document.body.textContent).toContain('Invitation sent to nia@acme.test.'));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('disables someone only after a confirmation that says they are signed out at once', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const menu = () => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    // Someone who has not accepted their invitation yet is nobody to act as or disable: it grants nothing so far.
    document.querySelector<HTMLElement>('[aria-label="Actions for Bo Builder"]')!.click();
    await waitFor(() => expect(menu().map((m) => m.textContent)).toEqual(['Edit access', 'Resend invitation', 'Remove']));
    menu()[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => expect(menu()).toHaveLength(0));

    document.querySelector<HTMLElement>('[aria-label="Actions for Ada Admin"]')!.click();
    const item = await waitFor(() => {
      expect(menu().map((m) => m.textContent)).toEqual(['Edit access', 'Act as…', 'Disable', 'Remove']);
      return menu().find((m) => m.textContent === 'Disable')!;
    });
    item.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Disable Ada Admin?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('signed out at once');
    expect(writes(calls)).toEqual([]);
    byText('Disable user', confirm)!.click();
    await waitFor(() => expect(writes(calls)).toEqual([`POST /portal/v1/accounts/users/${uid(1)}/disable`]));
    await waitFor(() => expect(document.body.textContent).toContain('Ada Admin was disabled and signed out.'));
  });

  it("edits someone's access: their rows come prefilled and the whole list is sent", async () => {
    const { calls } = api();
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(2));
    document.querySelector<HTMLElement>('[aria-label="Actions for Bo Builder"]')!.click();
    const item = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((m) => m.textContent === 'Edit access');
      if (!found) throw new Error('no item');
      return found;
    });
    item.click();
    const form = await waitFor(() => {
      expect(dialog()?.querySelector('h2')?.textContent).toBe('Edit access of Bo Builder');
      expect(field('memberships.1.scope').value).toBe('employer');
      return dialog()!;
    });
    expect(field('memberships.0.role').value).toBe('site_manager');
    expect(field<HTMLInputElement>('memberships.1.employer_id').value).toBe('Wombat Builders');
    // Remove the employer access, make the site access a custom role.
    form.querySelector<HTMLElement>('[aria-label="Remove access 2"]')!.click();
    await waitFor(() => expect(form.querySelector('[name="memberships.1.scope"]')).toBeNull());
    type(field('memberships.0.role'), 'recruiter');
    byText('Save access', form)!.click();
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        `PUT /portal/v1/accounts/users/${uid(2)}/memberships {"memberships":[{"scope":"site","site_id":"${S}","employer_id":null,"role":"recruiter"}]}`,
      ]),
    );
    await waitFor(() => expect(document.body.textContent).toContain('Access of Bo Builder saved.'));
  });

  it('reads right to left in Arabic, its labels translated', async () => {
    api();
    await i18n.changeLanguage('ar');
    try {
      await openAccountApp('/acme/users');
      await waitFor(() => expect(rows()).toHaveLength(2));
      expect(document.documentElement.dir).toBe('rtl');
      expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['الأشخاص', 'الأدوار']);
      expect(byText('دعوة مستخدم')).toBeDefined();
      const main = document.querySelector('main')!.textContent!;
      for (const english of ['Invite user', 'People', 'Roles', 'Last active', 'Status']) expect(main).not.toContain(english);
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
