#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. The API tests run on
// the embedded database, then again on PostgreSQL when TEST_DATABASE_URL is set;
// the browser suite runs when a Chromium is found, and says loudly when not.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Adds a Vitest or Playwright JSON report to the totals printed at the end. */
const count = (file, kind) => {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') {
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else {
    totals.passed += r.stats?.expected ?? 0;
    totals.failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
    totals.skipped += r.stats?.skipped ?? 0;
  }
};

const besides = [];
const fail = (label, status) => {
  for (const child of besides) child.kill();
  console.error(`\n${label} failed.`);
  console.log(`\ntests: ${totals.passed} passed, ${Math.max(1, totals.failed)} failed`);
  process.exit(status ?? 1);
};
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) fail(label, r.status);
};
/**
 * Starts a stage beside the next one (two stages that each keep about one core busy, on a two-core machine). Its
 * output goes to test-results/<name>.log (a file: `run` blocks this process, which could not drain a pipe) and is
 * printed whole once `finish()` is awaited, so the two never interleave.
 */
const beside = (label, name, cmd, args, env = {}) => {
  const log = `test-results/${name}.log`;
  const fd = openSync(log, 'w');
  const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  besides.push(child);
  const done = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return {
    async finish() {
      const code = await done;
      closeSync(fd);
      console.log(`\n=== ${label} (ran beside the stage above; ${log}) ===`);
      process.stdout.write(readFileSync(log));
      if (code !== 0) fail(label, code);
    },
  };
};

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
const vitest = (name) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=test-results/${name}.json`];
run('unit and API tests (PGlite)', 'npx', vitest('vitest-pglite'), { TEST_DB: 'pglite' });
count('test-results/vitest-pglite.json', 'vitest');
let benchSmoke = null;
if (process.env.TEST_DATABASE_URL) {
  run('API tests (PostgreSQL)', 'npx', [...vitest('vitest-postgres'), 'apps/api'], { TEST_DB: 'postgres' });
  count('test-results/vitest-postgres.json', 'vitest');
  // The API benchmark scripts end to end for a second each: their checks, not their speed (bench/smoke.mjs). Mostly
  // waiting on its servers, so it runs beside the image's steps below (its own bundle, database and ports).
  benchSmoke = beside('benchmark smoke', 'bench-smoke', 'node', ['bench/smoke.mjs']);
} else {
  console.log('\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.');
}

// The Dockerfile's stages in clean folders, then its CMD must answer (no container runtime here; docs/deploy.md).
// Its built portal, board and API come back into the checkout: the browser suite tests what the image ships.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
run('container image steps', 'node', ['scripts/container-build.mjs', ...(existsSync(chromium) ? ['--export-builds'] : [])]);
await benchSmoke?.finish();

if (existsSync(chromium)) {
  run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  count('test-results/e2e.json', 'playwright');
} else {
  console.log('\n' + '!'.repeat(72));
  console.log(`!! No Chromium at ${chromium}: the end-to-end suite did NOT run.`);
  console.log('!! Install one with: apt-get install -y chromium   (or set CHROMIUM_PATH)');
  console.log('!'.repeat(72));
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
