import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

/**
 * What each route makes the browser download, measured in Chromium on a cold cache: every script and stylesheet
 * response, its bytes gzipped here at level 9, the figure bundle budgets are usually quoted in (the API itself sends
 * the build's brotli copies, about 15% smaller, to browsers that accept them: scripts/vite-precompress.ts).
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO = { email: 'admin@acme.test', password: 'Recruit-Demo-1', jobsPath: '/acme/jobs/jobs', dashboardPath: '/' };
export const GZIP_LEVEL = 9;

const KINDS = { script: 'js', stylesheet: 'css', font: 'font' };

/** Records every script, stylesheet and font the page receives until `done()` is awaited. */
function recorder(page, origin) {
  const pending = [];
  let recording = true;
  page.on('response', (response) => {
    const kind = KINDS[response.request().resourceType()];
    if (!recording || !kind || !response.url().startsWith(origin) || response.status() !== 200) return;
    pending.push(
      response.body().then((body) => ({
        file: new URL(response.url()).pathname,
        kind,
        bytes: body.length,
        gzip: kind === 'font' ? body.length : gzipSync(body, { level: GZIP_LEVEL }).length,
      })),
    );
  });
  // What the route loaded until it settled; anything later (the next navigation) is not this route's.
  return async () => {
    recording = false;
    const files = await Promise.all(pending);
    // One entry per file: a module preloaded and then imported is one download.
    return [...new Map(files.map((f) => [f.file, f])).values()].sort((a, b) => b.gzip - a.gzip);
  };
}

const sum = (files, kind, key) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);

/** Totals of a route's files, and the same for the files not already loaded by `before` (what the route adds). */
export function totals(files, before = []) {
  const seen = new Set(before.map((f) => f.file));
  const extra = files.filter((f) => !seen.has(f.file));
  const of = (list) => ({
    js_files: list.filter((f) => f.kind === 'js').length,
    js_bytes: sum(list, 'js', 'bytes'),
    js_gzip: sum(list, 'js', 'gzip'),
    css_files: list.filter((f) => f.kind === 'css').length,
    css_bytes: sum(list, 'css', 'bytes'),
    css_gzip: sum(list, 'css', 'gzip'),
    font_files: list.filter((f) => f.kind === 'font').length,
    font_bytes: sum(list, 'font', 'bytes'),
  });
  return { total: of(files), added: of(extra) };
}

/** Opens `path` in a fresh context (cold cache) and waits until the network is quiet and `ready` holds. */
async function visit(browser, base, path, storageState, ready) {
  const context = await browser.newContext({ storageState, viewport: { width: 1350, height: 940 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const done = recorder(page, base);
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  return { context, page, files: await done() };
}

async function expectPath(page, path) {
  const now = new URL(page.url()).pathname;
  if (now !== path) throw new Error(`expected to be at ${path}, the portal is at ${now}`);
}

/**
 * The login page signed out, then (signed in through its form) the dashboard and the jobs list, each opened
 * directly in its own cold context carrying the session the sign-in stored.
 */
export async function measureRoutes(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const login = await visit(browser, base, '/login', undefined, (page) => page.getByLabel('Email').waitFor());
    await login.page.getByLabel('Email').fill(DEMO.email);
    await login.page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await login.page.getByRole('button', { name: 'Sign in' }).click();
    await login.page.waitForURL((url) => url.pathname === '/');
    await login.page.waitForLoadState('networkidle');
    const storageState = await login.context.storageState();
    await login.context.close();

    const routes = { login: { path: '/login', files: login.files } };
    for (const [name, path] of [['dashboard', DEMO.dashboardPath], ['jobs', DEMO.jobsPath]]) {
      const visitAt = await visit(browser, base, path, storageState, async (page) => {
        await page.locator('main h1, main h2').first().waitFor();
        await expectPath(page, path);
        // Settled: every placeholder replaced (the dashboard's charts come in their own chunk once its figures are in).
        await page.waitForFunction(() => !globalThis.document.querySelector('main .MuiSkeleton-root'), undefined, { timeout: 30_000 });
      });
      await visitAt.context.close();
      routes[name] = { path, files: visitAt.files };
    }
    for (const route of Object.values(routes)) Object.assign(route, totals(route.files, route === routes.login ? [] : routes.login.files));
    return { routes, storageState };
  } finally {
    await browser.close();
  }
}
