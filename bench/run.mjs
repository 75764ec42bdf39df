/**
 * `npm run bench`: the portal's hot endpoints under load (the jobs, applications, seekers and notifications lists,
 * branding and /auth/me, a job's detail, a purchase preview, the dashboard), the real API against a raw node:http +
 * pg baseline running the same SQL. See bench/README.md for what is measured and the latest figures.
 *
 * Environment (all optional):
 *   BENCH_PRESET=small|full   data set (database hireline_bench_<preset>, generated when missing); default small
 *   BENCH_ONLY=jobs,applications,seekers,session,detail,dashboard,notifications
 *                              the scenario groups to run (lib/urls.mjs URL_GROUPS); default all
 *   BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=50
 *   BENCH_RAW_RLS=0            the raw baseline connects as the tables' owner, which bypasses row-level security,
 *                              instead of switching to the API's role and tenant (lib/raw-pool.mjs): what RLS costs
 *   BENCH_README=0             do not touch bench/README.md (results JSON is still written)
 *   BENCH_WAIT_QUIET=300       wait up to this many seconds for the CPU to be < 20% busy before measuring
 *   BENCH_API_MAIN=/other/checkout/apps/api/src/main.ts BENCH_RAW_MAIN=/other/raw-server.mjs BENCH_LABEL=try-x
 *                              measure another build of the API or baseline (a proposed change);
 *                              results go to results/<group>-<preset>-<date>-<label>.json and the README is left alone
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { APP_SECRET, signIn, startApi } from './lib/api-server.mjs';
import { ADMIN_URL, API_PORT, DEFAULT_PRESET, RAW_PORT, databaseUrl, readMarker } from './lib/config.mjs';
import { backendMonitor, load, loadSettings } from './lib/load.mjs';
import { captureNode, cpuBusy, runNode, startServer, stopServer, waitForHttp } from './lib/processes.mjs';
import { rawStatements } from './lib/raw-sql.mjs';
import { judge, machine, printTable, updateReadme } from './lib/report.mjs';
import { bigSiteScope, scenarios, selectedGroups } from './lib/urls.mjs';

const root = new URL('..', import.meta.url).pathname;
const settings = {
  ...loadSettings(),
  groups: selectedGroups(),
  raw_rls: process.env.BENCH_RAW_RLS !== '0',
};
const children = [];
const DATABASE_URL = databaseUrl();

/** Generates the preset's database when it is missing or unfinished (the marker comment is written last). */
async function ensureData() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let { marker } = await readMarker(admin);
  if (!marker) {
    console.log(`No complete '${DEFAULT_PRESET}' bench database: generating it.`);
    await runNode(['--import', 'tsx', `${root}bench/generate.mjs`, '--preset', DEFAULT_PRESET, '--reset']);
    marker = (await readMarker(admin)).marker;
  }
  await admin.end();
  return marker;
}

/**
 * Live adverts end 1–13 weeks after generation. Past that, the API's once-a-minute expiry sweep would start
 * rewriting jobs in the middle of a run, so adverts ending within two days are pushed back first (an index scan
 * on jobs_advert_end_idx; nothing to do on a fresh database).
 */
async function keepAdvertsRunning(client) {
  const { rowCount } = await client.query(
    `update jobs set advert_end_at = now() + interval '7 days' + random() * interval '83 days'
     where status in ('live', 'unlisted') and advert_end_at < now() + interval '2 days'`,
  );
  if (rowCount) {
    console.log(`Pushed back the end of ${rowCount} adverts so none expires during the run.`);
    await client.query('vacuum (analyze) jobs');
  }
}

const normalise = (sql) => sql.replace(/\s+/g, ' ').trim();

/**
 * Compares the statements the API ran (captured by api-sql.mjs, for the groups of BENCH_ONLY, which it inherits)
 * with the raw baseline's, per URL. Returns the capture too: the stage-counts check reads it.
 */
