import { afterAll, beforeAll, vi } from 'vitest';
import { notePage, restorePage, type PageBefore } from '../../../../scripts/test-page';

/*
 * The board's test files share their worker's modules (vitest.config.ts, `isolate: false`): React, MUI, the router
 * and the board's own singletons are imported once per worker, not once per file. Each file must still start as it
 * would in a fresh page: this setup file runs around every file and puts back, after it, what a file can leave
 * behind (the query cache, the session, the notice, the language, the document, storage, timers and stubbed
 * globals). Tests' own afterEach (unmountBoard) keeps clearing between tests of a file.
 *
 * The board's modules are imported here when the hooks run, not above: a file that re-evaluates modules
 * (vi.resetModules) holds instances of its own, and those are the ones to reset.
 */

const hasDom = typeof document !== 'undefined';

let queryClientBefore: unknown;
let page: PageBefore | undefined;

beforeAll(async () => {
  queryClientBefore = (await import('../lib/query-client')).queryClient;
  if (!hasDom) return;
  page = notePage();
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();

  const [{ queryClient }, { session }, { notice }, { setRenderedWide }, { setSessionExpiredHandler }, i18n] = await Promise.all([
    import('../lib/query-client'),
    import('../lib/session'),
    import('../lib/notice'),
    import('../lib/ssr-state'),
    import('../lib/api-client'),
    import('../lib/i18n'),
  ]);

  queryClient.clear();
  notice.clear();
  setRenderedWide(false);
  setSessionExpiredHandler(null);
  // What a visitor without a stored choice gets in happy-dom (its navigator speaks en-US), and in Node.
  await i18n.default.changeLanguage('en');

  if (hasDom && page) restorePage(page);
  // Read again from the storage just emptied (the token and any borrowed one).
  session.clear();

  // A file that re-evaluated the board's modules leaves instances set up its own way: the next file imports them
  // afresh, as it would on its own.
  if (queryClient !== queryClientBefore) vi.resetModules();
});
