/**
 * `npm run bench:board`: Lighthouse on the public job board's home, search and job pages, as a visitor from a search
 * engine meets them (signed out, cold cache). Builds apps/board (the browser app and its server renderer), starts the
 * API serving it on a scratch port and a fresh embedded database with the demo data, and audits the demo board
 * jobs.acme.localhost, which Chromium reaches through --host-resolver-rules. Writes
 * results/portal-<date>-board[-mobile].json beside the portal's and exits 1 when a page's median performance is
 * under 95 or its largest contentful paint over 1.5 s (issue 30 §3). See bench/README.md.
 *
 * Flags:
 *   --no-build    measure apps/board/dist and dist-ssr as they are (without dist-ssr: the app alone, as before)
 *   --runs=N      Lighthouse runs per page, median kept (default 3)
 *   --mobile      Lighthouse's default mobile emulation and throttling instead of the desktop preset
 *   --label=NAME  appended to the result file's name (e.g. `before`)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiArgs } from './lib/api-server.mjs';
import { runLighthouse } from './lib/portal-lighthouse.mjs';
import { cpuBusy, startServer, stopServer, waitForHttp } from './lib/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 3);
const label = option('label');
const preset = flag('mobile') ? 'mobile' : 'desktop';
const unknown = args.filter((a) => !['--no-build', '--mobile'].includes(a) && !/^--(runs|label)=/.test(a));
if (unknown.length || !(runs >= 1) || (label !== undefined && !/^[a-z0-9-]+$/.test(label))) {
  console.error(`usage: node bench/board.mjs [--no-build] [--runs=N] [--mobile] [--label=NAME]   (unknown: ${unknown.join(' ')})`);
  process.exit(2);
}

const BOARD_HOST = 'jobs.acme.localhost';
const TARGETS = { performance: 95, lcp_ms: 1500 };

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function main() {
  const started = new Date();
  if (!flag('no-build')) {
    console.log('Building the board (vite build, and --ssr for its server renderer)…');
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@hireline/board'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the board's build exited with ${build.status}`);
  }
  const ssr = existsSync(`${root}apps/board/dist-ssr/entry-server.js`);
  const dataDir = mkdtempSync(join(tmpdir(), 'hireline-board-bench-'));
  const port = await freePort();
  const deployment = ['DATABASE_URL', 'DEMO_SEED', 'ENTERPRISE_KEY', 'STORAGE_DIR', 'MULTI_LANGUAGE', 'SMTP_URL', 'TRUST_PROXY'];
  for (const key of deployment) delete process.env[key];
  const server = startServer('API', apiArgs(), {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MAIL_VIEWER: '1',
  });
  try {
    await waitForHttp(server, `http://127.0.0.1:${port}/portal/health`, 180_000);
    // A live advert of the demo board for its job page: the newest, as the home page lists it first.
    const list = await fetch(`http://127.0.0.1:${port}/portal/v1/board/jobs?domain=${BOARD_HOST}&per_page=1`, { headers: { 'x-af-eid': 'demo' } });
    const job = (await list.json()).data?.[0];
    if (!job) throw new Error(`the demo board ${BOARD_HOST} lists no job (${list.status})`);
    const base = `http://${BOARD_HOST}:${port}`;
    const pages = [
      { name: 'home', path: '/', signedIn: false },
      { name: 'search', path: `/jobs?q=${encodeURIComponent(job.title.split(' ')[0])}`, signedIn: false },
      { name: 'job', path: `/jobs/${job.id}`, signedIn: false },
    ];
    console.log(`Lighthouse (${preset}, ${runs} run(s) per page, server rendering ${ssr ? 'on' : 'off'}) at ${base}…`);
    const result = {
      started_at: started.toISOString(),
      app: 'board',
      server_rendered: ssr,
      preset,
      runs,
      targets: TARGETS,
      lighthouse_version: JSON.parse(readFileSync(`${root}node_modules/lighthouse/package.json`, 'utf8')).version,
      served: 'by the API, compressed',
      cpu_busy_before_pct: await cpuBusy(),
    };
    // *.localhost is the machine itself; the rule keeps Chromium from asking any resolver about the board's host.
    result.lighthouse = await runLighthouse(base, pages, [], { runs, preset, chromeFlags: [`--host-resolver-rules=MAP ${BOARD_HOST} 127.0.0.1`] });
    result.cpu_busy_after_pct = await cpuBusy();
    result.checks = Object.fromEntries(
      Object.entries(result.lighthouse).map(([name, r]) => [
        name,
        r.scores.performance >= TARGETS.performance && r.metrics['largest-contentful-paint'] <= TARGETS.lcp_ms,
      ]),
    );
    console.log('\npage     perf  a11y  bp   FCP ms  LCP ms  TBT ms  CLS    target');
    for (const [name, r] of Object.entries(result.lighthouse)) {
      const m = r.metrics;
      console.log(
        `${name.padEnd(8)} ${String(r.scores.performance).padStart(4)}  ${String(r.scores.accessibility).padStart(4)}  ${String(r.scores['best-practices']).padStart(3)}  ${String(Math.round(m['first-contentful-paint'])).padStart(6)}  ${String(Math.round(m['largest-contentful-paint'])).padStart(6)}  ${String(Math.round(m['total-blocking-time'])).padStart(6)}  ${m['cumulative-layout-shift'].toFixed(3)}  ${result.checks[name] ? 'met' : 'MISSED'}`,
      );
    }
    mkdirSync(`${root}bench/results`, { recursive: true });
    const file = `bench/results/portal-${started.toISOString().slice(0, 10)}-board${preset === 'mobile' ? '-mobile' : ''}${label ? `-${label}` : ''}.json`;
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
