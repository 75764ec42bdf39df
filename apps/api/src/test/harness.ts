import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { closeReadDatabase, createDeps } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../db/testing';
import type { AppDeps } from '../deps';
import { buildServer, type ServerOptions } from '../server';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * A real server on a real, freshly migrated database (PGlite, or a scratch
 * PostgreSQL database when TEST_DB=postgres), with its own upload folder.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  hooks: ServerOptions['hooks'] = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'hireline-test-'));
  const config = loadConfig({
    DATA_DIR: dir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    APP_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    // The tests' identity provider, Stripe stand-in and webhook receivers listen on loopback; outbound.test.ts turns it off.
    OUTBOUND_ALLOW_LOOPBACK: '1',
    // A test is not a user waiting: on a loaded CI machine a statement or a queued search may take longer than the
    // production limits allow, which would fail a test about something else. request-limits.pg-test.ts sets its own.
    STATEMENT_TIMEOUT_MS: '120000',
    SEARCH_WAIT_MS: '60000',
    ...env,
  });
  const database = await openTestDatabase();
  const deps = createDeps(config, database);
  // Tests never wait out a sign-in delay; the ones about it replace this to read the delay asked for.
  deps.pause = async () => {};
  const app = await buildServer(deps, { logger: false, hooks });
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeReadDatabase(deps);
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Another server over a test app's dependencies, some replaced (a closed database, failing storage, another config). */
export async function serverOver(deps: AppDeps, opts: ServerOptions = {}) {
  const app = await buildServer(deps, { logger: false, ...opts });
  await app.ready();
  return app;
}

export interface Caller {
  token?: string;
  accountId?: string;
  siteId?: string;
  employerId?: string;
  enterpriseKey?: string;
}

/** `app.inject` with the portal's headers: enterprise key, bearer token and scope. */
export function call(app: FastifyInstance, who: Caller, opts: InjectOptions) {
  const headers: Record<string, string> = { 'x-af-eid': who.enterpriseKey ?? 'test', ...(opts.headers as Record<string, string>) };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (who.accountId) headers['x-af-aid'] = who.accountId;
  if (who.siteId) headers['x-af-sid'] = who.siteId;
  if (who.employerId) headers['x-af-empid'] = who.employerId;
  return app.inject({ ...opts, headers });
}
