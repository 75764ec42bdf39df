import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { getBoardJob, getBoardSite, listBoardJobs } from '@hireline/contract/board';
import type { Branding } from '@hireline/contract/branding';
import type { Endpoint, ResponseOf } from '@hireline/contract/endpoint';
import { App } from './app/App';
import { createBoardRouter } from './app/router';
import { toApiQuery, type JobsSearch } from './features/jobs/jobs.search';
import { apiQueryKey } from './lib/api-query';
import { setBranding } from './lib/branding';
import i18n, { languages, type Language } from './lib/i18n';
import { takeRenderedTitle } from './lib/site';
import { setRenderedWide, ssrStateScript, type BoardSsrState } from './lib/ssr-state';
import { createEmotionCache } from './lib/theme';

/*
 * The board's pages rendered on the server (built by `vite build --ssr` into dist-ssr/, loaded by the API): the
 * search pages and a job's page, with the same components the browser renders, so they paint before any script.
 * The API answers the queries these pages make from its own services (`load`), for the board of the request's host.
 */

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  /** The request's Accept-Language: the browser's languages, which the app reads as navigator.languages. */
  acceptLanguage: string | undefined;
  branding: Branding | null;
  /** Whether the browser is likely a wide screen (not a phone), from its user agent: the search page's layout. */
  wide: boolean;
  /** A public endpoint's answer for this board, as the API would send it; throws when it would be an error. */
  load: <E extends Endpoint>(endpoint: E, input: { params?: unknown; query?: unknown }) => Promise<ResponseOf<E>>;
}

export interface RenderOutput {
  /** The content of #root. */
  html: string;
  /** The page's styles and the state the app hydrates from, for <head>. */
  head: string;
  language: Language;
  dir: 'ltr' | 'rtl';
  /** The page's title as the app names it in the tab ("Jobs · Acme Jobs"); empty when it names none. */
  title: string;
}

/** The first of the browser's languages the board speaks (as lib/i18n does in the browser), else English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const base = tag.split('-')[0];
    if ((languages as readonly string[]).includes(base!)) return base as Language;
  }
  return 'en';
}

/** Pages rendered here; every other page (sign-in, a candidate's own pages) is the app's alone. */
const RENDERED = new Set(['/', '/jobs', '/jobs/$id']);

/** Renders a page, or null when it is not one the server renders. */
export async function render(input: RenderInput): Promise<RenderOutput | null> {
  const router = createBoardRouter(createMemoryHistory({ initialEntries: [input.url] }), { server: true });
  await router.load();
  const leaf = router.state.matches.at(-1);
  if (!leaf || leaf.status !== 'success' || !RENDERED.has(leaf.routeId)) return null;

  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const prefetch = (endpoint: Endpoint, args: { params?: unknown; query?: unknown }) =>
    client.prefetchQuery({ queryKey: apiQueryKey(endpoint, args, 0), queryFn: () => input.load(endpoint, args) });
  await Promise.all([
    prefetch(getBoardSite, {}),
    leaf.routeId === '/jobs/$id'
      ? prefetch(getBoardJob, { params: { uuid: (leaf.params as { id: string }).id } })
      : prefetch(listBoardJobs, { query: toApiQuery(leaf.search as JobsSearch) }),
  ]);

  const language = languageOf(input.acceptLanguage);
  const t = i18n.cloneInstance({ lng: language, initAsync: false });
  const dir = t.dir(language) === 'rtl' ? 'rtl' : 'ltr';
  const cache = createEmotionCache(dir);
  // Emotion then keeps each rule's CSS in the cache instead of writing <style> elements into the markup.
  cache.compat = true;
  // Rendering is synchronous: the branding store holds this board's branding for exactly this render.
  setBranding(input.branding);
  setRenderedWide(input.wide);
  let html: string;
  let title: string;
  takeRenderedTitle();
  try {
    html = renderToString(
      <StrictMode>
        <I18nextProvider i18n={t}>
          <App router={router} client={client} cache={cache} />
        </I18nextProvider>
      </StrictMode>,
    );
    title = takeRenderedTitle();
  } finally {
    setBranding(null);
    setRenderedWide(false);
  }
  const ids = Object.keys(cache.inserted).filter((id) => typeof cache.inserted[id] === 'string');
  const css = ids.map((id) => cache.inserted[id]).join('');
  // The browser's cache of the same key adopts these rules by their ids instead of inserting them again.
  const styles = `<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`;
  const state: BoardSsrState = { language, wide: input.wide, branding: input.branding, queries: dehydrate(client) };
  return { html, head: `${styles}\n    ${ssrStateScript(state)}`, language, dir, title };
}
