#!/usr/bin/env node
// `npm run security`: sqlmap against a real API process on a scratch PostgreSQL database with the demo data. Not part
// of CI (it takes minutes); the Vitest suite in apps/api/src/security runs the same kind of payloads on every build.
//
//   1. creates `hireline_security_<timestamp>` on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
//   2. starts apps/api/src/main.ts on it with DEMO_SEED=1, signs in as admin@acme.test and finds ids through the API
//   3. runs sqlmap on the main lists (with their search, filter, sort and page parameters), the detail endpoints
//      (path ids), the scope headers and the public board search (Host jobs.acme.localhost), a few at a time
//   4. writes test-results/sqlmap.json, prints a table, drops the database; exits 1 when anything is injectable,
//      a payload got a 5xx, or a scan could not run.
//
// Environment: DATABASE_URL, SQLMAP (default /usr/bin/sqlmap), SECURITY_PARALLEL (sqlmap processes at once, default 4),
// SQLMAP_LEVEL / SQLMAP_RISK (default 3 / 2).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SQLMAP = process.env.SQLMAP ?? '/usr/bin/sqlmap';
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PARALLEL = Math.max(1, Number(process.env.SECURITY_PARALLEL ?? 4));
const LEVEL = process.env.SQLMAP_LEVEL ?? '3';
const RISK = process.env.SQLMAP_RISK ?? '2';
const ENTERPRISE = 'demo';
const BOARD_HOST = 'jobs.acme.localhost';
const DEMO = { email: 'admin@acme.test', password: 'Recruit-Demo-1' };
const results = join(root, 'test-results');
const logs = join(results, 'sqlmap');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
const say = (line) => console.log(`[security ${elapsed()}] ${line}`);

