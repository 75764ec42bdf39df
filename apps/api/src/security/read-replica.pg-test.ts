import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReadDatabase, createDeps } from '../app';
import { loadConfig } from '../config';
import { withTenants } from '../db/tenant-context';
import type { AppDeps } from '../deps';
import { addLiveJob } from '../test/jobs';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, serverOver, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { urlOf } from '../test/processes';

/*
 * DATABASE_READ_URL (docs/scaling.md): exports, the dashboard and search read from a second pool, the replica's. Here
 * that pool opens the same scratch database under another application_name, so the test can tell its connections
 * apart; every checkout of it is counted.
 */

let t: TestApp;
let deps: AppDeps;
let app: FastifyInstance;
let a: Tenant;
let b: Tenant;
let token: string;
let readCheckouts = 0;

beforeAll(async () => {
  t = await createTestApp();
  const url = urlOf(t.deps.database.pool);
  const readUrl = new URL(url);
  readUrl.searchParams.set('application_name', 'hireline-read');
  const config = loadConfig({ ...process.env, ...envOf(t), DATABASE_URL: url, DATABASE_READ_URL: readUrl.toString() });
  deps = createDeps(config, t.deps.database);
  deps.pause = async () => {};
  deps.readDatabase.pool!.on('acquire', () => readCheckouts++);
  app = await serverOver(deps);
  a = await createTenant(deps.db, { name: 'Alpha' });
  b = await createTenant(deps.db, { name: 'Beta' });
  await addLiveJob(t, a, { title: 'Alpha welder' });
  await addLiveJob(t, b, { title: 'Beta welder' });
  token = await login(app, a.users.accountAdmin.email);
});
afterAll(async () => {
  await app?.close();
  if (deps) await closeReadDatabase(deps);
  await t?.close();
});

/** The settings createTestApp used, so the second server differs only in its databases. */
function envOf(t: TestApp): Record<string, string> {
  return { DATA_DIR: t.deps.config.dataDir, APP_SECRET: t.deps.config.appSecret, APP_URL: t.deps.config.appUrl, LOG_LEVEL: 'silent', OUTBOUND_ALLOW_LOOPBACK: '1' };
}

const asAdmin = (url: string, headers: Record<string, string> = {}) =>
  call(app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url, headers });

/** Checkouts of the read pool while `fn` runs. */
async function readsDuring(fn: () => Promise<unknown>) {
  const before = readCheckouts;
  await fn();
  return readCheckouts - before;
}

describe('a read replica (DATABASE_READ_URL)', () => {
  it('is a pool of its own on the read URL, acting as the API role under row-level security', async () => {
    expect(deps.readDatabase).not.toBe(deps.database);
    const [who] = (await deps.readDb.execute<{ app: string; user: string }>(sql`select current_setting('application_name') as app, current_user as user`)).rows;
    expect(who).toEqual({ app: 'hireline-read', user: 'hireline_api' });
    // The request's tenants reach the read pool's connections as they reach the main pool's: a query without its
    // account filter still sees only the caller's rows.
    const seen = await withTenants([a.account.id], async () => await deps.readDb.execute<{ account_id: string }>(sql`select distinct account_id from jobs`));
    expect(seen.rows.map((r) => r.account_id)).toEqual([a.account.id]);
  });

  it("serves a CSV export, with the caller's rows only, while the list itself stays on the main database", async () => {
    let res = await asAdmin('/portal/v1/jobs');
    expect(res.statusCode, res.body).toBe(200);
    expect(await readsDuring(() => asAdmin('/portal/v1/jobs'))).toBe(0);
    const reads = await readsDuring(async () => {
      res = await asAdmin('/portal/v1/jobs', { accept: 'text/csv' });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toContain('Alpha welder');
    expect(res.body).not.toContain('Beta welder');
    expect(reads).toBeGreaterThan(0);
  });

  it('serves the dashboard and the search', async () => {
    let dashboard = await asAdmin('/portal/v1/site/dashboard');
    expect(await readsDuring(async () => (dashboard = await asAdmin('/portal/v1/site/dashboard')))).toBeGreaterThan(0);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    let search = await asAdmin('/portal/v1/site/search?q=welder');
    expect(await readsDuring(async () => (search = await asAdmin('/portal/v1/site/search?q=welder')))).toBeGreaterThan(0);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.body).toContain('Alpha welder');
    expect(search.body).not.toContain('Beta welder');
  });
});
