import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/**/src/**/*.test.{ts,tsx}',
      'packages/**/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      // Tests that only mean something on a PostgreSQL server (several API processes on one database) run in the
      // PostgreSQL pass of `npm test` and nowhere else, rather than showing up as skipped on PGlite.
      ...(process.env.TEST_DB === 'postgres' ? ['apps/**/src/**/*.pg-test.ts'] : []),
    ],
    // Vitest's default is one worker fewer than the cores, which on a two-core CI machine is a single worker and an
    // idle core while every file's embedded database runs single-threaded. Two workers use both; the suite's waits
    // (src/test/wait.ts, the API kit's polls) hold on a loaded machine, which two workers on two cores are.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
