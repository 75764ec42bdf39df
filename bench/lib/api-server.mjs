import { spawnSync } from 'node:child_process';
import { API_PORT, ENTERPRISE_KEY, MANAGER_EMAIL, MANAGER_PASSWORD } from './config.mjs';
import { startServer, waitForHttp } from './processes.mjs';

const root = new URL('../..', import.meta.url).pathname;
/**
 * What `npm start` runs: the bundle apps/api/build.mjs writes (ADR 013), built into a folder of its own beside dist/,
 * so that `npm test` can build the image's dist/ while the benchmark smoke runs (scripts/test.mjs).
 */
export const BUILT_API = `${root}apps/api/dist-bench/main.js`;

let built = false;
/**
 * Node's arguments to run the API at `main`: this checkout's bundle, rebuilt once per benchmark process so it is
 * never stale; another checkout's `.ts` entry (BENCH_API_MAIN) through tsx; any other `.js` as it is.
 */
export function apiArgs(main = BUILT_API) {
  if (main.endsWith('.ts')) return ['--import', 'tsx', main];
  if (main === BUILT_API && !built) {
    const build = spawnSync(process.execPath, [`${root}apps/api/build.mjs`, '--outdir', 'dist-bench'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`apps/api/build.mjs exited with ${build.status}`);
    built = true;
  }
  return ['--enable-source-maps', main];
}
/** Signs file URLs (branding logos); the raw baseline is given the same, so both sign alike. */
export const APP_SECRET = 'bench-only-secret-not-used-anywhere-else';

/**
 * The API as production runs it (NODE_ENV=production, info-level logs: one line per request, no demo seed) on the bench data: on the
 * PostgreSQL server (`databaseUrl`, optionally `processes` > 1 for the cluster) or on an embedded PGlite folder
 * (`dataDir`, whose `db` folder generate.mjs --pglite filled), with `env` on top. Resolves once it answers HTTP.
 */
export async function startApi({ databaseUrl, dataDir, processes = 1, port = API_PORT, main = BUILT_API, label = 'API', env = {} }) {
  const child = startServer(label, apiArgs(main), {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    API_PROCESSES: String(processes),
    ENTERPRISE_KEY,
    DEMO_SEED: '0',
    // At the level a deployment logs at (one line per request, platform/request-log.ts), so the ratios count what
    // production pays; BENCH_LOG_LEVEL=warn measures without it.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    // No mail leaves a benchmark; production asks for that choice to be explicit.
    MAIL_VIEWER: '0',
    // Keeps the API's local files (uploads, the generated secret) out of the repository's ./data; for PGlite this
    // folder also holds the database (DATA_DIR/db).
    DATA_DIR: dataDir ?? `${process.env.TMPDIR ?? '/tmp'}/hireline-bench-data`,
    APP_SECRET,
    // More settings of the API's own (noisy.mjs turns its isolation off to show what it prevents).
    ...env,
  });
  await waitForHttp(child, `http://127.0.0.1:${port}/portal/health`, 120_000);
  return child;
}

/** Signs the bench's site manager (or another bench user) in; returns the access token. */
export async function signIn(port = API_PORT, email = MANAGER_EMAIL) {
  const res = await fetch(`http://127.0.0.1:${port}/portal/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-af-eid': ENTERPRISE_KEY },
    body: JSON.stringify({ email, password: MANAGER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Login as ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/** The headers of every measured request: the token and the big site's scope. */
export const scopeHeaders = (token, scope) => ({ authorization: `Bearer ${token}`, 'x-af-eid': ENTERPRISE_KEY, 'x-af-aid': scope.accountId, 'x-af-sid': scope.siteId });
