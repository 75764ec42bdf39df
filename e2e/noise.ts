import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Every browser test watches for noise: a console error, an uncaught exception, a request that failed, or an answer of
 * 400 or more. A page that works but logs errors or asks for what it cannot get is a bug a person sees in the console
 * and a server sees in its logs, so the test fails unless it declared that noise with `expectNoise` (a test that
 * deliberately provokes a refusal, such as a wrong password).
 */

type Noise = { kind: 'console' | 'pageerror' | 'requestfailed' | 'response'; text: string };

let current: { seen: Noise[]; allowed: RegExp[] } | null = null;

/**
 * Declares noise this test provokes on purpose. Each pattern is matched against a line such as
 * `response 401 POST /portal/auth/login` or `console Error fetching branding data: …`.
 */
export function expectNoise(...patterns: RegExp[]) {
  if (!current) throw new Error('expectNoise is called inside a test');
  current.allowed.push(...patterns);
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

function watch(context: BrowserContext, seen: Noise[]) {
  context.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every answer of 400 or more as a console error; the answer itself is recorded below, with its
    // method and path, so this line would only repeat it.
    if (m.text().startsWith('Failed to load resource')) return;
    seen.push({ kind: 'console', text: m.text() });
  });
  context.on('weberror', (e) => seen.push({ kind: 'pageerror', text: String(e.error()) }));
  context.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? '';
    // A request the browser cancelled because the page moved on (a navigation, an unmounted query) never reached an
    // answer; nobody sees it fail.
    if (failure === 'net::ERR_ABORTED') return;
    seen.push({ kind: 'requestfailed', text: `${failure} ${r.method()} ${pathOf(r.url())}` });
  });
  context.on('response', (r) => {
    if (r.status() < 400) return;
    seen.push({ kind: 'response', text: `${r.status()} ${r.request().method()} ${pathOf(r.url())}` });
  });
}

export const test = base.extend<{ noise: void }>({
  noise: [
    async ({ context, browser }, use, testInfo) => {
      // A sandboxed mail preview refusing a script is the sandbox doing its job, on whichever page shows one.
      const state = { seen: [] as Noise[], allowed: [/^console Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/] };
      current = state;
      watch(context, state.seen);
      // Contexts and pages a test opens itself (another locale, a second person) are watched too.
      const b = browser as Browser;
      const { newContext, newPage } = b;
      b.newContext = async (...args) => {
        const c = await newContext.apply(b, args);
        watch(c, state.seen);
        return c;
      };
      b.newPage = async (...args) => {
        const p = await newPage.apply(b, args);
        watch(p.context(), state.seen);
        return p;
      };
      try {
        await use();
      } finally {
        b.newContext = newContext;
        b.newPage = newPage;
        current = null;
      }
      const unexpected = state.seen
        .map((n) => `${n.kind} ${n.text}`)
        .filter((line) => !state.allowed.some((p) => p.test(line)));
      if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Unexpected console errors or failed requests:\n${unexpected.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
