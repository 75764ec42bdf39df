// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EmployerUser } from '@hireline/contract/employer-users';
import { session } from '../../lib/session';
import {
  ME,
  NO_ACTIONS,
  ROLES,
  buttons,
  byText,
  choose,
  cleanup,
  detail,
  dialog,
  eid,
  employersApi,
  field,
  helperOf,
  member,
  mutations,
  openApp,
  openAsEmployer,
  type,
  uid,
} from './employers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ID = eid(7);
const BASE = `/portal/v1/employers/${ID}`;
const MANAGER = ['employers.all', 'users.view'];

/** The employer's users behind a fake API; the invite answers `inviteAnswer` (a 422 first, say). */
function api(users: EmployerUser[], options: { manage?: boolean; invite?: (body: unknown) => Response | EmployerUser } = {}) {
  return employersApi((method, url, body) => {
    if (method === 'GET' && url.pathname === BASE)
      return detail(7, options.manage === false ? { allowed_actions: NO_ACTIONS } : {});
    if (method === 'GET' && url.pathname === `${BASE}/users`) return { data: users, roles: ROLES };
    if (method === 'POST' && url.pathname === `${BASE}/users`) return options.invite?.(body);
    const userPath = /^\/portal\/v1\/employers\/[^/]+\/users\/([^/]+)(\/invitation)?$/.exec(url.pathname);
    if (userPath) {
      const user = users.find((u) => u.id === userPath[1]);
      if (!user) return undefined;
      if (method === 'POST' && userPath[2]) return { message: 'A new invitation was emailed.' };
      if (method === 'PATCH') {
        const role = ROLES.find((r) => r.key === (body as { role: string }).role)!;
        Object.assign(user, { role });
        return user;
      }
      if (method === 'DELETE') {
        users.splice(users.indexOf(user), 1);
        return new Response(null, { status: 204 });
      }
    }
    return undefined;
  });
}

// The rows of users (not the placeholders shown while they load).
const rows = () => [...document.querySelectorAll('main tbody tr')].filter((r) => r.querySelector('th'));
const rowOf = (name: string) => rows().find((r) => r.querySelector('th')?.textContent?.startsWith(name))!;
const labelsOf = (name: string) => buttons(rowOf(name)).map((b) => b.getAttribute('aria-label'));

