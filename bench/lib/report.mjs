import os from 'node:os';
import { markdownTable, replaceBlock } from './readme.mjs';

/**
 * The requirements per scenario group, all at 50 connections. Jobs (issue "Jobs", performance part): p99 under 50 ms
 * and within 0.7× of raw. Applications and seekers: p99 under 50 ms, reported beside the raw baseline (no throughput
 * ratio required); their stage-counts rule is checked by run.mjs. The pages around the lists: branding and /auth/me
 * (every page load) p99 under 10 ms, a job's detail and a purchase preview under 50 ms, the dashboard under 100 ms;
 * the notifications inbox, a list, under 50 ms and within 0.7× of raw like the jobs list.
 */
export const TARGETS = {
  jobs: { p99Ms: 50, minRatio: 0.7 },
  applications: { p99Ms: 50, minRatio: null },
  seekers: { p99Ms: 50, minRatio: null },
  session: { p99Ms: 10, minRatio: null },
  detail: { p99Ms: 50, minRatio: null },
  dashboard: { p99Ms: 100, minRatio: null },
  notifications: { p99Ms: 50, minRatio: 0.7 },
};

/** The figures of one autocannon run that the report keeps. */
export function summarise(result, rss, cpu) {
  // With no completed request autocannon reports 0 ms latencies; null says "nothing measured" instead.
  const l = result.requests.total > 0 ? result.latency : { p50: null, p97_5: null, p99: null, max: null };
  return {
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    requests: result.requests.total,
    p50_ms: l.p50,
    p97_5_ms: l.p97_5,
    p99_ms: l.p99,
    max_ms: l.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rss_peak_mb: rss.peak_mb,
    rss_mean_mb: rss.mean_mb,
    // CPU per completed request: the server process, and the database backends serving it.
    app_cpu_ms_per_req: perRequest(cpu.server_cpu_ms, result.requests.total),
    db_cpu_ms_per_req: perRequest(cpu.db_cpu_ms, result.requests.total),
  };
}

const perRequest = (ms, n) => (ms === null || !n ? null : Math.round((ms / n) * 100) / 100);

export function judge(api, raw, group) {
  const t = TARGETS[group];
  const ratio = raw && raw.rps ? Math.round((api.rps / raw.rps) * 100) / 100 : null;
  const clean = api.non2xx === 0 && api.errors === 0;
  return {
    ratio,
    p99_pass: clean && api.p99_ms !== null && api.p99_ms < t.p99Ms,
    throughput_pass: ratio === null || t.minRatio === null ? null : clean && ratio >= t.minRatio,
  };
}

const verdict = (ok) => (ok === null ? 'n/a' : ok ? 'PASS' : 'FAIL');
const cpu = (s) => (s && s.app_cpu_ms_per_req !== null ? `${s.app_cpu_ms_per_req} + ${s.db_cpu_ms_per_req ?? '?'}` : '–');
const lat = (s) => (s && s.p99_ms !== null ? `${s.p50_ms} / ${s.p97_5_ms} / ${s.p99_ms}` : '–');

/** One row per scenario; the same rows feed the terminal and the README. No ratio column where none is required. */
function rows(run) {
  const ratioTarget = TARGETS[run.urls].minRatio !== null;
  return run.scenarios.map((s) => [
    s.name,
    String(s.api.rps),
    s.raw ? String(s.raw.rps) : '–',
    s.ratio === null ? '–' : `${s.ratio}×`,
    lat(s.api),
    lat(s.raw),
    `${s.api.non2xx}/${s.api.errors}${s.api.timeouts ? ` (${s.api.timeouts} timeouts)` : ''}`,
    cpu(s.api),
    cpu(s.raw),
    s.api.rss_peak_mb === null ? '–' : String(s.api.rss_peak_mb),
    verdict(s.p99_pass),
    ...(ratioTarget ? [verdict(s.throughput_pass)] : []),
  ]);
}

