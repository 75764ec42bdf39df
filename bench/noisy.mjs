/**
 * Noisy neighbours: the default jobs list, alone and while other connections hammer the app bar's search with terms
 * that match nothing (the slowest kind: every group scans for them), on one API with its isolation turned off
 * (STATEMENT_TIMEOUT_MS=0, SEARCH_CONNECTIONS_PER_ACCOUNT=10: searches may take the whole pool, as before it existed)
 * and on one with the defaults (a 5 s statement timeout, 3 connections per account for searches, 2 s of waiting for
 * one, then 503 search_busy). Both sides are the big site's manager: the list is what everyone else of the account
 * (and every other account) keeps asking for while one team types in the search box.
 *
 * `node bench/noisy.mjs` (BENCH_PRESET, BENCH_DURATION, BENCH_WARMUP as for run.mjs; BENCH_QUIET_CONNECTIONS=5 the
 * list's clients, BENCH_NOISY_CONNECTIONS=10 the searchers; BENCH_README=0 leaves the README alone). Needs the
 * preset's database: run.mjs generates it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { scopeHeaders, signIn, startApi } from './lib/api-server.mjs';
import { ADMIN_URL, API_PORT, DEFAULT_PRESET, databaseUrl, readMarker } from './lib/config.mjs';
import { loadSettings, settle } from './lib/load.mjs';
import { cpuBusy, stopServer } from './lib/processes.mjs';
import { markdownTable, printColumns, replaceBlock } from './lib/readme.mjs';
import { machine } from './lib/report.mjs';
import { bigSiteScope } from './lib/urls.mjs';

const root = new URL('..', import.meta.url).pathname;
const DATABASE_URL = databaseUrl();
const settings = {
  ...loadSettings(),
  quiet_connections: Number(process.env.BENCH_QUIET_CONNECTIONS ?? 5),
  noisy_connections: Number(process.env.BENCH_NOISY_CONNECTIONS ?? 10),
};
const LIST = '/portal/v1/jobs';
/** In no title, description, name or email of the generated data; each connection cycles through them. */
const RARE_TERMS = ['qwertyzz', 'zxqvbnj', 'plokmijn', 'yxwvutz', 'qqjjxxk'];
const SEARCHES = RARE_TERMS.map((q) => `/portal/v1/site/search?q=${q}`);

const APIS = [
  { name: 'isolation off', env: { STATEMENT_TIMEOUT_MS: '0', SEARCH_CONNECTIONS_PER_ACCOUNT: '10' } },
  { name: 'isolation on (defaults)', env: {} },
];

const nth = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10 : null);

/**
 * `connections` clients asking for `paths` in turn for `seconds`, every answer's time and status kept (autocannon's
 * own summary has no 95th percentile, and lumps a 503 refusal in with failures).
 */
function hammer(headers, paths, connections, seconds) {
  const times = [];
  const status = { ok: 0, refused_503: 0, other: 0 };
  return new Promise((resolve, reject) => {
    const run = autocannon(
      { url: `http://127.0.0.1:${API_PORT}`, headers, connections, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path })) },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          requests: times.length,
          rps: Math.round((times.length / result.duration) * 10) / 10,
          p50_ms: nth(times, 50),
          p95_ms: nth(times, 95),
          ...status,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    run.on('response', (_client, code, _bytes, ms) => {
      times.push(ms);
      if (code < 300) status.ok++;
      else if (code === 503) status.refused_503++;
      else status.other++;
    });
  });
}

async function measure(api, scope) {
  const child = await startApi({ databaseUrl: DATABASE_URL, label: `API, ${api.name}`, env: api.env });
  try {
    const headers = scopeHeaders(await signIn(), scope);
    const list = (s) => hammer(headers, [LIST], settings.quiet_connections, s);
    const search = (s) => hammer(headers, SEARCHES, settings.noisy_connections, s);
    await settle(DATABASE_URL);
    if (settings.warmup_s > 0) await Promise.all([list(settings.warmup_s), search(settings.warmup_s)]);
    await settle(DATABASE_URL);
    console.log(`${api.name}: the jobs list alone …`);
    const alone = await list(settings.duration_s);
    await settle(DATABASE_URL);
    console.log(`${api.name}: the jobs list beside ${settings.noisy_connections} searching connections …`);
    const [beside, searches] = await Promise.all([list(settings.duration_s), search(settings.duration_s)]);
    await settle(DATABASE_URL);
    return { name: api.name, env: api.env, alone, beside, searches };
  } finally {
    await stopServer(child);
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const { marker } = await readMarker(admin);
  await admin.end();
  if (!marker) throw new Error(`No complete '${DEFAULT_PRESET}' bench database: run \`npm run bench\` (or bench/generate.mjs) first.`);
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const scope = await bigSiteScope(client);
  await client.end();

  const busy = await cpuBusy();
  const measured = [];
  for (const api of APIS) measured.push(await measure(api, scope));
  const run = { preset: marker.preset, started_at: new Date().toISOString(), settings, machine: { ...machine(), busy_before_pct: busy }, apis: measured };

  const head = [
    'API',
    'jobs list alone p50 / p95 ms',
    `jobs list beside ${settings.noisy_connections} searching, p50 / p95 ms`,
    'jobs list req/s alone / beside',
    'searches answered / refused 503 (per s)',
    'search p50 / p95 ms',
  ];
  const rows = measured.map((m) => [
    m.name,
    `${m.alone.p50_ms} / ${m.alone.p95_ms}`,
    `${m.beside.p50_ms} / ${m.beside.p95_ms}`,
    `${m.alone.rps} / ${m.beside.rps}`,
    `${perSecond(m.searches.ok)} / ${perSecond(m.searches.refused_503)}`,
    `${m.searches.p50_ms} / ${m.searches.p95_ms}`,
  ]);
  printColumns(`noisy neighbours (${run.preset})`, head, rows);
  mkdirSync(`${root}bench/results`, { recursive: true });
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL.replace(/[^\w.-]/g, '_')}` : '';
  const file = `results/noisy-${run.preset}-${run.started_at.slice(0, 10)}${label}.json`;
  writeFileSync(`${root}bench/${file}`, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Wrote bench/${file}`);
  if (process.env.BENCH_README !== '0' && !label) {
    const intro =
      `**${run.preset}** — the jobs list on ${settings.quiet_connections} connections, the search on ${settings.noisy_connections}, ` +
      `${settings.duration_s} s each after ${settings.warmup_s} s warm-up; ${run.started_at.slice(0, 16).replace('T', ' ')} UTC; ` +
      `CPU busy before: ${busy ?? '?'}%; ${run.machine.cpus} cores shared by autocannon, the API and PostgreSQL ([raw](${file})).`;
    replaceBlock(`${root}bench/README.md`, `noisy:${run.preset}`, `${intro}\n\n${markdownTable(head, rows)}`);
  }
  // The list must always answer; a search may be refused (503) by design, but never fail otherwise.
  const broken = measured.filter((m) => [m.alone, m.beside].some((s) => s.refused_503 || s.other || s.errors) || m.searches.other || m.searches.errors);
  if (broken.length) {
    console.log(`FAIL: errors answered with ${broken.map((m) => m.name).join(', ')} (see results).`);
    process.exitCode = 1;
  }

  function perSecond(n) {
    return Math.round((n / settings.duration_s) * 10) / 10;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
