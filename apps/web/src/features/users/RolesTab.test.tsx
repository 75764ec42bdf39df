// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ROLES, VOCABULARY, byText, cleanup, dialog, fakeApi, labelled, openAccountApp, page, rid, role, type } from './users.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

/** The account's roles; PATCH, POST and DELETE answer as the API would. */
function api() {
  const roles = ROLES.map((r) => ({ ...r }));
  return fakeApi((method, url, body) => {
    if (url.pathname === '/portal/v1/accounts/roles') {
      if (method === 'GET') return { data: roles, vocabulary: VOCABULARY };
      if (method === 'POST') {
        const created = role(5, { key: 'auditor', ...(body as { name: string; level: 'site' }), permissions: [] });
        roles.push(created);
        return Response.json(created, { status: 201 });
      }
    }
    const match = /^\/portal\/v1\/accounts\/roles\/(.+)$/.exec(url.pathname);
    const found = roles.find((r) => r.id === match?.[1]);
    if (found && method === 'PATCH') return Object.assign(found, body);
    if (found && method === 'DELETE') {
      roles.splice(roles.indexOf(found), 1);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/portal/v1/accounts/users') return page([]);
    return undefined;
  });
}

const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));
const box = (label: string) => document.querySelector<HTMLInputElement>(`main input[aria-label="${label}"]`)!;
const editorTitle = () => document.querySelector('#role-editor-heading')?.textContent;

async function openRole(name: string) {
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('main [role="button"], main .MuiListItemButton-root')].find((b) =>
      b.textContent?.startsWith(name),
    );
    if (!found) throw new Error(`No role ${name}`);
    return found;
  });
  item.click();
  await waitFor(() => expect(editorTitle()).toBe(`Permissions of ${name}`));
}

describe('RolesTab', () => {
  it('toggling boxes and saving sends the name and the permissions', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users?tab=roles');
    await openRole('Recruiter');
    expect(box('Jobs: View').checked).toBe(true);
    expect(box('Jobs: Create').checked).toBe(false);
    expect(byText('Save role')!.hasAttribute('disabled')).toBe(true);

    box('Jobs: Create').click();
    box('Seekers: every action').click();
    await waitFor(() => expect(box('Seekers: Delete').checked).toBe(true));
    type(labelled('Role name') as HTMLInputElement, 'Senior recruiter');
    byText('Save role')!.click();
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        `PATCH /portal/v1/accounts/roles/${rid(4)} {"name":"Senior recruiter","permissions":["jobs.view","jobs.create","seekers.all"]}`,
      ]),
    );
    await waitFor(() => expect(document.body.textContent).toContain('Role Senior recruiter saved.'));
  });

  it('unticking one action of a whole subject keeps the others', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users?tab=roles');
    await openRole('Site manager');
    expect(document.querySelector('main')!.textContent).toContain('A built-in role: you can change it, but not delete it.');
    expect(byText('Delete role')).toBeUndefined();
    box('Jobs: Delete').click();
    byText('Save role')!.click();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(JSON.parse(writes(calls)[0]!.replace(/^PATCH \S+ /, ''))).toEqual({
      name: 'Site manager',
      permissions: ['seekers.all', 'jobs.view', 'jobs.create', 'jobs.update'],
    });
  });

  it('creates a role with a name and a level, then deletes it after a confirmation', async () => {
    const { calls } = api();
    await openAccountApp('/acme/users?tab=roles');
    await openRole('Recruiter');
    byText('New role')!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Name the role');
      return dialog()!;
    });
    // The editor behind has a "Role name" too: this one is the dialog's.
    type(form.querySelector('input')!, 'Auditor');
    type(form.querySelector('select')!, 'employer');
    byText('Create role', form)!.click();
    await waitFor(() => expect(writes(calls)).toEqual(['POST /portal/v1/accounts/roles {"name":"Auditor","level":"employer","permissions":[]}']));
    await waitFor(() => expect(editorTitle()).toBe('Permissions of Auditor'));

    byText('Delete role')!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Delete the role Auditor?');
      return dialog()!;
    });
    byText('Delete role', confirm)!.click();
    await waitFor(() => expect(writes(calls).at(-1)).toBe(`DELETE /portal/v1/accounts/roles/${rid(5)}`));
    await waitFor(() => expect(document.body.textContent).toContain('Role Auditor deleted.'));
  });
});