async function sqlIdentical(scope) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  // The search statements' answers (the tsquery text, matching employers, matching ids) come from the database, as in
  // the API: as its role, in the caller's tenant, where the search functions answer (ADR 019).
  const answer = async (q) => {
    await client.query('begin');
    try {
      await client.query("select set_config('role', 'hireline_api', true), set_config('hireline.tenant', $1, true)", [scope.accountId]);
      return (await client.query(q)).rows[0];
    } finally {
      await client.query('rollback');
    }
  };
  const captured = JSON.parse(await captureNode(['--import', 'tsx', `${root}bench/api-sql.mjs`, '--json']));
  const drift = [];
  for (const c of captured) {
    // Past the count cap the API asks the planner; the capture shows whether it did.
    const raw = await rawStatements(c, scope, answer, c.queries.some((x) => x.sql.startsWith('explain')));
    const api = c.queries.map((x) => normalise(x.sql)).sort();
    const mine = raw.map(normalise).sort();
    if (!isDeepStrictEqual(api, mine)) drift.push({ group: c.group, name: c.name, api_only: api.filter((x) => !mine.includes(x)), raw_only: mine.filter((x) => !api.includes(x)) });
  }
  await client.end();
  if (drift.length) {
    console.warn('WARNING: the raw baseline no longer runs the API\'s SQL for:', drift.map((d) => d.name).join(', '));
    console.warn(`The API now runs, for example:\n  ${drift[0].api_only[0] ?? '(fewer statements)'}`);
    console.warn('Compare with `npx tsx bench/api-sql.mjs` and update bench/lib/raw-sql.mjs (lists), raw-pages-sql.mjs (other pages) or raw-auth.mjs (the caller lookup).');
  }
  return { identical: drift.length === 0, drift, captured };
}

/**
 * "The stage counts come from an index or a maintained aggregate, not a full count per request": whether the API's
 * statements for the stage counts read application_status_counts, and how many applications rows (index entries
 * or heap rows) they visit per request, from EXPLAIN ANALYZE of the captured statements with their parameters.
 */
async function stageCountsSource(captured) {
  const c = captured.find((x) => new URL(x.path, 'http://x').pathname === '/portal/v1/applications/counts');
  if (!c) return null;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  let rowsRead = 0;
  const statements = c.queries.filter((q) => !/"sessions"/.test(q.sql));
  try {
    for (const q of statements) {
      if (!/^\s*select/i.test(q.sql)) continue;
      const { rows } = await client.query(`explain (analyze, format json) ${q.sql}`, q.params);
      const visit = (node) => {
        if (node['Relation Name'] === 'applications') rowsRead += node['Actual Rows'] * node['Actual Loops'];
        for (const child of node.Plans ?? []) visit(child);
      };
      visit(rows[0]['QUERY PLAN'][0].Plan);
    }
  } finally {
    await client.end();
  }
  const aggregate = statements.some((q) => q.sql.includes('"application_status_counts"'));
  // A handful of rows per status is an index lookup; more is counting the site's applications again, however
  // cheaply (an index-only scan of 300,000 entries is still a full count).
  return { aggregate, applications_rows_read: rowsRead, pass: rowsRead <= 100 };
}

