import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { notePage, restorePage, type PageBefore } from '../../../../scripts/test-page';

/*
 * The portal's test files share their worker's modules (vitest.config.ts, `isolate: false`): React, MUI, the router
 * and the app's own singletons are imported once per worker, not once per file. Each file must still start as it
 * would in a fresh page: this setup file runs around every file and puts back, after it, what a file can leave
 * behind (the query cache, the session, the snackbar, the preferences, the branding, the language, the document,
 * storage, timers and stubbed globals). Tests' own afterEach (unmountApp) keeps clearing between tests of a file.
 *
 * The app's modules are imported here when the hooks run, not above: a file that re-evaluates modules
 * (vi.resetModules) holds instances of its own, and those are the ones to reset.
 */

/*
 * A file that mocks a module (vi.mock) needs the modules importing it evaluated after its mock is declared, which a
 * module already in the worker never is: the file starts from a fresh module graph (this runs before it is
 * imported), and after it its mocks are undone and the graph dropped again, so no other file meets them.
 */
const testPath = expect.getState().testPath;
const mocked = testPath
  ? [...readFileSync(testPath, 'utf8').matchAll(/\bvi\.mock\(\s*['"]([^'"]+)['"]/g)].map(([, spec]) =>
      spec!.startsWith('.') ? resolve(dirname(testPath), spec!) : spec!,
    )
  : [];
if (mocked.length) vi.resetModules();

const hasDom = typeof document !== 'undefined';
const happyDom = () => (hasDom ? (window as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM : undefined);

let queryClientBefore: unknown;
let page: PageBefore | undefined;
let settings: Record<string, unknown> | undefined;

beforeAll(async () => {
  queryClientBefore = (await import('../lib/query-client')).queryClient;
  if (!hasDom) return;
  page = notePage();
  const current = happyDom()?.settings;
  settings = current && (JSON.parse(JSON.stringify(current)) as Record<string, unknown>);
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();

  const [{ queryClient }, { session }, { snackbar }, { preferences, defaultPreferences }, { resetBranding }] =
    await Promise.all([
      import('../lib/query-client'),
      import('../lib/session'),
      import('../lib/snackbar'),
      import('../lib/preferences'),
      import('../lib/branding'),
    ]);
  const [{ setTitleBrand }, { setSessionExpiredHandler, setImpersonationExpiredHandler }, i18n, { takeHeadingFocus }] =
    await Promise.all([
      import('../lib/page-title'),
      import('../lib/api-client'),
      import('../lib/i18n'),
      import('../features/jobs/wizard/wizard-context'),
    ]);

  queryClient.clear();
  snackbar.close();
  preferences.update(defaultPreferences);
  resetBranding();
  setTitleBrand('');
  setSessionExpiredHandler(null);
  setImpersonationExpiredHandler(null);
  takeHeadingFocus();
  await i18n.default.changeLanguage(i18n.DEFAULT_LOCALE);

  if (hasDom && page) {
    restorePage(page);
    delete (window as { __hirelineEarly?: unknown }).__hirelineEarly;
    const current = happyDom()?.settings;
    if (current && settings) Object.assign(current, settings);
  }
  session.reload();

  // A file that re-evaluated the app's modules leaves instances set up its own way (a stored token read at import,
  // an enterprise key from its meta tag): the next file imports the modules afresh, as it would on its own.
  for (const path of mocked) vi.doUnmock(path);
  if (mocked.length || queryClient !== queryClientBefore) vi.resetModules();
});
