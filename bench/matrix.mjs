/**
 * `BENCH_ONLY=matrix npm run bench` (or `node bench/matrix.mjs`): every list of the portal and the board through
 * every filter its contract allows, alone and in pairs, every sort, pages 1, 100 and the last, a common, a rare and
 * a no-match search, and the CSV export of the biggest list; one request at a time, p50/p95/max per combination.
 * The combinations come from packages/contract at run time (lib/matrix-combos.mjs), the filter values from the data
 * (lib/matrix-lists.mjs). The API runs as deployed: the bundle, NODE_ENV=production, LOG_LEVEL=info; requests ask
 * for compression. Target: every combination under 100 ms p95. See bench/README.md, "Matrix".
 *
 * Environment (all optional): BENCH_PRESET=small|full (read-only: the data is never generated or changed here),
 * MATRIX_REPS=5 (measured repetitions after one warm-up), MATRIX_CSV_REPS=1 (the export's, without one), MATRIX_LISTS=jobs,board (names of lib/matrix-lists.mjs),
 * MATRIX_SMOKE=1 (the default combination of each list once, judged on answers only: smoke.mjs),
 * BENCH_README=0, BENCH_LABEL=x (results/matrix-<preset>-<date>-x.json, README left alone).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { signIn, startApi } from './lib/api-server.mjs';
import { API_PORT, AUDITOR_EMAIL, DEFAULT_PRESET, ENTERPRISE_KEY, databaseUrl, readMarker, ADMIN_URL } from './lib/config.mjs';
import { contractQuery, filterValues, firstCombos, laterCombos, pathOf } from './lib/matrix-combos.mjs';
import { MATRIX_LISTS, NO_MATCH } from './lib/matrix-lists.mjs';
import { matrixReadme, printSummary, summarise } from './lib/matrix-report.mjs';
import { cpuBusy, stopServer } from './lib/processes.mjs';
import { machine } from './lib/report.mjs';
import { bigSiteScope } from './lib/urls.mjs';

const root = new URL('..', import.meta.url).pathname;
const TARGET_MS = 100;
const smoke = process.env.MATRIX_SMOKE === '1';
const reps = smoke ? 1 : Math.max(1, Number(process.env.MATRIX_REPS ?? 5));
const csvReps = Math.max(1, Number(process.env.MATRIX_CSV_REPS ?? 1));
const only = (process.env.MATRIX_LISTS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const children = [];

/** One SQL of lib/matrix-lists.mjs: its `v`, or null. */
const valueOf = async (client, sql, scope) => {
  // PostgreSQL must see every parameter it is given: a statement of the account alone reads it as $1.
  const [text, params] = sql.includes('$1') ? [sql, [scope.siteId, scope.accountId].slice(0, sql.includes('$2') ? 2 : 1)] : [sql.replaceAll('$2', '$1'), sql.includes('$2') ? [scope.accountId] : []];
  return (await client.query(text, params)).rows[0]?.v ?? null;
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One request, the body read to its end; the time is the client's, from sending to the last byte. */
async function request(path, headers) {
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${API_PORT}${path}`, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - t, status: res.status, encoding: res.headers.get('content-encoding'), body };
}

/**
 * A warm-up (whose answer gives the total), then `n` measured requests, one after another. An export (`n` =
 * MATRIX_CSV_REPS) takes seconds on its own: measured without a warm-up, the first request is the figure.
 */
async function measure(path, headers, n = reps, warmUp = true) {
  const warm = warmUp ? await request(path, headers) : null;
  const times = [];
  let errors = warm && warm.status >= 300 ? 1 : 0;
  let first = warm;
  for (let i = 0; i < n; i++) {
    const r = await request(path, headers);
    first ??= r;
    if (r.status >= 300) errors++;
    times.push(r.ms);
  }
  const warmed = first;
  times.sort((a, b) => a - b);
  let total = null;
  if (warmed.status < 300 && !headers.accept?.includes('csv')) {
    try {
      total = JSON.parse(warmed.body.toString('utf8')).meta?.total ?? null;
    } catch {
      total = null;
    }
  }
  const round = (x) => Math.round(x * 10) / 10;
  return {
    status: warmed.status,
    errors,
    encoding: warmed.encoding,
    bytes: warmed.body.length,
    total,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    max_ms: round(times.at(-1)),
  };
}

/** /proc/stat CPU-busy every 5 s and os.loadavg() every minute while the matrix runs: how quiet the machine was. */
function sampleLoad() {
  const samples = { cpu_busy_pct: [], loadavg: [os.loadavg()] };
  let running = true;
  const loop = (async () => {
    let n = 0;
    while (running) {
      const b = await cpuBusy(5000);
      if (b !== null) samples.cpu_busy_pct.push(b);
      if (++n % 12 === 0) samples.loadavg.push(os.loadavg());
    }
  })();
  return async () => {
    running = false;
    await loop;
    samples.loadavg.push(os.loadavg());
    const cpu = samples.cpu_busy_pct;
    return {
      ...samples,
      cpu_busy_mean_pct: cpu.length ? Math.round(cpu.reduce((a, b) => a + b, 0) / cpu.length) : null,
      cpu_busy_max_pct: cpu.length ? Math.max(...cpu) : null,
    };
  };
}

/** Everything one list needs before measuring: its contract query, fixed parameters, headers, filter values, terms. */
async function prepare(list, client, scope, tokens) {
  const query = await contractQuery(list);
  const sources = {};
  for (const [key, sql] of Object.entries(list.values)) sources[key] = await valueOf(client, sql, scope);
  const { filters, uncovered } = filterValues(query, sources);
  const terms = {};
  if (list.terms) for (const [which, sql] of Object.entries(list.terms)) terms[which] = await valueOf(client, sql, scope);
  terms['no match'] = NO_MATCH;
  for (const [k, v] of Object.entries(terms)) if (v === null) delete terms[k];

  const base = { 'x-af-eid': ENTERPRISE_KEY, 'accept-encoding': 'gzip, br', accept: 'application/json' };
  let headers;
  const fixed = {};
  if (list.caller === 'public') {
    const domain = await valueOf(client, list.domain, scope);
    if (!domain) return { skipped: 'the big site has no verified board domain (generated before fill-activity.mjs gave it one)' };
    fixed.domain = domain;
    headers = base;
  } else if (list.caller === 'auditor') {
    if (!tokens.auditor) return { skipped: `no ${AUDITOR_EMAIL} in this database (generated before fill-activity.mjs added one)` };
    headers = { ...base, authorization: `Bearer ${tokens.auditor}`, 'x-af-aid': scope.accountId };
  } else {
    headers = { ...base, authorization: `Bearer ${tokens.manager}`, 'x-af-aid': scope.accountId, 'x-af-sid': scope.siteId };
  }
  if (list.employer) {
    const employer = await valueOf(client, list.employer, scope);
    if (!employer) return { skipped: 'the big site has no credit ledger rows (generated before fill-activity.mjs)' };
    headers['x-af-empid'] = employer;
  }
  // The app-bar search needs a term: its default is the common one.
  if (query.q && list.endpoint === 'siteSearch') fixed.q = terms.common ?? NO_MATCH;
  return { query, filters, uncovered, terms, headers, fixed };
}

async function runList(list, client, scope, tokens) {
  const p = await prepare(list, client, scope, tokens);
  if (p.skipped) {
    console.log(`${list.name}: skipped, ${p.skipped}.`);
    return { name: list.name, path: list.path, skipped: p.skipped, combinations: [] };
  }
  const results = [];
  const run = async (c) => {
    const path = pathOf(list.path, c.params);
    const headers = c.csv ? { ...p.headers, accept: 'text/csv' } : p.headers;
    const r = c.csv ? await measure(path, headers, csvReps, false) : await measure(path, headers);
    results.push({ kind: c.kind, label: c.label, path, ...(c.csv && { accept: 'text/csv' }), ...r, pass: r.errors === 0 && r.p95_ms < TARGET_MS });
    return r;
  };
  const first = firstCombos(list, p.query, p.filters, p.terms, p.fixed);
  const def = await run(first[0]);
  if (!smoke) {
    for (const c of first.slice(1)) {
      const r = await run(c);
      // An enum filter's value in pairs: the one with the most rows, so pairs narrow a real set.
      const f = c.kind === 'filter' ? p.filters[c.filter] : null;
      if (f && f.pairValue === null && (!f.best || (r.total ?? -1) > f.best[1])) f.best = [c.value, r.total ?? -1];
    }
    for (const f of Object.values(p.filters)) if (f.pairValue === null) f.pairValue = f.best?.[0] ?? f.alone[0];
    for (const c of laterCombos(p.query, p.filters, p.fixed, def.total)) await run(c);
  }
  const slow = results.filter((r) => !r.pass).length;
  console.log(`${list.name}: ${results.length} combinations, ${slow} at or over ${TARGET_MS} ms p95 (or failing)${p.uncovered.length ? `; uncovered filters: ${p.uncovered.map((u) => u.key).join(', ')}` : ''}.`);
  return { name: list.name, path: list.path, uncovered: p.uncovered, terms: p.terms, combinations: results };
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const { marker } = await readMarker(admin);
  await admin.end();
  if (!marker) throw new Error(`No complete '${DEFAULT_PRESET}' bench database: npx tsx bench/generate.mjs --preset ${DEFAULT_PRESET}`);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  const scope = await bigSiteScope(client);
  const { rows: [{ server_version: pgVersion }] } = await client.query('show server_version');
  const { rows: [volumes] } = await client.query(
    `select (select count(*) from credit_ledgers)::int as ledger_rows, (select count(*) from audit_logs)::int as audit_logs,
            (select count(*) from audit_logs where account_id = $1)::int as account_audit_logs,
            (select count(*) from notifications)::int as notifications`,
    [scope.accountId],
  );

  const busyBefore = await cpuBusy();
  const api = await startApi({ databaseUrl: databaseUrl(), env: { LOG_LEVEL: 'info' } });
  children.push(api);
  const tokens = { manager: await signIn() };
  tokens.auditor = await signIn(API_PORT, AUDITOR_EMAIL).catch(() => null);

  const lists = MATRIX_LISTS.filter((l) => !only.length || only.includes(l.name));
  const started = new Date().toISOString();
  const stopSampling = sampleLoad();
  const results = [];
  let load;
  try {
    for (const list of lists) results.push(await runList(list, client, scope, tokens));
  } finally {
    load = await stopSampling();
  }
  await client.end();

  const summary = summarise(results, TARGET_MS);
  const run = {
    preset: marker.preset,
    started_at: started,
    finished_at: new Date().toISOString(),
    command: `BENCH_PRESET=${DEFAULT_PRESET} MATRIX_REPS=${reps}${only.length ? ` MATRIX_LISTS=${only.join(',')}` : ''}${smoke ? ' MATRIX_SMOKE=1' : ''} node bench/matrix.mjs`,
    settings: { reps, csv_reps: csvReps, warmup: 1, concurrency: 1, target_p95_ms: TARGET_MS, log_level: 'info', accept_encoding: 'gzip, br', smoke },
    data: { ...marker, timings: undefined, ...volumes },
    machine: { ...machine(), postgres: pgVersion, busy_before_pct: busyBefore, load },
    summary,
    lists: results,
  };
  printSummary(run);
  mkdirSync(`${root}bench/results`, { recursive: true });
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL.replace(/[^\w.-]/g, '_')}` : '';
  const file = `results/matrix-${run.preset}-${started.slice(0, 10)}${label}.json`;
  writeFileSync(`${root}bench/${file}`, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Wrote bench/${file}`);
  if (!label && process.env.BENCH_README !== '0') matrixReadme(`${root}bench/README.md`, run, file);
  // Any error answer fails; in a smoke run nothing else does, as a one-shot figure on a busy machine means little.
  if (summary.failing_answers || (!smoke && summary.over_target)) {
    console.log(`FAIL: ${summary.failing_answers} combinations answered with an error, ${summary.over_target} at or over ${TARGET_MS} ms p95.`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => Promise.all(children.map(stopServer)));
