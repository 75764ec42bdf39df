// @vitest-environment happy-dom
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSearchResult } from '@hireline/contract/search';
import '../../lib/i18n';
import { AbilityBridge, AppProviders } from '../../app/providers';
import { createAppRouter } from '../../app/router';
import { currentUserQuery } from '../../lib/current-user';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';

// The whole app renders, with lazy chunks and a popup in a portal: the test waits for the DOM rather than using act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

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

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(() => {
  root?.unmount();
  host?.remove();
  session.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
});

async function open(permissions: string[], path = '/acme/jobs/jobs') {
  session.setToken('t0ken');
  session.setScope({ accountId: A, siteId: S, employerId: null });
  queryClient.setQueryData(currentUserQuery.queryKey, consultant(permissions));
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <AppProviders>
      <AbilityBridge>
        <RouterProvider router={router} />
      </AbilityBridge>
    </AppProviders>,
  );
  await vi.waitFor(() => expect(field()).not.toBeNull(), { timeout: 5000 });
  return router;
}

const field = () => document.querySelector<HTMLInputElement>('[role="search"] input');
const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
function type(text: string) {
  const input = field()!;
  input.focus();
  setValue.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const press = (key: string) => field()!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
const listbox = () => document.querySelector('[role="listbox"]');
const groups = () => [...document.querySelectorAll('.MuiAutocomplete-groupLabel')].map((el) => el.textContent);
const options = () => [...document.querySelectorAll('[role="option"]')].map((el) => el.textContent);
const popup = () => document.querySelector('.MuiAutocomplete-popper')?.textContent ?? '';

describe('GlobalSearch', () => {
  it('adds the records the server found below the matching pages, and Enter opens the highlighted one', async () => {
    const searches = fakeApi();
    const router = await open(['jobs.view', 'seekers.view']);
    type('w');
    await vi.waitFor(() => expect(listbox()).not.toBeNull());
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]); // one character is only matched against the pages

    type('ware');
    await vi.waitFor(() => expect(groups()).toEqual(['Jobs', 'Candidates']));
    expect(searches).toEqual(['ware']); // once, after the pause, not per keystroke
    expect(options()).toEqual(['Warehouse OperativeAcme Logistics · Live · WH-001', 'Walter Wareingwalter@example.test']);

    press('ArrowDown');
    press('Enter');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/acme/jobs/seekers/${SEEKER}/overview`));
    expect(field()!.value).toBe('');
  });

  it('says "No results" only once neither a page nor a record matched', async () => {
    const searches = fakeApi();
    await open(['jobs.view']);
    type('jo');
    // The Jobs page matches at once; the records answer later and find nothing, which leaves the page listed.
    await vi.waitFor(() => expect(options()).toEqual(['Jobs']));
    await vi.waitFor(() => expect(searches).toEqual(['jo']));
    type('zzz');
    await vi.waitFor(() => expect(popup()).toBe('Searching…')); // no page matches, the records are still to come
    await vi.waitFor(() => expect(searches).toEqual(['jo', 'zzz']));
    await vi.waitFor(() => expect(popup()).toBe('No results'));
  });

  it('asks nothing when the user may view none of the records', async () => {
    const searches = fakeApi();
    await open(['consultants.view'], '/acme/jobs/consultants');
    type('ware');
    await vi.waitFor(() => expect(popup()).toBe('No results'));
    await new Promise((r) => setTimeout(r, 400));
    expect(searches).toEqual([]);
  });
});
