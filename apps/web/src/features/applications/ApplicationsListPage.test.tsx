// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttons, byText, cleanup, dialog, fakeApi, id, main, openApp, summary, type } from './applications.fixtures';
import { pickOption, waitFor } from './test-helpers';

afterEach(cleanup);

const MANAGER = ['applications.all', 'jobs.view'];
// Two applications sit in Registered, a stage the site hides: they count in no tab, "All" included.
const COUNTS = {
  total: 14,
  by_status: [{ status: 'applied', count: 5 }, { status: 'registered', count: 2 }, { status: 'new', count: 4 }, { status: 'shortlisted', count: 3 }],
};
/** "All" asks for the shown stages: every status but the hidden Registered. */
const SHOWN = ['applied', 'new', 'invited', 'screening', 'shortlisted', 'interviewed', 'offered', 'unsuccessful', 'withdrawn'].map((s) => `&status=${s}`).join('');

/** Three applications; the list and counts answer every filter with them. */
function api() {
  const rows = [summary(1), summary(2, { status: 'new', knocked_out: true, tags: ['night'] }), summary(3, { status: 'shortlisted', enabled: false })];
  return fakeApi((method, url, body) => {
    if (method === 'GET' && url.pathname === '/portal/v1/applications') return { data: rows, meta: { page: 1, per_page: 25, total: 3 } };
    if (method === 'GET' && url.pathname === '/portal/v1/applications/counts') return COUNTS;
    if (method === 'POST' && url.pathname === '/portal/v1/applications/bulk') {
      const { ids, action } = body as { ids: string[]; action: string };
      return {
        results: ids.map((appId) =>
          appId === id(2) ? { id: appId, ok: false, status: null, message: 'Not allowed.' } : { id: appId, ok: true, status: null, message: action },
        ),
      };
    }
    return undefined;
  });
}

const names = () => [...main().querySelectorAll('tbody th a')].map((a) => a.textContent);
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /portal/v1/applications?'));
const tabs = () => [...main().querySelectorAll<HTMLElement>('[role="tab"]')];
const tab = (label: string) => tabs().find((t) => t.textContent?.startsWith(label))!;
const checkbox = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const bar = () => document.querySelector<HTMLElement>('[role="region"][aria-label="Bulk actions"]');

