// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountUser } from '@hireline/contract/account-users';
import { impersonationMessages } from '@hireline/contract/impersonation';
import i18n from '../../test/i18n';
import { translateMessage } from '../../lib/messages';
import { session } from '../../lib/session';
import {
  A,
  ME,
  S,
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
  person(1, { name: 'Ada Admin' }),
  person(2, { name: 'Bo Builder' }),
  person(3, { name: 'Cy Disabled', status: 'disabled' }),
  person(4, { id: ME, name: 'Olivia Admin' }),
];
const EXPIRES = new Date(Date.now() + 60 * 60_000).toISOString();

/** Bo as `/auth/me` answers him to the child token. */
const BO = {
  id: uid(2),
  name: 'Bo Builder',
  email: 'person2@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: ['jobs.view'] },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
  impersonating: { by: { id: ME, name: 'Olivia Admin' }, redirect: '/acme/users?q=o', reason: 'Ticket 42', expires_at: EXPIRES },
};

/**
 * The people list (as the API answers an account admin, unless `people` says what it answers another caller);
 * `start` answers POST /auth/impersonate. Records the token each `/auth/me` was asked with.
 */
function api(start: (body: unknown) => unknown = () => undefined, people: AccountUser[] = PEOPLE) {
  const meTokens: (string | null)[] = [];
  const asChild: string[] = [];
  const { calls } = fakeApi((method, url, body, headers) => {
    if (headers.get('Authorization') === 'Bearer child-token' && url.pathname !== '/portal/auth/me') asChild.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === '/portal/v1/accounts/users') return page(people);
    if (method === 'POST' && url.pathname === '/portal/auth/impersonate') return start(body);
    if (method === 'GET' && url.pathname === '/portal/auth/me') {
      meTokens.push(headers.get('Authorization'));
      return BO;
    }
    return accountAnswers(method, url, body, headers);
  });
  return { calls, meTokens, asChild };
}

const rows = () => [...document.querySelectorAll<HTMLElement>('main tbody tr')];

/** Opens the row menu of `name` and answers its items (the menu is the one that button controls). */
async function menuOf(name: string): Promise<HTMLElement[]> {
  const button = document.querySelector<HTMLElement>(`[aria-label="Actions for ${name}"]`);
  if (!button) return [];
  button.click();
  return waitFor(() => {
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    expect(items.length).toBeGreaterThan(0);
    return items;
  });
}
const labels = async (name: string) => (await menuOf(name)).map((i) => i.textContent);

async function openDialog(name: string) {
  (await menuOf(name)).find((i) => i.textContent === 'Act as…')!.click();
  return waitFor(() => {
    expect(dialog()?.querySelector('h2')?.textContent).toBe(`Act as ${name}?`);
    return dialog()!;
  });
}

const reason = () => labelled('Reason') as HTMLTextAreaElement;
const helper = (el: Element) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;
const starts = (calls: string[]) => calls.filter((c) => c.startsWith('POST /portal/auth/impersonate'));