if (!existsSync(SQLMAP)) {
  console.error(`sqlmap not found at ${SQLMAP}. Install it (apt-get install -y sqlmap) or set SQLMAP.`);
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** A GET with any headers, Host included (fetch sends the URL's host whatever it is given). */
function httpGet(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The API on a scratch database

const dbName = `hireline_security_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
const dataDir = mkdtempSync(join(tmpdir(), 'hireline-security-'));
const sqlmapOut = join(dataDir, 'sqlmap');
let api = null;
let dbCreated = false;

async function startApi(port) {
  const log = createWriteStream(join(logs, 'api.log'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: withDatabase(ADMIN_URL, dbName),
      DEMO_SEED: '1',
      ENTERPRISE_KEY: ENTERPRISE,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_SECRET: 'security-scan-secret-'.padEnd(40, 'x'),
      APP_URL: `http://localhost:${port}`,
      // The board limits each client address to 300 requests a minute: far below a scanner's pace. Behind a trusted
      // proxy every sqlmap request names its own address (tamper script xforwardedfor), so the limit never answers
      // 429 in place of the endpoint; nothing else about the API changes.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/portal/health`).then((r) => r.ok, () => false);
    if (ok) return child;
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}; see test-results/sqlmap/api.log`);
    if (Date.now() > deadline) throw new Error('the API did not answer /portal/health within 3 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function stopApi() {
  if (!api || api.exitCode !== null) return;
  const exited = new Promise((r) => api.once('exit', r));
  api.kill('SIGTERM');
  const timer = setTimeout(() => api.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function cleanUp() {
  await stopApi().catch(() => {});
  if (dbCreated) await admin(`drop database if exists "${dbName}" with (force)`).catch((e) => console.error(`could not drop ${dbName}: ${e.message}`));
  rmSync(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------------------
// Ids and values from the API, as the portal would find them

async function discover(base) {
  const json = async (path, { token, headers = {}, method = 'GET', body } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-af-eid': ENTERPRISE,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { access_token: token } = await json('/portal/auth/login', { method: 'POST', body: DEMO });
  const me = await json('/portal/auth/me', { token });
  const account = me.accounts[0];
  const site = account.sites[0];
  const scope = { 'x-af-aid': account.id, 'x-af-sid': site.id };
  const get = (path) => json(path, { token, headers: scope });
  // Records with every filter value set, so each list's unmodified request finds something: sqlmap's boolean checks
  // compare pages, and an empty page reads the same for a true and a false condition.
  const jobs = (await get('/portal/v1/jobs?per_page=100&status=live')).data;
  const job = jobs.find((j) => j.work_type && j.classification && j.tags.length && !j.flagged) ?? jobs[0];
  const applications = (await get('/portal/v1/applications?per_page=100')).data;
  const application = applications.find((a) => a.tags.length) ?? applications[0];
  const seekers = (await get('/portal/v1/seekers?per_page=100')).data;
  const seeker = seekers.find((s) => s.desired_work_type && s.visa_type && s.tags.length) ?? seekers[0];
  const employer = (await get('/portal/v1/employers?per_page=1&status=active')).data[0];
  const boardJobs = await httpGet(`${base}/portal/v1/board/jobs?per_page=50`, { 'x-af-eid': ENTERPRISE, host: BOARD_HOST });
  if (boardJobs.status !== 200) throw new Error(`the board of ${BOARD_HOST} answered ${boardJobs.status}: ${boardJobs.body}`);
  const listed = JSON.parse(boardJobs.body).data;
  const boardJob = listed.find((j) => j.work_type && j.classification && j.location && j.pay?.type) ?? listed[0];
  if (!job || !application || !seeker || !employer || !boardJob) throw new Error('the demo data lacks a job, application, seeker, employer or board job');
  return { token, account, site, job, application, seeker, employer, boardJob };
}

/** First word of a text, for a search that finds something (a better baseline for sqlmap than an empty list). */
const word = (text) => (text ?? '').split(/[^A-Za-z]+/).find((w) => w.length >= 3) ?? 'driver';

function targetsOf(v) {
  const staff = { Authorization: `Bearer ${v.token}`, 'X-AF-EID': ENTERPRISE, 'X-AF-AID': v.account.id, 'X-AF-SID': v.site.id };
  const list = (name, path, query) => ({ name, path, query, headers: staff, params: Object.keys(query) });
  const detail = (name, path) => ({ name, path, query: {}, headers: staff, params: ['URI (path id)'] });
  return [
    list('jobs list', '/portal/v1/jobs', {
      q: word(v.job.title),
      sort: '-created_at',
      status: 'live',
      employer_id: v.job.employer.id,
      work_type: v.job.work_type ?? 'full_time',
      classification: v.job.classification ?? 'information_technology',
      tags: v.job.tags[0] ?? 'urgent',
      created_from: '2000-01-01',
      created_to: '2099-12-31',
      flagged: 'false',
      page: '1',
      per_page: '25',
    }),
    list('applications list', '/portal/v1/applications', {
      q: word(v.application.candidate.name),
      sort: '-created_at',
      status: v.application.status,
      job_id: v.application.job.id,
      employer_id: v.application.employer.id,
      tags: v.application.tags[0] ?? 'priority',
      created_from: '2000-01-01',
      knocked_out: String(v.application.knocked_out),
      enabled: String(v.application.enabled),
      page: '1',
      per_page: '25',
    }),
    list('seekers list', '/portal/v1/seekers', {
      q: word(v.seeker.name),
      sort: 'name',
      desired_work_type: v.seeker.desired_work_type ?? 'full_time',
      visa_type: v.seeker.visa_type ?? 'citizen',
      tags: v.seeker.tags[0] ?? 'shortlist',
      enabled: String(v.seeker.enabled),
      page: '1',
      per_page: '25',
    }),
    list('employers list', '/portal/v1/employers', {
      q: word(v.employer.business_name),
      sort: 'business_name',
      status: 'active',
      type: 'business',
      enabled: 'true',
      page: '1',
      per_page: '25',
    }),
    detail('job detail', `/portal/v1/jobs/${v.job.id}*/detail`),
    detail('application detail', `/portal/v1/applications/${v.application.id}*/overview`),
    detail('seeker detail', `/portal/v1/seekers/${v.seeker.id}*/profile`),
    {
      name: 'scope headers',
      path: '/portal/v1/jobs',
      query: { per_page: '5' },
      // The enterprise key and the selected account and site reach the sign-in lookup on every request.
      headers: { ...staff, 'X-AF-EID': `${ENTERPRISE}*`, 'X-AF-AID': `${v.account.id}*`, 'X-AF-SID': `${v.site.id}*` },
      params: ['X-AF-EID', 'X-AF-AID', 'X-AF-SID'],
    },
    {
      name: 'board search',
      path: '/portal/v1/board/jobs',
      host: BOARD_HOST,
      query: {
        q: word(v.boardJob.title),
        sort: 'relevance',
        work_type: v.boardJob.work_type?.value ?? 'full_time',
        classification: v.boardJob.classification?.value ?? 'information_technology',
        pay_type: v.boardJob.pay?.type?.value ?? 'annual',
        location: word(v.boardJob.location),
        pay_min: '0',
        page: '1',
        per_page: '20',
      },
      headers: { 'X-AF-EID': ENTERPRISE },
      params: ['q', 'sort', 'work_type', 'classification', 'pay_type', 'location', 'pay_min', 'page', 'per_page'],
      board: true,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// sqlmap

const slug = (name) => name.replace(/\W+/g, '-');

function runSqlmap(base, target) {
  const qs = new URLSearchParams(target.query).toString();
  const url = `${base}${target.path}${qs ? `?${qs}` : ''}`;
  const headers = Object.entries(target.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\\n');
  const custom = url.includes('*') || Object.values(target.headers).some((v) => String(v).includes('*'));
  const args = [
    '-u', url,
    '--batch',
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    '--dbms=PostgreSQL',
    '--technique=BEUST',
    '--time-sec=2',
    '--flush-session',
    '--disable-coloring',
    '--threads=4',
    '--output-dir', join(sqlmapOut, slug(target.name)),
    `--headers=${headers}`,
    ...(target.host ? [`--host=${target.host}`] : []),
    ...(target.board ? ['--tamper=xforwardedfor'] : []),
    // With `*` marks sqlmap tests exactly the marked places; otherwise the named parameters and nothing else.
    ...(custom ? [] : ['-p', target.params.join(',')]),
  ];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(SQLMAP, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      writeFileSync(join(logs, `${slug(target.name)}.txt`), `$ sqlmap ${args.map((a) => JSON.stringify(a)).join(' ')}\n\n${out}`);
      resolve({ target, code, out, seconds: Math.round((Date.now() - t0) / 1000) });
    });
  });
}

const ESC = String.fromCharCode(27);
const ESCAPES = new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]|${ESC}[()][A-Z0-9]|${ESC}[=>]`, 'g');

/** What one sqlmap run found: injection points, per-parameter verdicts, HTTP codes seen, and whether it ran at all. */
function parse({ target, code, out: raw, seconds }, baselineRows) {
  // sqlmap draws a terminal progress line now and then: its escape sequences are no part of the verdicts.
  const out = raw.replace(ESCAPES, '');
  const identified = /sqlmap identified the following injection point/.test(out) || /is vulnerable\. Do you want to keep testing/.test(out);
  const points = [...out.matchAll(/^Parameter: (.+)$/gm)].map((m) => m[1].trim());
  const clean = [...out.matchAll(/(?:parameter|\(custom\) \w+) '([^']+)' does not seem to be injectable/gi)].map((m) => m[1]);
  const codes = Object.fromEntries([...out.matchAll(/^(\d{3}) \(([^)]*)\) - (\d+) times/gm)].map((m) => [m[1], Number(m[3])]));
  // "all tested parameters do not appear to be injectable" is the clean verdict (an [ERROR] or a [CRITICAL] line,
  // depending on the sqlmap version); any other such line means the scan itself went wrong.
  const critical = [...out.matchAll(/\[(?:CRITICAL|ERROR)\] (.+)$/gm)].map((m) => m[1]);
  const verdict = (c) => c.startsWith('all tested parameters do not appear to be injectable');
  const negative = critical.some(verdict);
  // Every parameter asked for got a verdict (a `*` mark is reported as `#1*`, a header as `X-AF-AID #1*`).
  const unanswered = target.params.filter((p) => !clean.some((c) => c === p || c.startsWith(`${p} #`) || (p.startsWith('URI') && c.startsWith('#'))));
  const failed = code !== 0 || (!identified && !negative) || critical.some((c) => !verdict(c)) || (!identified && unanswered.length > 0);
  const serverErrors = Object.entries(codes).filter(([c]) => Number(c) >= 500).reduce((n, [, v]) => n + v, 0);
  return {
    target: target.name,
    url: `${target.path}${Object.keys(target.query).length ? `?${new URLSearchParams(target.query)}` : ''}`,
    host: target.host ?? null,
    tested: target.params,
    injectable: identified,
    injection_points: points,
    not_injectable: [...new Set(clean)],
    http_codes: codes,
    server_errors: serverErrors,
    baseline_rows: baselineRows,
    ran: !failed || identified,
    problems: [...critical.filter((c) => !verdict(c)), ...unanswered.map((p) => `no verdict for ${p}`)],
    exit_code: code,
    seconds,
    log: `test-results/sqlmap/${slug(target.name)}.txt`,
  };
}