describe('ApplicationsListPage', () => {
  it('renders the rows and a tab per visible stage with its count; a tab filters by its status', async () => {
    const { calls } = api();
    const router = await openApp('/acme/jobs/applications', MANAGER);
    await waitFor(() => expect(names()).toEqual(['Candidate 1', 'Candidate 2', 'Candidate 3']));
    expect(listCalls(calls)).toEqual([`GET /portal/v1/applications?page=1&per_page=25&sort=-created_at${SHOWN}`]);
    expect(main().querySelector('h1')?.textContent).toBe('Applications');
    const rows = main().querySelectorAll('tbody tr');
    expect(rows[1]!.textContent).toContain('Knocked out');
    expect(rows[1]!.textContent).toContain('night');
    expect(rows[2]!.textContent).toContain('Shortlist'); // the site's label for the stage
    expect(rows[2]!.textContent).toContain('Disabled');
    expect(byText('Candidate 1')?.getAttribute('href')).toBe(`/acme/jobs/applications/${id(1)}/overview`);

    // One tab per visible stage (Registered is hidden) plus All, each with its count.
    await waitFor(() => expect(tab('All').textContent).toBe('All 12'));
    expect(tabs().map((t) => t.textContent)).toEqual([
      'All 12', 'Applied 5', 'New 4', 'Invited 0', 'Screening 0', 'Shortlist 3', 'Interviewed 0', 'Offered 0', 'Unsuccessful 0', 'Withdrawn 0',
    ]);
    expect(tab('All').getAttribute('aria-selected')).toBe('true');

    tab('Shortlist').click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=shortlisted'));
    await waitFor(() => expect(tab('Shortlist').getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('GET /portal/v1/applications?page=1&per_page=25&sort=-created_at&status=shortlisted'));
    // The counts ignore the status: the tab change did not ask for them again.
    expect(calls.filter((c) => c.startsWith('GET /portal/v1/applications/counts'))).toEqual(['GET /portal/v1/applications/counts']);

  });

  it('says the tab counts are estimates when the API estimated them (more matches than it counts exactly)', async () => {
    fakeApi((method, url) => {
      if (url.pathname === '/portal/v1/applications/counts')
        return { total: 40_250, estimated: true, by_status: [{ status: 'applied', count: 30_000 }, { status: 'new', count: 10_250 }] };
      if (url.pathname === '/portal/v1/applications') return { data: [summary(1)], meta: { page: 1, per_page: 25, total: 40_250, estimated: true } };
      return undefined;
    });
    await openApp('/acme/jobs/applications?knocked_out=true', MANAGER);
    await waitFor(() => expect(tab('All').textContent).toBe('All about 40,250'));
    expect(tab('Applied').textContent).toBe('Applied about 30,000');
    expect(tab('Withdrawn').textContent).toBe('Withdrawn about 0');
  });

  it('writes the status chips, search, knock-out, enabled, date and sort to the URL and the request; clearing keeps the sort', async () => {
    const { calls } = api();
    const router = await openApp('/acme/jobs/applications?status=shortlisted', MANAGER);
    await waitFor(() => expect(names()).toHaveLength(3));
    await waitFor(() => expect(tab('Shortlist').getAttribute('aria-selected')).toBe('true'));

    // The filters' status chips offer the shown stages only, like the tabs; two statuses select no tab.
    const statusGroup = [...main().querySelectorAll('[role="group"][aria-labelledby]')].find(
      (g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent === 'Status',
    )!;
    expect(byText('Registered', statusGroup)).toBeUndefined();
    byText('New', statusGroup)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=shortlisted&status=new'));
    await waitFor(() => expect(tabs().every((t) => t.getAttribute('aria-selected') === 'false')).toBe(true));

    type(main().querySelector<HTMLInputElement>('input[type="search"]')!, 'forklift');
    await waitFor(() => expect(router.state.location.searchStr).toContain('q=forklift'));
    const countCalls = () => calls.filter((c) => c.startsWith('GET /portal/v1/applications/counts?'));
    await waitFor(() => expect(countCalls()).toEqual(['GET /portal/v1/applications/counts?q=forklift']));

    await pickOption('Knock-out', 'Knocked out');
    await waitFor(() => expect(router.state.location.searchStr).toContain('knocked_out=true'));
    await pickOption('Enabled', 'Disabled only');
    await waitFor(() => expect(router.state.location.searchStr).toContain('enabled=false'));
    type(main().querySelector<HTMLInputElement>('input[type="date"]')!, '2025-01-01');
    await waitFor(() => expect(router.state.location.searchStr).toContain('created_from=2025-01-01'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        'GET /portal/v1/applications?page=1&per_page=25&sort=-created_at&status=shortlisted&status=new&q=forklift' +
          '&knocked_out=true&enabled=false&created_from=2025-01-01',
      ),
    );

    const header = [...main().querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent === 'Candidate')!;
    (header.querySelector('[role="button"]') as HTMLElement).click();
    await waitFor(() => expect(router.state.location.searchStr).toContain('sort=candidate_name'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));

    byText('Clear filters')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=candidate_name'));
    await waitFor(() => expect(tab('All').getAttribute('aria-selected')).toBe('true'));
  });

  it('offers each bulk action only with its permission, and enable, disable and delete ask first', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/applications', ['applications.view', 'applications.update']);
    await waitFor(() => expect(names()).toHaveLength(3));
    checkbox('Select all applications on this page').click();
    await waitFor(() => expect(bar()?.textContent).toContain('3 selected'));
    expect(buttons(bar()!).map((b) => b.textContent)).toEqual(['Enable', 'Disable', 'Clear selection']);
    byText('Disable', bar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Disable 3 applications?');
      return dialog()!;
    });
    expect(confirm.textContent).not.toContain('This cannot be undone.');
    // A disabled application stays in the list (the third row here): the dialog says so, and how to leave it out.
    expect(confirm.textContent).toContain('They stay in the list and the pipeline, with their history, marked Disabled.');
    expect(confirm.textContent).toContain('Filter by Enabled');
    byText('Disable', confirm)!.click();
    await waitFor(() =>
      expect(calls).toContain(`POST /portal/v1/applications/bulk {"action":"disable","ids":["${id(1)}","${id(2)}","${id(3)}"]}`),
    );
    await waitFor(() => expect(document.body.textContent).toContain('2 applications disabled. 1 application could not be changed: Not allowed.'));
    await waitFor(() => expect(bar()).toBeNull());
  });

  it('bulk delete says it cannot be undone', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/applications', MANAGER);
    await waitFor(() => expect(names()).toHaveLength(3));
    checkbox('Select the application of Candidate 1').click();
    const all = ['Change status', 'Enable', 'Disable', 'Delete', 'Clear selection'];
    await waitFor(() => expect(buttons(bar()!).map((b) => b.textContent)).toEqual(all));
    byText('Delete', bar()!)!.click();
    await waitFor(() => expect(dialog()?.textContent).toContain('Delete 1 application?'));
    expect(dialog()!.textContent).toContain('This permanently deletes the applications with their answers, history and feedback.');
    expect(dialog()!.textContent).toContain('This cannot be undone.');
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    byText('Delete', dialog()!)!.click();
    await waitFor(() => expect(calls).toContain(`POST /portal/v1/applications/bulk {"action":"delete","ids":["${id(1)}"]}`));
  });

  it('exports the filtered list as CSV with Accept: text/csv, only with applications.export', async () => {
    const accepts: (string | null)[] = [];
    const { calls } = fakeApi((method, url, _body, headers) => {
      if (url.pathname === '/portal/v1/applications/counts') return COUNTS;
      if (url.pathname !== '/portal/v1/applications') return undefined;
      accepts.push(headers.get('Accept'));
      if (headers.get('Accept') !== 'text/csv') return { data: [summary(1)], meta: { page: 1, per_page: 25, total: 1 } };
      const disposition = 'attachment; filename="acme-applications.csv"';
      return new Response('id\n1\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': disposition } });
    });
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:applications');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await openApp('/acme/jobs/applications?status=new', ['applications.view', 'applications.export']);
    await waitFor(() => expect(names()).toEqual(['Candidate 1']));
    // Viewing and exporting only: no selection.
    expect(main().querySelector('tbody input[type="checkbox"]')).toBeNull();
    byText('Export CSV')!.click();
    await waitFor(() => expect(saved).toEqual(['acme-applications.csv blob:applications']));
    expect(accepts.at(-1)).toBe('text/csv');
    expect(listCalls(calls).at(-1)).toBe('GET /portal/v1/applications?page=1&per_page=25&sort=-created_at&status=new');
    for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
  });

  it('shows no export without applications.export', async () => {
    api();
    await openApp('/acme/jobs/applications', ['applications.view']);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(byText('Export CSV')).toBeUndefined();
  });

  it('says when nothing matches the filters and clears them; a failed load says so with a retry', async () => {
    let fail = true;
    fakeApi((method, url) => {
      if (url.pathname === '/portal/v1/applications/counts') return { total: 0, by_status: [] };
      if (url.pathname !== '/portal/v1/applications') return undefined;
      if (fail) return Response.json({ message: 'Server Error' }, { status: 500 });
      return { data: [], meta: { page: 1, per_page: 25, total: 0 } };
    });
    const router = await openApp('/acme/jobs/applications?knocked_out=true', MANAGER);
    await waitFor(() => expect(main().textContent).toContain('The applications could not be loaded.'));
    fail = false;
    byText('Try again')!.click();
    await waitFor(() => expect(main().querySelector('[role="status"]')?.textContent).toContain('No applications match these filters'));
    byText('Clear filters', main().querySelector('[role="status"]')!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(main().querySelector('[role="status"]')?.textContent).toContain('No applications yet'));
  });
});