function head(group) {
  const t = TARGETS[group];
  return ['Scenario', 'API req/s', 'raw req/s', 'API/raw', 'API p50/p97.5/p99 ms', 'raw p50/p97.5/p99 ms', 'API non-2xx/err', 'API CPU ms/req app+db', 'raw CPU ms/req app+db', 'API RSS MB', `p99<${t.p99Ms}ms`, ...(t.minRatio !== null ? [`≥${t.minRatio}×raw`] : [])];
}

export function printTable(run) {
  const HEAD = head(run.urls);
  const all = [HEAD, ...rows(run)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${run.urls} (${run.preset})\n${line(HEAD)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows(run)) console.log(line(r));
  const yes = (v) => (v === null || v === undefined ? 'not checked' : v ? 'yes' : 'NO');
  console.log(`SQL identical to the API's: ${yes(run.checks.sql_identical)}; same JSON: ${yes(run.checks.same_response)}\n`);
}

const n = (v) => (v === null || v === undefined ? '?' : v.toLocaleString('en-US'));

/** What the group's scenarios read, in the README's first line. */
function dataLine(run) {
  const d = run.data;
  if (run.urls === 'applications')
    return `${n(d.applications)} applications, ${n(d.big_site_applications)} in the measured site (${n(d.jobs)} jobs, ${n(d.seekers)} seekers)`;
  if (run.urls === 'seekers') return `${n(d.seekers)} seekers, ${n(d.big_account_seekers)} in the measured site's account (${n(d.applications)} applications)`;
  if (run.urls === 'session') return `the measured site's account's portal branding and its site manager (${n(d.jobs)} jobs)`;
  if (run.urls === 'detail')
    return `a live job with ${n(d.job_applications)} applications in a site of ${n(d.big_site_jobs)} jobs; a credit pack priced by the site's tiers`;
  if (run.urls === 'dashboard') return `${n(d.big_site_jobs)} jobs and ${n(d.big_site_applications)} applications in the measured site`;
  if (run.urls === 'notifications')
    return `${n(d.inbox?.total)} notifications in the site manager's inbox, ${n(d.inbox?.unread)} unread; the bell's latest five`;
  return `${n(d.jobs)} jobs, ${n(d.big_site_jobs)} in the measured site`;
}

/** The applications group's stage-counts rule (run.mjs stageCountsSource). */
function stageCountsLine(c) {
  if (!c) return '';
  const how = c.aggregate ? 'read from application_status_counts' : 'counted from applications';
  return ` Stage counts: ${how}, ${n(c.applications_rows_read)} applications rows read per request (${c.pass ? 'PASS' : 'FAIL'}: an index or a maintained aggregate, not a full count).`;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** Replaces this group's and preset's block in bench/README.md (between its markers), leaving the rest alone. */
export function updateReadme(path, run, resultFile) {
  const HEAD = head(run.urls);
  const body = [
    `**${run.preset}** — ${dataLine(run)}; ` +
      `${run.settings.connections} connections, ${run.settings.duration_s} s each after ${run.settings.warmup_s} s warm-up; ` +
      `${run.started_at.slice(0, 16).replace('T', ' ')} UTC; CPU busy (other work) before/after: ${run.machine.busy_before_pct ?? '?'}%/${run.machine.busy_after_pct ?? '?'}%; ` +
      `SQL identical to the API's: ${run.checks.sql_identical ? 'yes' : 'NO'}; same JSON: ${run.checks.same_response ? 'yes' : 'NO'} ` +
      `([raw](${resultFile})).${stageCountsLine(run.checks.stage_counts)}` +
      `${run.settings.raw_rls === false ? ' Raw baseline without row-level security (BENCH_RAW_RLS=0).' : ''}`,
    '',
    `Machine: ${run.machine.cpus} × ${run.machine.cpu_model}, ${run.machine.memory_gb} GB RAM, Node ${run.machine.node}, PostgreSQL ${run.machine.postgres} ` +
      '(load generator, API, raw server and database on the same cores).',
    '',
    markdownTable(HEAD, rows(run)),
  ].join('\n');
  replaceBlock(path, `${run.urls}:${run.preset}`, body);
}
