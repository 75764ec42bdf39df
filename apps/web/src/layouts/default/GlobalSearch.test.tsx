// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSearchResult } from '@hireline/contract/search';
import { mountApp, type, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

const A = '00000000-0000-4000-8000-00000000000a';
const S = '00000000-0000-4000-8000-0000000000a1';
const JOB = '00000000-0000-4000-8000-000000000101';
const SEEKER = '00000000-0000-4000-8000-000000000102';
const consultant = (permissions: string[]) => ({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Sofia Martinez',
  email: 'consultant@acme.test',
  avatar: null,
  permissions: { [`site:${S}`]: permissions },
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
});

const found: SiteSearchResult = {
  jobs: [{ id: JOB, title: 'Warehouse Operative', reference: 'WH-001', status: 'live', employer_name: 'Acme Logistics' }],
  seekers: [{ id: SEEKER, name: 'Walter Wareing', email: 'walter@example.test' }],
  applications: [],
  employers: [],
};

/** The search endpoint behind a fake API; it answers `found` for "ware…" and nothing otherwise. */
function fakeApi() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/portal/v1/site/search') {
        const q = url.searchParams.get('q') ?? '';
        searches.push(q);
        return Response.json(q.startsWith('ware') ? found : { jobs: [], seekers: [], applications: [], employers: [] });
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return searches;
}

afterEach(unmountApp);

function open(permissions: string[], path = '/acme/jobs/jobs') {
  return mountApp(path, {
    user: consultant(permissions),
    scope: { accountId: A, siteId: S, employerId: null },
    ready: '[role="search"] input',
  });
}

const field = () => document.querySelector<HTMLInputElement>('[role="search"] input');
const typeSearch = (text: string) => type(field()!, text);
const press = (key: string) => field()!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
const listbox = () => document.querySelector('[role="listbox"]');
const groups = () => [...document.querySelectorAll('.MuiAutocomplete-groupLabel')].map((el) => el.textContent);
const options = () => [...document.querySelectorAll('[role="option"]')].map((el) => el.textContent);
const popup = () => document.querySelector('.MuiAutocomplete-popper')?.textContent ?? '';

describe('GlobalSearch', () => {
  it('adds the records the server found below the matching pages, and Enter opens the highlighted one', async () => {
    const searches = fakeApi();
    const router = await open(['jobs.view', 'seekers.view']);
    typeSearch('w');
    await waitFor(() => expect(listbox()).not.toBeNull());
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]); // one character is only matched against the pages

    typeSearch('ware');
    await waitFor(() => expect(groups()).toEqual(['Jobs', 'Candidates']));
    expect(searches).toEqual(['ware']); // once, after the pause, not per keystroke
    expect(options()).toEqual(['Warehouse OperativeAcme Logistics · Live · WH-001', 'Walter Wareingwalter@example.test']);

    press('ArrowDown');
    press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/seekers/${SEEKER}/overview`));
    expect(field()!.value).toBe('');
  });

  it('says "No results" only once neither a page nor a record matched', async () => {
    const searches = fakeApi();
    await open(['jobs.view']);
    typeSearch('jo');
    // The Jobs page matches at once; the records answer later and find nothing, which leaves the page listed.
    await waitFor(() => expect(options()).toEqual(['Jobs']));
    await waitFor(() => expect(searches).toEqual(['jo']));
    typeSearch('zzz');
    await waitFor(() => expect(popup()).toBe('Searching…')); // no page matches, the records are still to come
    await waitFor(() => expect(searches).toEqual(['jo', 'zzz']));
    await waitFor(() => expect(popup()).toBe('No results'));
  });

  it('asks nothing when the user may view none of the records', async () => {
    const searches = fakeApi();
    await open(['consultants.view'], '/acme/jobs/consultants');
    typeSearch('ware');
    await waitFor(() => expect(popup()).toBe('No results'));
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]);
  });
});