/** Per group, whether the API answers each of its URLs with a success and the raw baseline with the same status and JSON. */
async function sameResponses(urls) {
  const same = {};
  for (const u of urls) {
    same[u.group] ??= true;
    const [a, b] = await Promise.all(
      [API_PORT, RAW_PORT].map((port) =>
        fetch(`http://127.0.0.1:${port}${u.path}`, { headers: u.headers }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    if (a.status >= 300 || !isDeepStrictEqual(a, b)) {
      console.warn(`WARNING: API and raw answer ${u.path} differently (or not with a success): ${a.status} / ${b.status}.`);
      same[u.group] = false;
    }
  }
  return same;
}

async function main() {
  const marker = await ensureData();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await keepAdvertsRunning(client);
  const scope = await bigSiteScope(client);
  const { rows: [{ server_version: pgVersion }] } = await client.query('show server_version');
  await client.end();

  // On a shared 2-core machine a test run or a compiler next door halves the figures: wait for quiet if asked.
  let busy = await cpuBusy();
  const quietBy = Date.now() + Number(process.env.BENCH_WAIT_QUIET ?? 0) * 1000;
  while (busy !== null && busy > 20 && Date.now() < quietBy) busy = await cpuBusy(5000);
  if (busy !== null && busy > 20) console.warn(`WARNING: the CPU was ${busy}% busy before the run; other work on this machine skews the figures.`);

  const api = await startApi({ databaseUrl: DATABASE_URL, main: process.env.BENCH_API_MAIN });
  children.push(api);
  const raw = startServer('raw baseline', ['--import', 'tsx', process.env.BENCH_RAW_MAIN ?? `${root}bench/raw-server.mjs`], {
    DATABASE_URL,
    PORT: String(RAW_PORT),
    APP_SECRET,
  });
  children.push(raw);
  await waitForHttp(raw, `http://127.0.0.1:${RAW_PORT}/`);

  const urls = scenarios(settings.groups, scope, await signIn());
  // api-sql.mjs captures this checkout's API, so with BENCH_API_MAIN/BENCH_RAW_MAIN the SQL check says nothing.
  const overridden = Boolean(process.env.BENCH_API_MAIN || process.env.BENCH_RAW_MAIN);
  const d = overridden ? { identical: null, drift: [], captured: [] } : await sqlIdentical(scope);
  const same = await sameResponses(urls);
  // Per group, so a drift in one module does not mark the others' figures.
  const checksOf = (group) => {
    const drift = d.drift.filter((x) => x.group === group);
    return { sql_identical: d.identical === null ? null : drift.length === 0, sql_drift: drift, same_response: same[group] };
  };
  const stageCounts = await stageCountsSource(d.captured);

  const started = new Date().toISOString();
  const data = {
    jobs: marker.jobs,
    big_site_jobs: marker.big_site_jobs,
    employers: marker.employers,
    applications: marker.applications,
    big_site_applications: marker.big_site_applications ?? null,
    seekers: marker.seekers ?? null,
    big_account_seekers: marker.big_account_seekers ?? null,
    size: marker.size,
    // What the pages around the lists read (lib/urls.mjs bigSiteScope).
    job_applications: scope.jobApplications,
    inbox: scope.inbox,
  };
  // One report per group: each has its own results file and README table, so a BENCH_ONLY run replaces only its own.
  const runs = settings.groups.map((group) => ({
    preset: marker.preset,
    urls: group,
    started_at: started,
    settings,
    data,
    machine: { ...machine(), postgres: pgVersion, busy_before_pct: busy },
    checks: { ...checksOf(group), ...(group === 'applications' && { stage_counts: stageCounts }) },
    scenarios: [],
  }));
  // One monitoring connection lists the bench database's backends, whose CPU is charged to the server under load.
  const monitor = await backendMonitor(DATABASE_URL);
  const measure = (port, pid, u) => load({ port, path: u.path, headers: u.headers, pid, backends: monitor.list, settings, databaseUrl: DATABASE_URL });
  for (const u of urls) {
    console.log(`${u.name}: API …`);
    const a = await measure(API_PORT, api.pid, u);
    console.log(`${u.name}: raw …`);
    const r = await measure(RAW_PORT, raw.pid, u);
    runs[settings.groups.indexOf(u.group)].scenarios.push({ name: u.name, path: u.path, api: a, raw: r, ...judge(a, r, u.group) });
  }
  await monitor.close();
  const busyAfter = await cpuBusy(1000);

  mkdirSync(`${root}bench/results`, { recursive: true });
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL.replace(/[^\w.-]/g, '_')}` : '';
  for (const run of runs) {
    run.machine.busy_after_pct = busyAfter;
    printTable(run);
    run.label = label.slice(1) || null;
    run.api_main = process.env.BENCH_API_MAIN ?? null;
    run.raw_main = process.env.BENCH_RAW_MAIN ?? null;
    const file = `results/${run.urls}-${run.preset}-${run.started_at.slice(0, 10)}${label}.json`;
    writeFileSync(`${root}bench/${file}`, `${JSON.stringify(run, null, 2)}\n`);
    console.log(`Wrote bench/${file}`);
    if (!label && process.env.BENCH_README !== '0') updateReadme(`${root}bench/README.md`, run, file);
  }
  if (stageCounts && !stageCounts.pass) console.log(`Stage counts: counted again on every request (${stageCounts.applications_rows_read} applications rows read), not read from an index or aggregate.`);
  const failed = runs.some((run) => run.scenarios.some((s) => !s.p99_pass || s.throughput_pass === false)) || stageCounts?.pass === false;
  // A missed target fails the command (that is what "checked by npm run bench" means); the figures are kept either way.
  if (failed) {
    console.log('FAIL: some targets were missed (see the table above).');
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => Promise.all(children.map(stopServer)));
