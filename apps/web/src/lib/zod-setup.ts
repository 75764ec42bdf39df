/*
 * Zod compiles object parsers with `new Function` when it may. The API's Content-Security-Policy has no
 * 'unsafe-eval', so its feature probe is refused and the browser reports a CSP violation on every page load (an
 * issue in the console and in Lighthouse). Interpreted parsing is as correct and fast enough for a form or a URL.
 *
 * Set without importing Zod, which is not part of the first download (it comes with sign-in): Zod keeps its settings
 * in `globalThis.__zod_globalConfig`, taking the object found there when it loads. Imported first by main.tsx, so
 * `jitless` is on before Zod is even loaded, let alone parses (zod-setup.test.ts holds Zod to that).
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

// A module (its `scope` is its own), imported for its effect.
export {};
