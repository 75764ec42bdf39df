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
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