describe('EmployerUsersPanel', () => {
  it('lists the users with their role, status and last activity', async () => {
    api([member(1), member(2, { status: 'invited', last_active_at: null, role: ROLES[1]! }), member(3, { id: ME, name: 'Sofia Martinez' })]);
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, MANAGER);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect([...document.querySelectorAll('main thead th')].map((th) => th.textContent)).toEqual([
      'Name', 'Email', 'Role', 'Status', 'Last active', 'Actions',
    ]);
    expect(rowOf('User 2').textContent).toContain('Invited');
    expect(rowOf('User 2').textContent).toContain('Never');
    // Only an invited user has an invitation to resend; nobody removes or re-roles themselves.
    const labels = (row: Element) => buttons(row).map((b) => b.getAttribute('aria-label'));
    const roleSelect = (row: Element) => row.querySelector('[role="combobox"]');
    expect(labels(rowOf('User 1'))).toEqual(['Remove User 1']);
    expect(labels(rowOf('User 2'))).toEqual(['Resend the invitation to User 2', 'Remove User 2']);
    expect(roleSelect(rowOf('User 2'))?.textContent).toBe('Recruiter');
    expect(roleSelect(rowOf('User 2'))?.getAttribute('aria-label')).toBe('Role of User 2');
    expect(rowOf('Sofia Martinez').textContent).toContain('(you)');
    expect(labels(rowOf('Sofia Martinez'))).toEqual([]);
    expect(roleSelect(rowOf('Sofia Martinez'))).toBeNull();
  });

  it('invites with the email, name and role chosen, showing a 422 on its field', async () => {
    const bodies: unknown[] = [];
    const { calls } = api([member(1)], {
      invite: (body) => {
        bodies.push(body);
        return bodies.length === 1
          ? Response.json(
              { message: 'The given data was invalid.', errors: { email: ['This person already has access to this employer.'] } },
              { status: 422 },
            )
          : member(9, { name: 'Nadia Haddad', email: 'nadia@employer.test', status: 'invited', role: ROLES[1]! });
      },
    });
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, MANAGER);
    await waitFor(() => expect(rows()).toHaveLength(1));
    byText('Invite user')!.click();
    const form = await waitFor(() => {
      expect(dialog()?.querySelector('h2')?.textContent).toBe('Invite a user');
      return dialog()!;
    });
    expect(form.textContent).toContain('They are emailed a link to accept the invitation');

    // The contract's rules first: nothing is sent while a field is wrong.
    byText('Send invitation', form)!.click();
    await waitFor(() => expect(helperOf('Email', form)).toBe('This field is required.'));
    expect(helperOf('Name', form)).toBe('This field is required.');
    expect(mutations(calls)).toEqual([]);

    type(field('Email', form), 'Nadia@Employer.test');
    type(field('Name', form), 'Nadia Haddad');
    await choose('Role', 'Recruiter');
    byText('Send invitation', form)!.click();
    await waitFor(() =>
      expect(mutations(calls)).toEqual([`POST ${BASE}/users {"email":"nadia@employer.test","name":"Nadia Haddad","role":"recruiter"}`]),
    );
    await waitFor(() => expect(helperOf('Email', form)).toBe('This person already has access to this employer.'));
    expect(field('Email', form).getAttribute('aria-invalid')).toBe('true');

    type(field('Email', form), 'nadia@employer.test');
    byText('Send invitation', form)!.click();
    await waitFor(() => expect(mutations(calls)).toHaveLength(2));
    await waitFor(() => expect(document.body.textContent).toContain('Invitation sent to nadia@employer.test.'));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('changes a role, resends an invitation, and removes a user after asking', async () => {
    const { calls } = api([member(1), member(2, { status: 'invited' })]);
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, MANAGER);
    await waitFor(() => expect(rows()).toHaveLength(2));

    await choose('Role of User 1', 'Recruiter');
    await waitFor(() => expect(mutations(calls)).toEqual([`PATCH ${BASE}/users/${uid(1)} {"role":"recruiter"}`]));
    await waitFor(() => expect(document.body.textContent).toContain('User 1 is now Recruiter.'));

    document.querySelector<HTMLButtonElement>('button[aria-label="Resend the invitation to User 2"]')!.click();
    await waitFor(() => expect(mutations(calls).at(-1)).toBe(`POST ${BASE}/users/${uid(2)}/invitation`));
    await waitFor(() => expect(document.body.textContent).toContain('A new invitation was emailed to user2@employer.test'));

    document.querySelector<HTMLButtonElement>('button[aria-label="Remove User 2"]')!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Remove User 2?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('User 2 will no longer be able to sign in for Employer 7.');
    byText('Remove user', confirm)!.click();
    await waitFor(() => expect(mutations(calls).at(-1)).toBe(`DELETE ${BASE}/users/${uid(2)}`));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(document.body.textContent).toContain('User 2 was removed.'));
  });

  it('shows the users without any way to change them when the API does not allow managing them', async () => {
    api([member(1), member(2, { status: 'invited' })], { manage: false });
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, ['employers.view']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(byText('Invite user')).toBeUndefined();
    expect(buttons(document.querySelector('main tbody')!)).toEqual([]);
    expect(document.querySelector('main tbody [role="combobox"]')).toBeNull();
    expect(rowOf('User 1').textContent).toContain('Employer admin');
    expect([...document.querySelectorAll('main thead th')].map((th) => th.textContent)).not.toContain('Actions');
  });

  it('offers "Act as" for active users but yourself to those who may impersonate, never from inside an impersonation', async () => {
    const IMPERSONATOR = [...MANAGER, 'users.impersonate'];
    const { calls } = api([
      member(1),
      member(2, { status: 'invited' }),
      member(3, { status: 'disabled' }),
      member(4, { id: ME, name: 'Sofia Martinez' }),
    ]);
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, IMPERSONATOR);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(labelsOf('User 1')).toEqual(['Act as User 1', 'Remove User 1']);
    // Not accepted yet: the invitation grants nothing, so there is nobody to act as.
    expect(labelsOf('User 2')).toEqual(['Resend the invitation to User 2', 'Remove User 2']);
    expect(labelsOf('User 3')).toEqual(['Remove User 3']);
    expect(labelsOf('Sofia Martinez')).toEqual([]);
    document.querySelector<HTMLButtonElement>('button[aria-label="Act as User 1"]')!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.querySelector('h2')?.textContent).toBe('Act as User 1?');
      return dialog()!;
    });
    expect(field('Reason', confirm).tagName).toBe('TEXTAREA');
    byText('Cancel', confirm)!.click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(mutations(calls)).toEqual([]);
    cleanup();

    // Someone who may impersonate but not manage the employer's users gets the action column for it alone.
    api([member(1)], { manage: false });
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, ['employers.view', 'users.impersonate']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(labelsOf('User 1')).toEqual(['Act as User 1']);
    cleanup();

    // Already acting as someone: the API would refuse a second impersonation, so it is not offered.
    api([member(1)]);
    session.setToken('staff-token');
    session.startImpersonation('child-token', '/acme/jobs/employers');
    await openApp(`/acme/jobs/employers/${ID}?tab=users`, IMPERSONATOR);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(labelsOf('User 1')).toEqual(['Remove User 1']);
  });

  it('is the selected employer users page at /employer/users', async () => {
    const { calls } = api([member(1)]);
    await openAsEmployer('/acme/jobs/employer/users', ['employers.all', 'users.view'], ID);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.querySelector('main h1')?.textContent).toBe('Employer users');
    expect(document.querySelector('main')!.textContent).toContain('The people who sign in for Employer 7.');
    expect(calls).toContain(`GET ${BASE}/users`);
    expect(byText('Invite user')).toBeDefined();
  });
});
