// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { S, byText, cid, cleanup, detail, fakeApi, labelled, openApp, openSelect, type } from './consultants.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const MANAGER = ['consultants.all', 'jobs.all', 'applications.view'];
const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));
const helperOf = (label: string) => {
  const input = labelled(label)!;
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('ConsultantFormPage', () => {
  it('checks the fields with the contract before sending anything', async () => {
    const { calls } = fakeApi(() => undefined);
    await openApp('/acme/jobs/consultants/create', MANAGER);
    byText('Add consultant')!.click();
    await waitFor(() => expect(helperOf('Name')).toBe('This field is required.'));
    type(labelled('Email') as HTMLInputElement, 'not-an-email');
    byText('Add consultant')!.click();
    await waitFor(() => expect(helperOf('Email')).toBe('This value is invalid.'));
    expect(writes(calls)).toEqual([]);
  });

  it('sends the new consultant on the selected site and puts a 422 on its field', async () => {
    const { calls } = fakeApi((method, url) =>
      method === 'POST' && url.pathname === '/portal/v1/consultants'
        ? Response.json({ message: 'The given data was invalid.', errors: { email: ['A consultant with this email address already exists.'] } }, { status: 422 })
        : undefined,
    );
    await openApp('/acme/jobs/consultants/create', MANAGER);
    expect(document.querySelector('main h1')?.textContent).toBe('Add a consultant');
    // The selected site is chosen already.
    await waitFor(() => expect(document.querySelector('main form')?.textContent).toContain('Acme Jobs'));
    type(labelled('Name') as HTMLInputElement, 'Ada Lovelace');
    type(labelled('Email') as HTMLInputElement, 'Ada@Acme.test');
    type(labelled('Job title') as HTMLInputElement, 'Senior recruiter');
    byText('Add consultant')!.click();
    await waitFor(() => expect(helperOf('Email')).toBe('A consultant with this email address already exists.'));
    expect(labelled('Email')!.getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([
      `POST /portal/v1/consultants {"name":"Ada Lovelace","email":"ada@acme.test","phone":null,"title":"Senior recruiter","photo_file_id":null,"site_ids":["${S}"]}`,
    ]);
    // The form stays, with what was typed.
    expect((labelled('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it('edits a consultant: requires a site, then saves and opens the consultant', async () => {
    const saved = detail(4, { name: 'Consultant Four' });
    const { calls } = fakeApi((method, url) => {
      if (url.pathname !== `/portal/v1/consultants/${cid(4)}`) return undefined;
      if (method === 'GET') return detail(4);
      if (method === 'PATCH') return saved;
      return undefined;
    });
    const router = await openApp(`/acme/jobs/consultants/${cid(4)}/edit`, MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Edit Consultant 4'));
    // Taking away the only site is refused before sending.
    const options = await openSelect('Sites');
    options.find((o) => o.textContent === 'Acme Jobs')!.click();
    (document.querySelector('[role="listbox"]') as HTMLElement | null)?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    byText('Save changes')!.click();
    await waitFor(() => expect(document.querySelector('main form')?.textContent).toContain('This field is required.'));
    expect(writes(calls)).toEqual([]);

    (await openSelect('Sites')).find((o) => o.textContent === 'Acme Jobs')!.click();
    (document.querySelector('[role="listbox"]') as HTMLElement | null)?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    type(labelled('Name') as HTMLInputElement, 'Consultant Four');
    byText('Save changes')!.click();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(JSON.parse(writes(calls)[0]!.replace(/^PATCH \S+ /, ''))).toMatchObject({ name: 'Consultant Four', site_ids: [S] });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/consultants/${cid(4)}`));
    // The snackbar is fetched with the first message (app/providers.tsx): it shows a moment after the change.
    await waitFor(() => expect(document.body.textContent).toContain('Changes saved.'));
  });
});
