import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when it may. The API's Content-Security-Policy has no
 * 'unsafe-eval', so its feature probe is refused and the browser reports a CSP violation on every page load (an
 * issue in the console and in Lighthouse). Interpreted parsing is as correct and fast enough for a form or a URL.
 * Imported first by main.tsx, before anything parses.
 */
z.config({ jitless: true });