async function pool(items, size, run) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        say(`sqlmap: ${item.name} …`);
        const r = await run(item);
        say(`sqlmap: ${item.name} done in ${r.seconds}s`);
        out.push(r);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(logs, { recursive: true });
  say(`creating ${dbName}`);
  await admin(`create database "${dbName}"`);
  dbCreated = true;
  const port = await freePort();
  say(`starting the API on port ${port} with the demo data (migrate and seed)`);
  api = await startApi(port);
  const base = `http://127.0.0.1:${port}`;
  const values = await discover(base);
  const targets = targetsOf(values);

  // Each target must answer 200 as it stands, or sqlmap would be comparing error pages.
  const baselineRows = new Map();
  for (const target of targets) {
    const qs = new URLSearchParams(target.query).toString();
    const headers = Object.fromEntries(Object.entries(target.headers).map(([k, v]) => [k, String(v).replace(/\*$/, '')]));
    const res = await httpGet(`${base}${target.path.replace('*', '')}${qs ? `?${qs}` : ''}`, { ...headers, ...(target.host ? { host: target.host } : {}) });
    if (res.status !== 200) throw new Error(`${target.name}: the unmodified request answered ${res.status}: ${res.body}`);
    const body = JSON.parse(res.body);
    baselineRows.set(target, body.meta?.total ?? (body.id ? 1 : null));
  }
  say(`${targets.length} targets, ${targets.reduce((n, t) => n + t.params.length, 0)} parameters; level ${LEVEL}, risk ${RISK}, ${PARALLEL} at a time`);

  const runs = await pool(targets, PARALLEL, (t) => runSqlmap(base, t));
  const report = targets.map((t) => parse(runs.find((r) => r.target === t), baselineRows.get(t)));

  const injectable = report.filter((r) => r.injectable);
  const errors = report.filter((r) => r.server_errors > 0);
  const broken = report.filter((r) => !r.ran);
  const summary = {
    started_at: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    sqlmap: { level: Number(LEVEL), risk: Number(RISK), technique: 'BEUST', time_sec: 2, dbms: 'PostgreSQL' },
    database: dbName,
    ok: !injectable.length && !errors.length && !broken.length,
    targets: report,
  };
  writeFileSync(join(results, 'sqlmap.json'), JSON.stringify(summary, null, 2));

  const rows = report.map((r) => [
    r.target,
    String(r.tested.length),
    r.baseline_rows === null ? '-' : String(r.baseline_rows),
    r.injectable ? `YES: ${r.injection_points.join('; ')}` : r.ran ? 'no' : 'DID NOT RUN',
    Object.entries(r.http_codes).map(([c, n]) => `${c}×${n}`).join(' ') || '-',
    `${r.seconds}s`,
  ]);
  const head = ['target', 'params', 'rows', 'injectable', 'HTTP codes sqlmap saw besides 200', 'time'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
  for (const r of broken) console.log(`!! ${r.target}: sqlmap did not complete (${r.problems.join('; ') || `exit ${r.exit_code}`}); see ${r.log}`);
  for (const r of errors) console.log(`!! ${r.target}: ${r.server_errors} answers were 5xx; see ${r.log} and test-results/sqlmap/api.log`);
  console.log(`Written: test-results/sqlmap.json (logs in test-results/sqlmap/). ${summary.ok ? 'Nothing injectable.' : 'FAILED.'} Total ${elapsed()}.`);
  return summary.ok ? 0 : 1;
}

let exitCode = 1;
process.once('SIGINT', () => {
  say('interrupted: cleaning up');
  cleanUp().finally(() => process.exit(130));
});
try {
  exitCode = await main();
} catch (err) {
  console.error(`security scan failed: ${err.message}`);
} finally {
  say(`dropping ${dbName}`);
  await cleanUp();
}
process.exit(exitCode);