describe('Act as (account users)', () => {
  it('is offered for anyone active but yourself, to those who may impersonate', async () => {
    api();
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(await labels('Ada Admin')).toContain('Act as…');
    expect(await labels('Bo Builder')).toContain('Act as…');
    expect(await labels('Cy Disabled')).toEqual(['Edit access', 'Enable', 'Remove']);
    // Your own row has no actions at all.
    expect(document.querySelector('[aria-label="Actions for Olivia Admin"]')).toBeNull();
  });

  it('is the only action of someone who may impersonate but not manage users, and absent without the permission', async () => {
    api(undefined, PEOPLE.map((p) => ({ ...p, allowed_actions: [] })));
    await openAccountApp('/acme/users', ['users.view', 'users.impersonate']);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(await labels('Ada Admin')).toEqual(['Act as…']);
    expect(document.querySelector('[aria-label="Actions for Cy Disabled"]')).toBeNull();
    cleanup();

    api(undefined, PEOPLE.map((p) => ({ ...p, allowed_actions: p.allowed_actions.filter((x) => x !== 'remove') })));
    await openAccountApp('/acme/users', ['users.view', 'users.update']);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(await labels('Ada Admin')).toEqual(['Edit access', 'Disable']);
  });

  it('is not offered while already acting as someone else', async () => {
    api();
    session.setToken('staff-token');
    session.startImpersonation('child-token', '/acme/users');
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(await labels('Ada Admin')).toEqual(['Edit access', 'Disable', 'Remove']);
  });

  it('asks for a reason, starts with the body the contract wants, then acts as them from home', async () => {
    const bodies: unknown[] = [];
    const { calls, meTokens, asChild } = api((body) => {
      bodies.push(body);
      return Response.json(
        { access_token: 'child-token', token_type: 'Bearer', expires_at: EXPIRES, redirect: '/acme/users?q=o', parent: 't0ken' },
        { status: 201 },
      );
    });
    const router = await openAccountApp('/acme/users?q=o');
    await waitFor(() => expect(rows()).toHaveLength(4));
    const form = await openDialog('Bo Builder');
    expect(form.textContent).toContain('for at most 60 minutes');
    expect(form.textContent).toContain('recorded under both your names');
    expect(form.textContent).toContain('cannot change their password, buy credits or act as anyone else');
    await waitFor(() => expect(document.activeElement).toBe(reason()));

    // The reason is required: nothing is sent without one.
    byText('Act as Bo Builder', form)!.click();
    await waitFor(() => expect(helper(reason())).toBe('This field is required.'));
    expect(starts(calls)).toEqual([]);

    const visited: string[] = [];
    const unsubscribe = router.subscribe('onResolved', (e) => visited.push(e.toLocation.pathname));
    type(reason(), '  Ticket 42  ');
    byText('Act as Bo Builder', form)!.click();
    await waitFor(() => expect(session.get().token).toBe('child-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    unsubscribe();
    // Straight home: never through the login page, and the staff member's page is not asked again as Bo.
    expect(visited).not.toContain('/login');
    expect(asChild.filter((c) => c.includes('/v1/accounts/'))).toEqual([]);
    expect(bodies).toEqual([{ type: 'user', id: uid(2), reason: 'Ticket 42', redirect: '/acme/users?q=o' }]);
    // The borrowed token is the session now; the staff one is kept, with where to come back to.
    expect(session.get().token).toBe('child-token');
    expect(session.get().parent).toMatchObject({ token: 't0ken', redirect: '/acme/users?q=o', scope: { accountId: A } });
    expect(meTokens).toEqual(['Bearer child-token']);
    const notice = () => document.querySelector('[aria-label="Impersonation"]')?.textContent;
    await waitFor(() => expect(notice()).toContain('Olivia Admin, you are acting as Bo Builder.'));
  });

  it('shows a refusal in the dialog: a 422 on the reason field, a 403 above it, in the reader’s language', async () => {
    let answers = 0;
    const { calls } = api(() =>
      ++answers === 1
        ? Response.json(
            { message: 'The given data was invalid.', errors: { reason: ['This value may not be greater than 500 characters.'] } },
            { status: 422 },
          )
        : Response.json({ message: impersonationMessages.notSubset }, { status: 403 }),
    );
    await openAccountApp('/acme/users');
    await waitFor(() => expect(rows()).toHaveLength(4));
    const form = await openDialog('Ada Admin');
    type(reason(), 'Ticket 42');
    byText('Act as Ada Admin', form)!.click();
    await waitFor(() => expect(helper(reason())).toBe('This value may not be greater than 500 characters.'));
    expect(reason().getAttribute('aria-invalid')).toBe('true');

    byText('Act as Ada Admin', form)!.click();
    const alerts = () => [...form.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    await waitFor(() => expect(alerts()).toContain(impersonationMessages.notSubset));
    expect(starts(calls)).toHaveLength(2);
    expect(dialog()).not.toBeNull();
    expect(session.get()).toMatchObject({ token: 't0ken', parent: null });

    // The same answer reads in French and in Arabic (the mapping every refusal goes through).
    try {
      await i18n.changeLanguage('fr');
      expect(translateMessage(impersonationMessages.notSubset)).toBe(
        "Vous ne pouvez agir qu'en tant qu'une personne qui a moins de permissions que vous.",
      );
      await i18n.changeLanguage('ar');
      expect(translateMessage(impersonationMessages.whileImpersonating)).toBe('هذا غير مسموح به أثناء انتحال الهوية.');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
