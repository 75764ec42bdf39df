/**
 * A quick run of the API benchmark scripts (run, scale-out, PGlite, noisy neighbours, the matrix), for CI (`npm test` runs it when PostgreSQL is there): not a measurement
 * (one second per scenario on a machine busy with the tests), but proof that the scripts still work end to end and
 * that the raw baseline still runs the API's SQL and answers the same JSON for every scenario. Fails on those checks,
 * on any non-2xx answer or on a script that crashes; never on a speed target (`npm run bench` judges those).
 *
 * Uses its own scratch data sets (database hireline_bench_smoke, a PGlite folder under $TMPDIR) and ports, writes
 * no README and removes its result files.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import pg from 'pg';
import { ADMIN_URL } from './lib/config.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = `${root}bench/results`;
const env = {
  ...process.env,
  BENCH_PRESET: 'small',
  BENCH_PGLITE_PRESET: 'small',
  BENCH_DB: 'hireline_bench_smoke',
  BENCH_PGLITE_DIR: `${process.env.TMPDIR ?? '/tmp'}/hireline-bench-smoke-pglite`,
  BENCH_DURATION: '1',
  BENCH_WARMUP: '0',
  BENCH_CONNECTIONS: '10',
  BENCH_README: '0',
  BENCH_LABEL: 'smoke',
  BENCH_API_PORT: '3291',
  BENCH_RAW_PORT: '3292',
};
const problems = [];
const node = (label, args, extra = {}) => {
  console.log(`\n--- ${label}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...env, ...extra } });
  return r.status;
};
// What the scripts run here write; the portal's smoke result (bench/portal.mjs --smoke, not run here) is kept.
const smokeFiles = () => readdirSync(results).filter((f) => f.includes('-smoke') && !f.startsWith('portal-'));

try {
  if (node('generate (small)', ['--import', 'tsx', `${root}bench/generate.mjs`, '--preset', 'small', '--reset']) !== 0) problems.push('the generator failed');
  // run.mjs exits 1 on a missed target, which a one-second run on a busy machine always is: its checks are read below.
  node('API against the raw baseline, every group', [`${root}bench/run.mjs`]);
  for (const f of smokeFiles()) {
    const run = JSON.parse(readFileSync(`${results}/${f}`, 'utf8'));
    if (!run.checks || !('sql_identical' in run.checks)) continue;
    if (run.checks.sql_identical !== true) problems.push(`${run.urls}: the raw baseline's SQL differs from the API's`);
    if (run.checks.same_response !== true) problems.push(`${run.urls}: the raw baseline answers differently`);
    for (const s of run.scenarios) if (s.api.non2xx || s.api.errors) problems.push(`${run.urls} / ${s.name}: ${s.api.non2xx} non-2xx, ${s.api.errors} errors`);
  }
  const groups = smokeFiles().filter((f) => !/^(scale-out|pglite|noisy)-/.test(f)).length;
  if (groups < 7) problems.push(`run.mjs reported ${groups} of 7 groups`);
  if (node('scale-out', [`${root}bench/scale-out.mjs`]) !== 0) problems.push('scale-out.mjs failed');
  if (node('PGlite', [`${root}bench/pglite.mjs`], { BENCH_ONLY: 'session,jobs' }) !== 0) problems.push('pglite.mjs failed');
  // Fails on an error answer other than a search refused by design (503), never on a figure.
  if (node('noisy neighbours', [`${root}bench/noisy.mjs`]) !== 0) problems.push('noisy.mjs failed');
  // The default combination of every list once: the contract still reads, every list answers, none is skipped.
  if (node('matrix (one combination per list)', [`${root}bench/matrix.mjs`], { MATRIX_SMOKE: '1' }) !== 0) problems.push('matrix.mjs failed');
  const [matrixFile] = smokeFiles().filter((f) => f.startsWith('matrix-'));
  if (!matrixFile) problems.push('matrix.mjs wrote no results');
  else {
    const m = JSON.parse(readFileSync(`${results}/${matrixFile}`, 'utf8'));
    for (const l of m.summary.per_list) {
      if (l.skipped || !l.combinations) problems.push(`matrix / ${l.list}: not measured (${l.skipped ?? 'no combination'})`);
      if (l.uncovered.length) problems.push(`matrix / ${l.list}: filters with no value from the data: ${l.uncovered.join(', ')}`);
    }
  }
} finally {
  for (const f of smokeFiles()) rmSync(`${results}/${f}`);
  rmSync(env.BENCH_PGLITE_DIR, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${env.BENCH_DB} with (force)`);
  await admin.end();
}

if (problems.length) {
  console.error(`\nbenchmark smoke: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nbenchmark smoke: every script ran; SQL and answers of the raw baseline match the API in every group.');
