import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Two workers, each with a server of its own (on E2E_PORT and the port after it): a worker runs its files one at a
 * time against its own API and database, as the suite always has, and the two halves run side by side.
 */
const servers = Number(process.env.E2E_SERVERS ?? 2);
export const serverURL = (index: number) => `http://localhost:${port + index}`;
/**
 * This worker's server. Playwright numbers its workers 0…workers-1 (TEST_PARALLEL_INDEX, kept by the worker that
 * replaces one after a failure), and evaluates this file in each of them.
 */
export const baseURL = serverURL(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * The real API serving the built portal, on a fresh embedded database seeded
 * with the demo data, driven through Debian's Chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: servers,
  retries: 0,
  // Limits for a hang, not a speed check: a passing step returns as soon as it holds, and a machine shared with
  // another CPU-heavy job makes every step several times slower. Beside `stress-ng --cpu 2` the longest journeys
  // (axe on eight pages, a candidate's whole application) took 1.6–1.9 minutes, too near a two-minute limit.
  timeout: 300_000,
  expect: { timeout: 20_000 },
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
  // The API as `npm start` runs it: bundled (ADR 013), serving the built portal and board. Each server builds its own
  // bundle folder (a second), so that neither replaces the other's while it starts.
  webServer: Array.from({ length: servers }, (_, i) => ({
    command: `node apps/api/build.mjs --outdir dist-e2e-${i} && rm -rf .data-e2e-${i} && DATA_DIR=.data-e2e-${i} MULTI_LANGUAGE=true PORT=${port + i} APP_URL=${serverURL(i)} LOG_LEVEL=warn node --enable-source-maps apps/api/dist-e2e-${i}/main.js`,
    cwd: '..',
    url: `${serverURL(i)}/portal/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
  })),
});
