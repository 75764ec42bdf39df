/**
 * The embedded default: every scenario of run.mjs against the API on PGlite (the database `npm start` uses when no
 * DATABASE_URL is set, running inside the API's process) and against the API on the PostgreSQL server, on the same
 * generated data, so a user can see what moving to PostgreSQL buys. No raw baseline here: PGlite has no server for
 * one to talk to.
 *
 * `node bench/pglite.mjs` — the small preset unless BENCH_PGLITE_PRESET says otherwise (the full one would put 5.5 GB
 * in one process's embedded database); the PGlite copy is generated once into $TMPDIR/hireline-bench-pglite-<preset>
 * (BENCH_PGLITE_DIR to change).
 * BENCH_ONLY, BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS and BENCH_README as for run.mjs.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { signIn, startApi } from './lib/api-server.mjs';
import { ADMIN_URL, API_PORT, databaseUrl, readMarker } from './lib/config.mjs';
import { backendMonitor, load, loadSettings } from './lib/load.mjs';
import { cpuBusy, runNode, stopServer } from './lib/processes.mjs';
import { markdownTable, printColumns, replaceBlock } from './lib/readme.mjs';
import { machine } from './lib/report.mjs';
import { bigSiteScope, scenarios, selectedGroups } from './lib/urls.mjs';

const root = new URL('..', import.meta.url).pathname;
const preset = process.env.BENCH_PGLITE_PRESET ?? 'small';
const DATABASE_URL = databaseUrl(preset);
const PGLITE_DATA = process.env.BENCH_PGLITE_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/hireline-bench-pglite-${preset}`;
const settings = loadSettings();
const groups = selectedGroups();

/** Generates whichever copy is missing (each generator run is idempotent and checks its own marker). */
async function ensureData() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const { marker } = await readMarker(admin, preset);
  await admin.end();
  if (!marker) await runNode(['--import', 'tsx', `${root}bench/generate.mjs`, '--preset', preset]);
  if (!existsSync(`${PGLITE_DATA}/db/bench-marker.json`)) await runNode(['--import', 'tsx', `${root}bench/generate.mjs`, '--preset', preset, '--pglite', `${PGLITE_DATA}/db`]);
}

/** The scenarios' ids differ between the two copies (generated apart), so each side finds its own. */
async function scopeOn(kind) {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return await bigSiteScope(client);
    } finally {
      await client.end();
    }
  }
  // The extensions the migrations created (apps/api/src/db/client.ts pgliteExtensions; this runner is plain ESM).
  const db = await PGlite.create(`${PGLITE_DATA}/db`, { extensions: { pg_trgm } });
  try {
    return await bigSiteScope(db);
  } finally {
    await db.close();
  }
}

async function measure(kind) {
  const scope = await scopeOn(kind);
  const server = kind === 'postgres' ? { databaseUrl: DATABASE_URL } : { dataDir: PGLITE_DATA };
  const api = await startApi({ ...server, label: `API on ${kind}` });
  const monitor = await backendMonitor(server.databaseUrl);
  try {
    const out = {};
    for (const u of scenarios(groups, scope, await signIn())) {
      console.log(`${u.name}: ${kind} …`);
      out[u.name] = await load({ port: API_PORT, path: u.path, headers: u.headers, pid: api.pid, backends: monitor.list, settings, databaseUrl: server.databaseUrl });
    }
    return out;
  } finally {
    await monitor.close();
    await stopServer(api);
  }
}

async function main() {
  await ensureData();
  const busy = await cpuBusy();
  const onServer = await measure('postgres');
  const embedded = await measure('pglite');
  const measured = Object.keys(onServer).map((name) => {
    const a = onServer[name];
    const b = embedded[name];
    return { name, postgres: a, pglite: b, ratio: a.rps ? Math.round((b.rps / a.rps) * 100) / 100 : null };
  });
  const run = { preset, started_at: new Date().toISOString(), settings, machine: { ...machine(), busy_before_pct: busy }, scenarios: measured };
  const head = ['Scenario', 'PostgreSQL req/s', 'PGlite req/s', 'PGlite/PostgreSQL', 'PostgreSQL p50/p99 ms', 'PGlite p50/p99 ms', 'PGlite non-2xx/timeouts', 'RSS MB PostgreSQL / PGlite (API process)'];
  const rows = measured.map((s) => [
    s.name, String(s.postgres.rps), String(s.pglite.rps), `${s.ratio}×`, `${s.postgres.p50_ms} / ${s.postgres.p99_ms}`, `${s.pglite.p50_ms} / ${s.pglite.p99_ms}`,
    `${s.pglite.non2xx}/${s.pglite.timeouts ?? 0}`, `${s.postgres.rss_peak_mb} / ${s.pglite.rss_peak_mb}`,
  ]);
  printColumns(`PGlite against PostgreSQL (${preset})`, head, rows);
  mkdirSync(`${root}bench/results`, { recursive: true });
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL.replace(/[^\w.-]/g, '_')}` : '';
  const file = `results/pglite-${preset}-${run.started_at.slice(0, 10)}${label}.json`;
  writeFileSync(`${root}bench/${file}`, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Wrote bench/${file}`);
  if (process.env.BENCH_README !== '0') {
    const intro =
      `**${preset}** — the same generated data in both; ${settings.connections} connections, ${settings.duration_s} s each after ${settings.warmup_s} s warm-up; ` +
      `${run.started_at.slice(0, 16).replace('T', ' ')} UTC; CPU busy before: ${busy ?? '?'}% ([raw](${file})). PGlite's RSS includes its database.`;
    replaceBlock(`${root}bench/README.md`, `pglite:${preset}`, `${intro}\n\n${markdownTable(head, rows)}`);
  }
  // Timeouts are a finding here, not a failure: PGlite runs one query at a time inside the API's process, so at 50
  // connections the slowest requests queue for seconds. A wrong answer or a refused connection is a failure.
  const timeouts = measured.reduce((n, s) => n + (s.pglite.timeouts ?? 0), 0);
  if (timeouts) console.log(`PGlite: ${timeouts} requests waited past autocannon's 10 s timeout (one query at a time, 50 connections).`);
  if (measured.some((s) => s.pglite.non2xx || s.pglite.errors > (s.pglite.timeouts ?? 0))) {
    console.log('FAIL: the API on PGlite answered errors.');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
