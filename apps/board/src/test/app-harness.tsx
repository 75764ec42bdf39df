import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { expect, vi } from 'vitest';
import '../lib/i18n';
import { App } from '../app/App';
import { createBoardRouter } from '../app/router';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { json } from './dom';
import { waitFor } from './wait';

/*
 * The whole board (providers, router, lazy pages) as a visitor meets it, against a faked API: `routes` answers
 * `METHOD /portal/path` (query ignored); anything else is a 404 so a missing fixture shows up as such.
 */

export type FakeRoute = (url: URL, init: RequestInit) => Response | Promise<Response>;
export type FakeApi = Record<string, FakeRoute>;

export const SITE = {
  name: 'Acme Jobs',
  locale: 'en-AU',
  currency: 'AUD',
  live_jobs: 2,
  filters: {
    work_types: [
      { value: 'full_time', label: 'Full time', count: 1 },
      { value: 'casual', label: 'Casual', count: 1 },
      { value: 'contract', label: 'Contract', count: 0 },
    ],
    classifications: [{ value: 'hospitality', label: 'Hospitality', count: 2 }],
    pay_types: [{ value: 'hourly', label: 'Hourly', count: 1 }],
  },
  retention: { application_days: 730, candidate_days: 1095 },
};

let root: Root | undefined;
let host: HTMLElement | undefined;

export function fakeApi(routes: FakeApi) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://jobs.acme.localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key] ?? (key === 'GET /portal/v1/board/site' ? () => json(200, SITE) : undefined);
    return route ? route(url, init) : json(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Opens `path` (signed in with `token` when given); resolves once `ready` is in the page. */
export async function mountBoard(path: string, opts: { token?: string; ready?: string; history?: RouterHistory } = {}) {
  if (opts.token) session.signIn(opts.token);
  const router = createBoardRouter(opts.history ?? createMemoryHistory({ initialEntries: [path] }));
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(<App router={router} />);
  const ready = opts.ready ?? 'main h1';
  await waitFor(() => expect(document.querySelector(ready)).not.toBeNull());
  return router;
}

export function unmountBoard() {
  root?.unmount();
  host?.remove();
  root = host = undefined;
  session.clear();
  session.clear();
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
}

/** Requests the fake API received for one endpoint path (query included), in order. */
export function calls(fetchMock: ReturnType<typeof fakeApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://jobs.acme.localhost'), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => url.pathname === pathname && (init.method ?? 'GET') === method);
}

export const text = () => document.body.textContent ?? '';
