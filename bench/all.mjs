/**
 * `npm run bench`: the whole benchmark, one script after another on the local PostgreSQL, on the requirements' data
 * (the full preset, generated on the first run; BENCH_PRESET=small for a quick pass):
 *   1. run.mjs        every hot endpoint, the API beside the raw baseline (node:http + pg, the same SQL)
 *   2. scale-out.mjs  one API process against API_PROCESSES=2
 *   3. noisy.mjs      the jobs list alone and beside 10 connections of search, the API's isolation off and on
 *   4. pglite.mjs     the API on the embedded database against the API on PostgreSQL (small preset)
 *   5. portal.mjs     the portal's bundle sizes and Lighthouse scores
 *   6. matrix.mjs     every list through every filter, pair, sort, page and search of its contract, one request at a time
 * `BENCH_ONLY=matrix` runs the matrix alone (with other names too, `BENCH_ONLY=matrix,jobs`, run.mjs for those groups).
 * Each writes bench/results/*.json and its tables in bench/README.md. Exits 1 when any script fails or misses a
 * target; every script runs either way, so one miss does not hide the others' figures.
 */
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, BENCH_PRESET: process.env.BENCH_PRESET ?? 'full' };
const only = (env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const matrix = ['the matrix of filters, sorts, pages and searches', 'matrix.mjs'];
let steps = [
  ['API against the raw baseline', 'run.mjs'],
  ['scale-out', 'scale-out.mjs'],
  ['noisy neighbours', 'noisy.mjs'],
  ['PGlite against PostgreSQL', 'pglite.mjs'],
  ['portal', 'portal.mjs'],
  matrix,
];
// `matrix` is no group of run.mjs: it picks the matrix step, and run.mjs only for the groups named beside it.
if (only.includes('matrix')) {
  const groups = only.filter((g) => g !== 'matrix');
  env.BENCH_ONLY = groups.join(',');
  steps = groups.length ? [steps[0], matrix] : [matrix];
}
const failed = [];
for (const [label, script] of steps) {
  console.log(`\n=== ${label} (bench/${script}) ===`);
  const r = spawnSync(process.execPath, [`${root}bench/${script}`], { stdio: 'inherit', env });
  if (r.status !== 0) failed.push(label);
}
if (failed.length) {
  console.log(`\nMissed targets or failed: ${failed.join(', ')} (see the tables above and bench/README.md).`);
  process.exit(1);
}
console.log('\nEvery target met.');
