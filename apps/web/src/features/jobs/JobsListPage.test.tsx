// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttons, byText, cleanup, dialog, fakeApi, find, id, openApp, summary, type } from './jobs.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const MANAGER = ['jobs.all', 'flagged_jobs.all', 'job_feedbacks.all'];

/** Three jobs; the list endpoint answers every filter with them, the bulk endpoint fails the second id. */
function api() {
  const rows = [summary(1), summary(2, { flagged: true, open_reports: 2 }), summary(3, { status: 'unlisted' })];
  return fakeApi((method, url, body) => {
    if (method === 'GET' && url.pathname === '/portal/v1/jobs') return { data: rows, meta: { page: 1, per_page: 25, total: 3 } };
    if (method === 'POST' && url.pathname === '/portal/v1/jobs/bulk') {
      const { ids } = body as { ids: string[] };
      return {
        results: ids.map((jobId) =>
          jobId === id(2)
            ? { id: jobId, ok: false, status: null, message: 'This action is not allowed in the current state.' }
            : { id: jobId, ok: true, status: 'expired', message: null },
        ),
      };
    }
    return undefined;
  });
}

const titles = () => [...document.querySelectorAll('main tbody th a')].map((a) => a.textContent);
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /portal/v1/jobs?'));
const checkbox = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

