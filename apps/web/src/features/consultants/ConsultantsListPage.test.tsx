// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { byText, choose, cid, cleanup, consultant, fakeApi, openApp, page, type } from './consultants.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ROWS = [consultant(1), consultant(2, { enabled: false, title: null, phone: null, jobs_count: 0 })];

function api(rows = ROWS) {
  return fakeApi((method, url) => (method === 'GET' && url.pathname === '/portal/v1/consultants' ? page(rows) : undefined));
}

const names = () => [...document.querySelectorAll('main tbody th a')].map((a) => a.textContent);
const cells = (row: number) => [...document.querySelectorAll('main tbody tr')[row]!.querySelectorAll('td, th')].map((c) => c.textContent);
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /portal/v1/consultants?'));

describe('ConsultantsListPage', () => {
  it('renders every column, each name opening the consultant, and offers "Add consultant" to who may create', async () => {
    api();
    await openApp('/acme/jobs/consultants', ['consultants.all']);
    await waitFor(() => expect(names()).toEqual(['Consultant 1', 'Consultant 2']));
    expect(document.querySelector('main h1')?.textContent).toBe('Consultants');
    expect([...document.querySelectorAll('main thead th')].map((th) => th.textContent)).toEqual([
      'Name', 'Title', 'Email', 'Phone', 'Sites', 'Jobs', 'Status',
    ]);
    expect(cells(0)).toEqual(['Consultant 1', 'Recruiter', 'consultant1@acme.test', '+33 1 23 45 67 89', 'Acme Jobs', '2', 'Enabled']);
    expect(cells(1)).toEqual(['Consultant 2', '—', 'consultant2@acme.test', '—', 'Acme Jobs', '0', 'Disabled']);
    expect(byText('Consultant 2')?.getAttribute('href')).toBe(`/acme/jobs/consultants/${cid(2)}`);
    expect(byText('Add consultant')?.getAttribute('href')).toBe('/acme/jobs/consultants/create');
    // `consultants.all` grants export too.
    expect(byText('Export CSV')).toBeDefined();
  });

  it('writes the status filter, the sort and the search to the URL and asks the API for exactly that', async () => {
    const { calls } = api();
    const router = await openApp('/acme/jobs/consultants', ['consultants.view']);
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(listCalls(calls)).toEqual(['GET /portal/v1/consultants?page=1&per_page=25&sort=name']);

    await choose('Status', 'Disabled');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?enabled=false'));
    await choose('Sort by', 'Newest first');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?enabled=false&sort=-created_at'));

    // The name column's header sorts by name, A→Z first.
    const nameSort = () => document.querySelector('main thead th')!.getAttribute('aria-sort');
    await waitFor(() => expect(nameSort()).toBeNull());
    byText('Name', document.querySelector('main thead')!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?enabled=false'));
    await waitFor(() => expect(nameSort()).toBe('ascending'));
    byText('Name', document.querySelector('main thead')!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?enabled=false&sort=-name'));

    type(document.querySelector<HTMLInputElement>('main input[type="search"]')!, 'ada');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?enabled=false&sort=-name&q=ada'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('GET /portal/v1/consultants?page=1&per_page=25&sort=-name&enabled=false&q=ada'));

    byText('Clear filters')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=-name'));
  });

  it('offers neither "Add consultant" nor the export to a viewer, and says when there are none', async () => {
    api([]);
    await openApp('/acme/jobs/consultants', ['consultants.view']);
    await waitFor(() => expect(document.querySelector('main [role="status"]')?.textContent).toContain('No consultants yet'));
    expect(byText('Add consultant')).toBeUndefined();
    expect(byText('Export CSV')).toBeUndefined();
  });

  it('shows the load error with a retry', async () => {
    fakeApi((_m, url) => (url.pathname === '/portal/v1/consultants' ? Response.json({ message: 'This action is unauthorized.' }, { status: 403 }) : undefined));
    await openApp('/acme/jobs/consultants', ['consultants.view']);
    await waitFor(() => expect(document.querySelector('main [role="alert"]')?.textContent).toContain('The consultants could not be loaded.'));
    expect(byText('Try again')).toBeDefined();
  });
});
