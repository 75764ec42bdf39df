/**
 * `npm run bench:portal`: the portal's production build, measured the way a browser meets it. Builds apps/web,
 * starts the API serving that build on a scratch port and a fresh embedded database with the demo data, then
 *   (a) in Chromium: the JavaScript and CSS the login page loads before sign-in, and (signed in as the demo account
 *       admin) what the dashboard and the jobs list load in total and on top of the login page; which chunks are
 *       left for later, and whether every domain area (src/features/*) stays out of the first load;
 *   (b) Lighthouse (performance, accessibility, best practices) on those three pages.
 * Writes results/portal-<date>.json, prints a table and exits 1 when a target is missed. See bench/README.md.
 *
 * Flags:
 *   --smoke       build sizes and lazy loading only, no Lighthouse (CI); results/portal-<date>-smoke.json
 *   --no-build    measure apps/web/dist as it is (no per-area check: that needs the build's source maps)
 *   --runs=N      Lighthouse runs per page, median kept (default 3)
 *   --mobile      Lighthouse's default mobile emulation and throttling instead of the desktop preset
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseDist, buildPortal, domainAreas, originsOf } from './lib/portal-build.mjs';
import { judge, printReport } from './lib/portal-report.mjs';
import { GZIP_LEVEL, measureRoutes } from './lib/portal-sizes.mjs';
import { apiArgs } from './lib/api-server.mjs';
import { cpuBusy, startServer, stopServer, waitForHttp } from './lib/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const smoke = flag('smoke');
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const preset = flag('mobile') ? 'mobile' : 'desktop';
const unknown = args.filter((a) => !['--smoke', '--no-build', '--mobile'].includes(a) && !a.startsWith('--runs='));
if (unknown.length || !(runs >= 1)) {
  console.error(`usage: node bench/portal.mjs [--smoke] [--no-build] [--runs=N] [--mobile]   (unknown: ${unknown.join(' ')})`);
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The API serving the built portal, as `npm start` runs it, on its own port and a throw-away embedded database. */
async function startPortal(dataDir) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // The demo deployment whatever this shell points at: embedded database, demo seed, enterprise `demo`.
  const deployment = ['DATABASE_URL', 'DEMO_SEED', 'ENTERPRISE_KEY', 'STORAGE_DIR', 'MULTI_LANGUAGE', 'SMTP_URL', 'TRUST_PROXY'];
  for (const key of deployment) delete process.env[key];
  const server = startServer('API', apiArgs(), {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The demo as a newcomer runs it: mail kept in the viewer (production asks for the choice to be explicit).
    MAIL_VIEWER: '1',
  });
  await waitForHttp(server, `http://127.0.0.1:${port}/portal/health`, 180_000);
  return { server, base, port };
}

async function main() {
  const started = new Date();
  if (!flag('no-build')) {
    console.log('Building the portal (vite build, hidden source maps)…');
    await buildPortal(root);
  }
  const chunks = analyseDist(root);
  const mapped = [...chunks.values()].some((c) => c.sources.size > 0);

  const dataDir = mkdtempSync(join(tmpdir(), 'hireline-portal-bench-'));
  let server;
  try {
    console.log('Starting the API with the built portal on a fresh embedded database (demo data)…');
    const portal = await startPortal(dataDir);
    server = portal.server;
    console.log(`Measuring what each route loads at ${portal.base}…`);
    const { routes, storageState } = await measureRoutes(portal.base);

    const loginFiles = routes.login.files.map((f) => f.file);
    const jsChunks = [...chunks.values()].filter((c) => c.kind === 'js');
    const result = {
      started_at: started.toISOString(),
      mode: smoke ? 'smoke' : 'full',
      gzip_level: GZIP_LEVEL,
      build: {
        js_chunks: jsChunks.length,
        css_files: [...chunks.values()].filter((c) => c.kind === 'css').length,
        lazy_js_chunks: jsChunks.filter((c) => !loginFiles.includes(c.file)).length,
      },
      sizes: { routes },
      login_origins: mapped ? originsOf(chunks, loginFiles) : null,
      domain_areas: mapped ? domainAreas(root, chunks, loginFiles, 'auth') : null,
      preset: smoke ? null : preset,
      runs: smoke ? null : runs,
    };

    if (!smoke) {
      const { runLighthouse } = await import('./lib/portal-lighthouse.mjs');
      result.lighthouse_version = JSON.parse(readFileSync(`${root}node_modules/lighthouse/package.json`, 'utf8')).version;
      const base = portal.base;
      // The build's brotli copies of the portal's files, and the API's own compression of its JSON (server.ts).
      result.served = 'by the API, compressed';
      // The session the sign-in stored, replayed for whichever origin Lighthouse opens.
      const session = storageState.origins.find((o) => o.origin === new URL(portal.base).origin)?.localStorage ?? [];
      console.log(`Lighthouse (${preset}, ${runs} run(s) per page, served ${result.served})…`);
      // Lighthouse's performance score counts main-thread time: other work on the machine lowers it, so say how busy it was.
      result.cpu_busy_before_pct = await cpuBusy();
      result.lighthouse = await runLighthouse(
        base,
        [
          { name: 'login', path: '/login', signedIn: false },
          { name: 'dashboard', path: routes.dashboard.path, signedIn: true },
          { name: 'jobs', path: routes.jobs.path, signedIn: true },
        ],
        session,
        { runs, preset },
      );
      result.cpu_busy_after_pct = await cpuBusy();
    }

    result.checks = judge(result);
    printReport(result);
    mkdirSync(`${root}bench/results`, { recursive: true });
    const suffix = smoke ? '-smoke' : `${preset === 'mobile' ? '-mobile' : ''}`;
    const file = `bench/results/portal-${started.toISOString().slice(0, 10)}${suffix}.json`;
    writeFileSync(`${root}${file}`, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nWrote ${file}`);
    return Object.values(result.checks).every(Boolean);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