describe('JobsListPage', () => {
  it('renders the rows and writes each filter, the search and the sort to the URL', async () => {
    const { calls } = api();
    const router = await openApp('/acme/jobs/jobs', MANAGER);
    await waitFor(() => expect(titles()).toEqual(['Job 1', 'Job 2', 'Job 3']));
    expect(listCalls(calls)).toEqual(['GET /portal/v1/jobs?page=1&per_page=25&sort=-created_at']);
    expect(document.querySelector('main h1')?.textContent).toBe('Jobs');
    const second = document.querySelectorAll('main tbody tr')[1]!;
    expect(second.textContent).toContain('REF-2');
    expect(second.textContent).toContain('Flagged · 2 reports');
    expect(second.textContent).toContain('Acme Logistics');
    expect(document.querySelectorAll('main tbody tr')[2]!.textContent).toContain('Unlisted');
    expect(byText('Job 1')?.getAttribute('href')).toBe(`/acme/jobs/jobs/${id(1)}`);

    // Status chips toggle, and add up.
    byText('Live')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=live'));
    await waitFor(() => expect(byText('Live')?.getAttribute('aria-pressed')).toBe('true'));
    byText('Draft')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=live&status=draft'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('GET /portal/v1/jobs?page=1&per_page=25&sort=-created_at&status=live&status=draft'));

    // The search box writes `q` once, after the pause.
    type(document.querySelector<HTMLInputElement>('main input[type="search"]')!, 'forklift');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?status=live&status=draft&q=forklift'));
    await waitFor(() => expect(listCalls(calls).filter((c) => c.includes('q='))).toEqual([expect.stringContaining('q=forklift')]));

    // Flagged only.
    document.querySelector<HTMLInputElement>('main input[type="checkbox"]:not([aria-label])')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toContain('flagged=true'));

    // Sorting by a header: ascending first for the title, aria-sort on its header cell.
    const header = [...document.querySelectorAll<HTMLElement>('main thead th')].find((th) => th.textContent === 'Job')!;
    expect(header.getAttribute('aria-sort')).toBeNull();
    (header.querySelector('[role="button"]') as HTMLElement).click();
    await waitFor(() => expect(router.state.location.searchStr).toContain('sort=title'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));

    // Clear filters keeps the sort and drops every filter.
    byText('Clear filters')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=title'));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('main input[type="search"]')!.value).toBe(''));
  });

  it('bulk expire asks first, says it cannot be undone, then sends the selected ids and sums up', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/jobs', MANAGER);
    await waitFor(() => expect(titles()).toHaveLength(3));
    checkbox('Select Job 1').click();
    checkbox('Select Job 2').click();
    const bar = await waitFor(() => {
      const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Bulk actions"]');
      expect(region?.textContent).toContain('2 selected');
      return region!;
    });
    // Two live jobs: Relist applies to neither, so it is not offered.
    expect(buttons(bar).map((b) => b.textContent)).toEqual(['Unlist', 'Expire', 'Delete', 'Clear selection']);

    byText('Expire', bar)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Expire 2 jobs?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('This cannot be undone.');
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);

    byText('Expire', confirm)!.click();
    await waitFor(() =>
      expect(calls).toContain(`POST /portal/v1/jobs/bulk {"action":"expire","ids":["${id(1)}","${id(2)}"]}`),
    );
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        '1 job expired. 1 job could not be changed: This action is not allowed in the current state.',
      ),
    );
    await waitFor(() => expect(document.querySelector('[role="region"][aria-label="Bulk actions"]')).toBeNull());
    // The bar that opened the dialog is gone: the focus goes to the page, not to <body>.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('MAIN'));
  });

  it('offers only the actions valid for a selected row, says how many each will change, and sends only those', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/jobs', MANAGER);
    await waitFor(() => expect(titles()).toHaveLength(3));
    checkbox('Select Job 1').click();
    checkbox('Select Job 3').click();
    const bar = await waitFor(() => {
      const region = document.querySelector<HTMLElement>('[role="region"][aria-label="Bulk actions"]');
      expect(region?.textContent).toContain('2 selected');
      return region!;
    });
    expect(buttons(bar).map((b) => b.textContent)).toEqual(['Unlist (1 of 2)', 'Relist (1 of 2)', 'Expire', 'Delete', 'Clear selection']);
    byText('Relist (1 of 2)', bar)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Relist 1 job?');
      return dialog()!;
    });
    byText('Relist', confirm)!.click();
    await waitFor(() => expect(calls).toContain(`POST /portal/v1/jobs/bulk {"action":"relist","ids":["${id(3)}"]}`));
  });

  it('bulk delete warns that it permanently deletes the jobs and their applications', async () => {
    api();
    await openApp('/acme/jobs/jobs', MANAGER);
    await waitFor(() => expect(titles()).toHaveLength(3));
    checkbox('Select all jobs on this page').click();
    const bar = await find('[role="region"][aria-label="Bulk actions"]');
    byText('Delete', bar)!.click();
    await waitFor(() => expect(dialog()?.textContent).toContain('Delete 3 jobs?'));
    expect(dialog()!.textContent).toContain('This permanently deletes the jobs and their applications.');
    expect(dialog()!.textContent).toContain('This cannot be undone.');
  });

  it('exports the filtered list as CSV: the same request with Accept: text/csv, saved as a file', async () => {
    let accept: string | null = null;
    const { calls } = fakeApi((method, url, _body, headers) => {
      if (url.pathname !== '/portal/v1/jobs') return undefined;
      if (headers.get('Accept') !== 'text/csv') return { data: [summary(1)], meta: { page: 1, per_page: 25, total: 1 } };
      accept = headers.get('Accept');
      return new Response('id,title\n1,Job 1\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="acme-jobs.csv"' } });
    });
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:jobs');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await openApp('/acme/jobs/jobs?status=live', ['jobs.view', 'jobs.export']);
    await waitFor(() => expect(titles()).toEqual(['Job 1']));
    byText('Export CSV')!.click();
    await waitFor(() => expect(saved).toEqual(['acme-jobs.csv blob:jobs']));
    expect(accept).toBe('text/csv');
    expect(calls.filter((c) => c.startsWith('GET /portal/v1/jobs?'))).toEqual([
      'GET /portal/v1/jobs?page=1&per_page=25&sort=-created_at&status=live',
      'GET /portal/v1/jobs?page=1&per_page=25&sort=-created_at&status=live',
    ]);
    for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
  });

  it('offers no selection, bulk actions or export to a user who may only view', async () => {
    api();
    await openApp('/acme/jobs/jobs', ['jobs.view']);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(document.querySelector('main tbody input[type="checkbox"]')).toBeNull();
    expect(byText('Export CSV')).toBeUndefined();
  });

  it('says when nothing matches the filters and clears them', async () => {
    const { calls } = fakeApi((method, url) =>
      method === 'GET' && url.pathname === '/portal/v1/jobs' ? { data: [], meta: { page: 1, per_page: 25, total: 0 } } : undefined,
    );
    const router = await openApp('/acme/jobs/jobs?status=expired', MANAGER);
    await waitFor(() => expect(document.querySelector('main [role="status"]')?.textContent).toContain('No jobs match these filters'));
    expect(calls).toContain('GET /portal/v1/jobs?page=1&per_page=25&sort=-created_at&status=expired');
    byText('Clear filters', document.querySelector('main [role="status"]')!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(document.querySelector('main [role="status"]')?.textContent).toContain('No jobs yet'));
    expect(byText('Post a job', document.querySelector('main [role="status"]')!)?.getAttribute('href')).toBe('/acme/jobs/jobs/create');
  });
});
