/**
 * Scale-out: the same requests against one API process and against `API_PROCESSES=2` (the product's cluster mode:
 * one primary, two workers sharing the port round robin, apps/api/src/cluster.ts) on the same PostgreSQL data, to
 * report what a second process gains on this machine. That sessions, sign-in limits and scheduled work behave
 * across processes is proven by tests (apps/api/src/cluster.pg-test.ts, security/scale-out.pg-test.ts,
 * security/two-processes-*.pg-test.ts), not here.
 *
 * `node bench/scale-out.mjs` (BENCH_PRESET, BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS as for run.mjs;
 * BENCH_README=0 leaves the README alone). Needs the preset's database: run.mjs generates it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { signIn, startApi } from './lib/api-server.mjs';
import { ADMIN_URL, API_PORT, DEFAULT_PRESET, databaseUrl, readMarker } from './lib/config.mjs';
import { backendMonitor, load, loadSettings } from './lib/load.mjs';
import { cpuBusy, stopServer } from './lib/processes.mjs';
import { markdownTable, printColumns, replaceBlock } from './lib/readme.mjs';
import { machine } from './lib/report.mjs';
import { URL_GROUPS, bigSiteScope, scenarios } from './lib/urls.mjs';

const root = new URL('..', import.meta.url).pathname;
const DATABASE_URL = databaseUrl();
const settings = loadSettings();
/** One cheap and one database-heavy request of each kind the portal sends most: a session check and the lists. */
const NAMES = ['signed-in user', 'default list', 'applications list', 'seekers list'];
const pick = (scope, token) => scenarios(Object.keys(URL_GROUPS), scope, token).filter((u) => NAMES.includes(u.name));

async function measure(processes, scope) {
  const api = await startApi({ databaseUrl: DATABASE_URL, processes, label: `API × ${processes}` });
  const monitor = await backendMonitor(DATABASE_URL);
  try {
    const out = {};
    for (const u of pick(scope, await signIn())) {
      console.log(`${u.name}: ${processes} process${processes > 1 ? 'es' : ''} …`);
      out[u.name] = { path: u.path, ...(await load({ port: API_PORT, path: u.path, headers: u.headers, pid: api.pid, backends: monitor.list, settings, databaseUrl: DATABASE_URL })) };
    }
    return out;
  } finally {
    await monitor.close();
    await stopServer(api);
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
  const one = await measure(1, scope);
  const two = await measure(2, scope);
  const measured = Object.keys(one).map((name) => {
    const a = one[name];
    const b = two[name];
    return { name, path: a.path, one: a, two: b, gain: a.rps ? Math.round((b.rps / a.rps) * 100) / 100 : null };
  });
  const run = { preset: marker.preset, started_at: new Date().toISOString(), settings, machine: { ...machine(), busy_before_pct: busy }, scenarios: measured };

  const head = ['Scenario', '1 process req/s', '2 processes req/s', 'gain', '1 process p50/p99 ms', '2 processes p50/p99 ms', 'non-2xx/err (2)', 'RSS MB 1 / 2 (all processes)', 'CPU ms/req app+db 1 / 2'];
  const cpu = (s) => `${s.app_cpu_ms_per_req ?? '?'}+${s.db_cpu_ms_per_req ?? '?'}`;
  const rows = measured.map((s) => [
    s.name, String(s.one.rps), String(s.two.rps), `${s.gain}×`, `${s.one.p50_ms} / ${s.one.p99_ms}`, `${s.two.p50_ms} / ${s.two.p99_ms}`,
    `${s.two.non2xx}/${s.two.errors}`, `${s.one.rss_peak_mb} / ${s.two.rss_peak_mb}`, `${cpu(s.one)} / ${cpu(s.two)}`,
  ]);
  printColumns(`scale-out (${run.preset})`, head, rows);
  mkdirSync(`${root}bench/results`, { recursive: true });
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL.replace(/[^\w.-]/g, '_')}` : '';
  const file = `results/scale-out-${run.preset}-${run.started_at.slice(0, 10)}${label}.json`;
  writeFileSync(`${root}bench/${file}`, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Wrote bench/${file}`);
  if (process.env.BENCH_README !== '0') {
    const intro =
      `**${run.preset}** — ${settings.connections} connections, ${settings.duration_s} s each after ${settings.warmup_s} s warm-up; ` +
      `${run.started_at.slice(0, 16).replace('T', ' ')} UTC; CPU busy before: ${busy ?? '?'}%; ${run.machine.cpus} cores shared by autocannon, ` +
      `the API processes and PostgreSQL ([raw](${file})).`;
    replaceBlock(`${root}bench/README.md`, `scale-out:${run.preset}`, `${intro}\n\n${markdownTable(head, rows)}`);
  }
  if (measured.some((s) => s.two.non2xx || s.two.errors)) {
    console.log('FAIL: the two-process API answered errors.');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
