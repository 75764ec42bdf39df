import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/**
 * The real API serving the built portal, on a fresh embedded database seeded
 * with the demo data, driven through Debian's Chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The portal drops its transitions for reduced motion, so what axe measures is the settled page.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // The API as `npm start` runs it: bundled (ADR 013), serving the built portal and board.
    command: `node apps/api/build.mjs && rm -rf .data-e2e && DATA_DIR=.data-e2e MULTI_LANGUAGE=true PORT=${port} APP_URL=${baseURL} LOG_LEVEL=warn node --enable-source-maps apps/api/dist/main.js`,
    cwd: '..',
    url: `${baseURL}/portal/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
