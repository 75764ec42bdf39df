// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, choose, cleanup, eid, employer, employersApi, openApp, type } from './employers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const VIEWER = ['employers.view'];
const MANAGER = ['employers.all'];

const ROWS = [
  employer(1),
  employer(2, { type: 'household', registration_number: null, status: 'pending', enabled: false, contact_name: null, contact_email: null }),
  employer(3, { status: 'rejected' }),
];

function api(rows = ROWS) {
  return employersApi((method, url) => {
    if (method === 'GET' && url.pathname === '/portal/v1/employers') return { data: rows, meta: { page: 1, per_page: 25, total: rows.length } };
    return undefined;
  });
}

const names = () => [...document.querySelectorAll('main tbody th a')].map((a) => a.textContent);
const cells = (row: number) => [...document.querySelectorAll('main tbody tr')[row]!.querySelectorAll('td, th')].map((c) => c.textContent);
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /portal/v1/employers?'));

describe('EmployersListPage', () => {
  it('renders every column of the rows, each business name linking to the employer', async () => {
    api();
    await openApp('/acme/jobs/employers', VIEWER);
    await waitFor(() => expect(names()).toEqual(['Employer 1', 'Employer 2', 'Employer 3']));
    expect(document.querySelector('main h1')?.textContent).toBe('Employers');
    expect([...document.querySelectorAll('main thead th')].map((th) => th.textContent)).toEqual([
      'Business name', 'Type', 'Contact', 'Status', 'Enabled', 'Credits', 'Jobs', 'Created',
    ]);
    expect(cells(0)).toEqual([
      'Employer 1Reg. no. RN-1', 'Business', 'Contact 1contact1@employer.test', 'Active', 'Enabled', '10', '1', 'Jan 10, 2025',
    ]);
    expect(cells(1).slice(0, 5)).toEqual(['Employer 2', 'Household', '—', 'On hold', 'Disabled']);
    expect(cells(2)[3]).toBe('Rejected');
    expect(byText('Employer 2')?.getAttribute('href')).toBe(`/acme/jobs/employers/${eid(2)}`);
    // A viewer is offered neither adding, nor the queue on hold, nor the export.
    for (const label of ['Add employer', 'Registrations on hold', 'Export CSV']) expect(byText(label)).toBeUndefined();
  });

  it('writes each filter, the search and the sort to the URL, and asks the API for them', async () => {
    const { calls } = api();
    const router = await openApp('/acme/jobs/employers', VIEWER);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(listCalls(calls)).toEqual(['GET /portal/v1/employers?page=1&per_page=25&sort=-created_at']);

    // Status chips toggle, several at once.
    byText('On hold')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=pending'));
    await waitFor(() => expect(byText('On hold')?.getAttribute('aria-pressed')).toBe('true'));
    byText('Rejected', document.querySelector('main section')!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=pending&status=rejected'));

    await choose('Type', 'Household');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 'household' }));
    await choose('Enabled', 'Disabled');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ enabled: 'false' }));

    // A sortable header sorts through the URL: the business name A→Z first, then Z→A.
    byText('Business name')!.click();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'business_name' }));
    await waitFor(() => expect(document.querySelector('main thead th[aria-sort="ascending"]')?.textContent).toBe('Business name'));
    byText('Business name')!.click();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: '-business_name' }));
    await waitFor(() => expect(document.querySelector('main thead th[aria-sort="descending"]')?.textContent).toBe('Business name'));

    // The search box writes `q` once, after the pause.
    type(document.querySelector<HTMLInputElement>('main input[type="search"]')!, 'acme');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'acme' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        'GET /portal/v1/employers?page=1&per_page=25&sort=-business_name&status=pending&status=rejected&type=household&enabled=false&q=acme',
      ),
    );
    expect(listCalls(calls).filter((c) => c.includes('q='))).toHaveLength(1);

    // Clear filters keeps the sort.
    byText('Clear filters')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=-business_name'));
  });

  it('reads a shared link back into the filters, ignoring junk values', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/employers?status=active&status=bogus&type=robot&enabled=maybe&sort=credit_balance&page=0', VIEWER);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(listCalls(calls)).toEqual(['GET /portal/v1/employers?page=1&per_page=25&sort=credit_balance&status=active']);
    expect(document.querySelector('main thead th[aria-sort="ascending"]')?.textContent).toBe('Credits');
  });

  it('offers adding, the queue on hold and the CSV export to a manager', async () => {
    let accept: string | null = null;
    employersApi((method, url, _body, headers) => {
      if (url.pathname !== '/portal/v1/employers') return undefined;
      if (headers.get('Accept') !== 'text/csv') return { data: [employer(1)], meta: { page: 1, per_page: 25, total: 1 } };
      accept = headers.get('Accept');
      return new Response('id,business_name\n1,Employer 1\n', { headers: { 'Content-Type': 'text/csv' } });
    });
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:employers');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      await openApp('/acme/jobs/employers', MANAGER);
      await waitFor(() => expect(names()).toEqual(['Employer 1']));
      expect(byText('Add employer')?.getAttribute('href')).toBe('/acme/jobs/employers/create');
      expect(byText('Registrations on hold')?.getAttribute('href')).toBe('/acme/jobs/employers/hold');
      byText('Export CSV')!.click();
      await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^employers-\d{4}-\d{2}-\d{2}\.csv$/)]));
      expect(accept).toBe('text/csv');
    } finally {
      for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
    }
  });

  it('says when nothing matches the filters and clears them, and when there are no employers at all', async () => {
    api([]);
    const router = await openApp('/acme/jobs/employers?enabled=false', MANAGER);
    const status = () => document.querySelector('main [role="status"]');
    await waitFor(() => expect(status()?.textContent).toContain('No employers match these filters'));
    byText('Clear filters', status()!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(status()?.textContent).toContain('No employers yet'));
    expect(byText('Add employer', status()!)).toBeDefined();
  });

  it('shows the load error with a retry', async () => {
    employersApi((method, url) =>
      url.pathname === '/portal/v1/employers' ? Response.json({ message: 'This action is unauthorized.' }, { status: 403 }) : undefined,
    );
    await openApp('/acme/jobs/employers', VIEWER);
    const alert = () => document.querySelector('main [role="alert"]')?.textContent;
    await waitFor(() => expect(alert()).toContain('The employers could not be loaded.'));
    expect(byText('Try again')).toBeDefined();
  });
});
