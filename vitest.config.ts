import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which on a two-core CI machine is a single worker and an
    // idle core while every file's embedded database runs single-threaded. Two workers use both; the suite's waits
    // (src/test/wait.ts, the API kit's polls) hold on a loaded machine, which two workers on two cores are.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    // Only a hang should ever reach these: a test that passes returns as soon as it holds, so generous limits cost
    // nothing, and a two-core machine shared with another CPU-heavy job (`npm test` beside `stress-ng --cpu 2`, or
    // ten processes at once) runs a test several times slower than a quiet one. Sweeps over every route or payload
    // set their own, longer limit (300 s); the portal's and the board's DOM waits give up after 30 s (src/test/wait.ts).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.test.ts',
            'packages/**/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // Tests that only mean something on a PostgreSQL server (several API processes on one database) run in
            // the PostgreSQL pass of `npm test` and nowhere else, rather than showing up as skipped on PGlite.
            ...(process.env.TEST_DB === 'postgres' ? ['apps/api/src/**/*.pg-test.ts'] : []),
          ],
          // A worker imports the API once and runs file after file on it, instead of evaluating its few hundred modules
          // again for each of the ~150 files (about a third of the stage's CPU). Each file still opens a database of
          // its own (db/testing.ts) and the API keeps no state between apps but caches keyed by the database.
          isolate: false,
        },
      },
      {
        extends: true,
        // The portal's files share a worker's modules as the API's do: React, MUI, the router and the pages are
        // evaluated once per worker instead of once per file (most of the project's CPU). What a file leaves in the
        // app's singletons, the document and storage is put back after it by src/test/reset.ts, so each file still
        // starts as a fresh page would, whatever ran before it in the worker. `npx vitest run --project ui --project
        // ui-board` on the two-core machine (shared with other work, so wall times vary): 5 min 53 s of CPU and 162 s
        // of imports with a fresh module scope per file, 3 min 18 s and 31 s shared.
        test: {
          name: 'ui',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/reset.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        // The board apart from the portal: both set up i18next's and react-i18next's one shared instance (each
        // app's lib/i18n.ts), so their files must not share a worker; a project of its own never does.
        test: {
          name: 'ui-board',
          include: ['apps/board/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/board/src/test/reset.ts'],
          isolate: false,
        },
      },
    ],
  },
});
