// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantDetail } from '@hireline/contract/consultants';
import { buttons, byText, cid, cleanup, detail, dialog, fakeApi, job, jid, labelled, openApp, page } from './consultants.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ID = cid(7);
const BASE = `/portal/v1/consultants/${ID}`;
const MANAGER = ['consultants.all', 'jobs.all', 'applications.view'];

/** One consultant, their jobs, the site's other jobs for the picker, and the actions applied as the API would. */
function api(consultant: ConsultantDetail) {
  const theirs = [job(1, { consultant: { id: ID, name: consultant.name } })];
  const others = [job(1, { consultant: { id: ID, name: consultant.name } }), job(2), job(3, { consultant: { id: cid(9), name: 'Bea' } })];
  return fakeApi((method, url, body) => {
    if (method === 'GET' && url.pathname === BASE) return consultant;
    if (method === 'GET' && url.pathname === '/portal/v1/jobs')
      return url.searchParams.get('consultant_id') === ID ? page(theirs) : page(others);
    if (method === 'GET' && url.pathname === '/portal/v1/applications') return page([]);
    if (method === 'POST' && url.pathname === `${BASE}/jobs`) return { assigned: (body as { job_ids: string[] }).job_ids.length };
    if (method === 'POST' && url.pathname === `${BASE}/disable`) return Object.assign(consultant, { enabled: false, allowed_actions: ['update', 'enable', 'delete'] });
    if (method === 'DELETE' && url.pathname === BASE) return new Response(null, { status: 204 });
    if (method === 'GET' && url.pathname === '/portal/v1/consultants') return page([]);
    return undefined;
  });
}

const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Consultant actions"]');
const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));

/** Opens the Jobs picker of the dialog and clicks the option whose first line is `title`. */
async function pick(title: string) {
  const input = labelled('Jobs') as HTMLInputElement;
  input.focus();
  input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith(title));
    if (!found) throw new Error(`No option ${title}`);
    return found;
  });
  option.click();
}

describe('ConsultantDetailPage', () => {
  it('shows the consultant, their jobs and applications, with links to the filtered lists', async () => {
    api(detail(7));
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(document.querySelector('main h1')?.textContent).toBe('Consultant 7');
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Disable', 'Delete']);
    await waitFor(() => expect(document.querySelector('table[aria-label="Jobs of the consultant"] tbody')?.textContent).toContain('Forklift driver 1'));
    expect(byText('Open in the jobs list')?.getAttribute('href')).toBe(`/acme/jobs/jobs?consultant_id=${ID}`);
    expect(byText('Open in the applications list')?.getAttribute('href')).toBe(`/acme/jobs/applications?consultant_id=${ID}`);
    await waitFor(() => expect(document.querySelector('main')!.textContent).toContain('No applications yet'));
  });

  it('assigns the picked jobs of the site in one request', async () => {
    const { calls } = api(detail(7));
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(byText('Assign jobs')).toBeDefined());
    byText('Assign jobs')!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Assign jobs to Consultant 7');
      return dialog()!;
    });
    // Nothing picked: nothing sent.
    byText('Assign', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('Choose at least one job.'));

    await pick('Forklift driver 2 (REF-2)');
    await pick('Forklift driver 3 (REF-3)');
    await waitFor(() => expect(byText('Assign 2 jobs', form)).toBeDefined());
    byText('Assign 2 jobs', form)!.click();
    await waitFor(() => expect(writes(calls)).toEqual([`POST ${BASE}/jobs {"job_ids":["${jid(2)}","${jid(3)}"]}`]));
    await waitFor(() => expect(document.body.textContent).toContain('2 jobs assigned.'));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('deletes only after a confirmation saying the jobs stay without a consultant, then returns to the list', async () => {
    const { calls } = api(detail(7));
    const router = await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Delete', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Delete Consultant 7?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('Their jobs stay, without a consultant.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(writes(calls)).toEqual([]);
    byText('Delete consultant', confirm)!.click();
    await waitFor(() => expect(writes(calls)).toEqual([`DELETE ${BASE}`]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/consultants'));
    await waitFor(() => expect(document.body.textContent).toContain('Consultant deleted.'));
  });

  it('disables after a confirmation; a disabled consultant gets no "Assign jobs"', async () => {
    const { calls } = api(detail(7));
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Disable', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Disable Consultant 7?');
      return dialog()!;
    });
    byText('Disable consultant', confirm)!.click();
    await waitFor(() => expect(writes(calls)).toEqual([`POST ${BASE}/disable`]));
    await waitFor(() => expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Enable', 'Delete']));
    expect(byText('Assign jobs')).toBeUndefined();
    expect(document.querySelector('main')!.textContent).toContain('Enable the consultant to assign jobs to them.');
  });

  it('shows only the actions the API allows, whatever the permissions say', async () => {
    // A consultant who also works on a site the caller does not manage: not theirs to delete.
    api(detail(7, { allowed_actions: ['update', 'disable', 'assign_jobs'] }));
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Disable']);
    await waitFor(() => expect(byText('Assign jobs')).toBeDefined());
  });

  it('offers a disabled consultant enabling, and no jobs to assign until then', async () => {
    api(detail(7, { enabled: false, allowed_actions: ['update', 'enable', 'delete'] }));
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(buttons(toolbar()!).map((b) => b.textContent)).toEqual(['Edit', 'Enable', 'Delete']);
    await waitFor(() => expect(document.querySelector('main')!.textContent).toContain('Enable the consultant to assign jobs to them.'));
    expect(byText('Assign jobs')).toBeUndefined();
  });

  it('shows no actions to a caller the API allows none', async () => {
    api(detail(7, { allowed_actions: [] }));
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Consultant 7'));
    await waitFor(() => expect(document.querySelector('table[aria-label="Jobs of the consultant"] tbody')?.textContent).toContain('Forklift driver 1'));
    expect(toolbar()).toBeNull();
    expect(byText('Assign jobs')).toBeUndefined();
    expect(document.querySelector('main')!.textContent).not.toContain('Enable the consultant to assign jobs to them.');
  });

  it('says the consultant was not found on a 404', async () => {
    fakeApi(() => undefined);
    await openApp(`/acme/jobs/consultants/${ID}`, MANAGER);
    await waitFor(() => expect(document.querySelector('main h1')?.textContent).toBe('Consultant not found'));
    expect(byText('Back to consultants')?.getAttribute('href')).toBe('/acme/jobs/consultants');
  });
});
