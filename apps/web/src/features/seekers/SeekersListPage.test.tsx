// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, choose, cleanup, openApp, openSelect, seeker, seekersApi, sid, type } from './seekers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const VIEWER = ['seekers.view'];
const SORTS = [
  { value: '-created_at', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: '-last_active_at', label: 'Last active' },
];

/** Three seekers for every filter, and the sorts the API offers. */
const ROWS = [
  seeker(1, { tags: ['vip', 'night', 'forklift', 'french'] }),
  seeker(2, { enabled: false, visa_type: null }),
  seeker(3, { erased: true }),
];

function api(rows = ROWS) {
  return seekersApi((method, url) => {
    if (method !== 'GET') return undefined;
    if (url.pathname === '/portal/v1/seekers/sort-options') return SORTS;
    if (url.pathname === '/portal/v1/seekers') return { data: rows, meta: { page: 1, per_page: 25, total: rows.length } };
    return undefined;
  });
}

const names = () => [...document.querySelectorAll('main tbody th a')].map((a) => a.textContent);
const cells = (row: number) => [...document.querySelectorAll('main tbody tr')[row]!.querySelectorAll('td, th')].map((c) => c.textContent);
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /portal/v1/seekers?'));

describe('SeekersListPage', () => {
  it('renders every column of the rows, each name linking to the profile', async () => {
    api();
    await openApp('/acme/jobs/seekers', VIEWER);
    await waitFor(() => expect(names()).toEqual(['Seeker 1', 'Seeker 2', 'Seeker 3']));
    expect(document.querySelector('main h1')?.textContent).toBe('Seekers');
    expect([...document.querySelectorAll('main thead th')].map((th) => th.textContent)).toEqual([
      'Profile ID', 'Name', 'Email', 'Location', 'Visa type', 'Desired work type', 'Tags', 'Status', 'Joined',
    ]);
    // The site's labels for the stored option values, the first three tags and how many more.
    await waitFor(() =>
      expect(cells(0)).toEqual([
        'P-0001', 'Seeker 1', 'seeker1@mail.test', 'Lyon', 'Work visa', 'Full time', 'vipnightforklift+1 more', 'Enabled', 'Jan 10, 2025',
      ]),
    );
    expect(cells(1)[4]).toBe('—');
    expect(cells(1)[7]).toBe('Disabled');
    expect(cells(2)[7]).toBe('Erased');
    expect(byText('Seeker 2')?.getAttribute('href')).toBe(`/acme/jobs/seekers/${sid(2)}/profile`);
  });

  it('offers the sorts the API lists and writes the sort, each filter and the search to the URL', async () => {
    const { calls } = api();
    const router = await openApp('/acme/jobs/seekers', VIEWER);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(listCalls(calls)).toEqual(['GET /portal/v1/seekers?page=1&per_page=25&sort=-created_at']);

    // The API's sorts, in its order, in the reader's language.
    await waitFor(() => expect(calls).toContain('GET /portal/v1/seekers/sort-options'));
    const sorts = await waitFor(async () => {
      const options = await openSelect('Sort by');
      expect(options.map((o) => o.textContent)).toEqual(['Newest first', 'Name (A–Z)', 'Recently active']);
      return options;
    });
    sorts[1]!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=name'));

    await choose('Desired work type', 'Casual');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=name&desired_work_type=casual'));
    await choose('Visa type', 'Citizen');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=name&desired_work_type=casual&visa_type=citizen'));
    await choose('Status', 'Disabled');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=name&desired_work_type=casual&visa_type=citizen&enabled=false'));

    // Tags are typed and added with Enter, lower-cased.
    const tags = document.querySelector<HTMLInputElement>('main input[placeholder="Type a tag and press Enter"]')!;
    // A tag longer than any stored one is not a filter: said on the field, not dropped silently.
    type(tags, 'x'.repeat(41));
    tags.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => expect(document.querySelector('main')!.textContent).toContain('This value may not be greater than 40 characters.'));
    expect(router.state.location.searchStr).not.toContain('tags=');
    type(tags, 'Night');
    tags.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitFor(() => expect(router.state.location.searchStr).toContain('&tags=night'));

    // The search box writes `q` once, after the pause.
    type(document.querySelector<HTMLInputElement>('main input[type="search"]')!, 'ana');
    await waitFor(() => expect(router.state.location.searchStr).toContain('q=ana'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        'GET /portal/v1/seekers?page=1&per_page=25&sort=name&desired_work_type=casual&visa_type=citizen&enabled=false&tags=night&q=ana',
      ),
    );
    expect(listCalls(calls).filter((c) => c.includes('q='))).toHaveLength(1);

    // Clear filters keeps the sort.
    byText('Clear filters')!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=name'));
  });

  it('reads a shared link back into the filters, ignoring junk values', async () => {
    const { calls } = api();
    await openApp('/acme/jobs/seekers?visa_type=work_visa&enabled=maybe&sort=bogus&page=0&tags=VIP', VIEWER);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(listCalls(calls)).toEqual(['GET /portal/v1/seekers?page=1&per_page=25&sort=-created_at&visa_type=work_visa&tags=vip']);
    await waitFor(() => expect(document.querySelector('main [role="combobox"][aria-labelledby]')).not.toBeNull());
    const visa = [...document.querySelectorAll('main [role="combobox"]')].find((el) => el.textContent === 'Work visa');
    expect(visa).toBeDefined();
  });

  it('exports the filtered list as CSV only for a user allowed to export', async () => {
    let accept: string | null = null;
    const { calls } = seekersApi((method, url, _body, headers) => {
      if (url.pathname === '/portal/v1/seekers/sort-options') return SORTS;
      if (url.pathname !== '/portal/v1/seekers') return undefined;
      if (headers.get('Accept') !== 'text/csv') return { data: [seeker(1)], meta: { page: 1, per_page: 25, total: 1 } };
      accept = headers.get('Accept');
      return new Response('id,name\n1,Seeker 1\n', { headers: { 'Content-Type': 'text/csv' } });
    });
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:seekers');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await openApp('/acme/jobs/seekers?enabled=true', ['seekers.view', 'seekers.export']);
    await waitFor(() => expect(names()).toEqual(['Seeker 1']));
    byText('Export CSV')!.click();
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^seekers-\d{4}-\d{2}-\d{2}\.csv blob:seekers$/)]));
    expect(accept).toBe('text/csv');
    expect(listCalls(calls)).toEqual([
      'GET /portal/v1/seekers?page=1&per_page=25&sort=-created_at&enabled=true',
      'GET /portal/v1/seekers?page=1&per_page=25&sort=-created_at&enabled=true',
    ]);
    for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
  });

  it('offers no export to a user who may only view', async () => {
    api();
    await openApp('/acme/jobs/seekers', VIEWER);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(byText('Export CSV')).toBeUndefined();
  });

  it('says when nothing matches the filters and clears them, and when there are no seekers at all', async () => {
    api([]);
    const router = await openApp('/acme/jobs/seekers?enabled=false', VIEWER);
    const status = () => document.querySelector('main [role="status"]');
    await waitFor(() => expect(status()?.textContent).toContain('No seekers match these filters'));
    byText('Clear filters', status()!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(status()?.textContent).toContain('No seekers yet'));
  });

  it('shows the load error with a retry', async () => {
    seekersApi((method, url) =>
      url.pathname === '/portal/v1/seekers' ? Response.json({ message: 'This action is unauthorized.' }, { status: 403 }) : undefined,
    );
    await openApp('/acme/jobs/seekers', VIEWER);
    const alert = () => document.querySelector('main [role="alert"]')?.textContent;
    await waitFor(() => expect(alert()).toContain('The seekers could not be loaded.'));
    expect(byText('Try again')).toBeDefined();
  });
});
