import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@hireline/contract/endpoint';
import { messageCatalog } from '@hireline/contract/message-codes';
import type { AppDeps } from '../deps';
import { csvLines } from './csv-stream';
import { listOrCsv } from './reply';
import { route } from './route';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { addLiveJob } from '../test/jobs';
import { login } from '../test/login';

/*
 * The limits of interactive requests on PostgreSQL (db/request-limits.ts): a statement past STATEMENT_TIMEOUT_MS is
 * cancelled and answered 503, work outside requests and an export's batches run without it, and one account's
 * searches hold at most SEARCH_CONNECTIONS_PER_ACCOUNT connections while other accounts, and the account's own lists,
 * go on. Probes are routes registered here through the same route() as every endpoint.
 */

const probeQuery = z.object({ seconds: z.coerce.number().optional(), hold: z.string().optional(), q: z.string().optional() });
const probe = (path: string) =>
  endpoint({ method: 'GET', path, summary: 'test probe', tags: ['test'], access: { subject: 'jobs', action: 'view' }, query: probeQuery, response: z.object({ timeout: z.string() }) });
const sleepProbe = probe('/v1/test-probe/sleep');
const holdProbe = probe('/v1/test-probe/hold');
const exportProbe = probe('/v1/test-probe/export');

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The connection's statement_timeout as PostgreSQL reports it. */
const timeoutOf = async (deps: AppDeps) =>
  (await deps.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0]!.statement_timeout;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;
/**
 * An account's share of the pool here. As many as the app bar's search runs queries at once, so a search of an account
 * whose slots are free never waits for its own queries (nothing below depends on how fast the machine is).
 */
const SLOTS = 4;
/**
 * Each hold probe takes its connection (and one of its account's search slots) and keeps it until `held.resolve()`;
 * `holding` resolves once SLOTS of them hold theirs.
 */
let held = deferred();
let holding = deferred();
let holders = 0;

beforeAll(async () => {
  t = await createTestApp(
    // The timeout well above what any statement here takes on a loaded machine, the probes' sleeps far beyond it; a
    // short wait, which only ever runs out while every slot is held on purpose.
    { STATEMENT_TIMEOUT_MS: '3000', SEARCH_CONNECTIONS_PER_ACCOUNT: String(SLOTS), SEARCH_WAIT_MS: '50' },
    {
      extend(app: FastifyInstance, deps: AppDeps) {
        route(app, deps, sleepProbe, async ({ query }) => {
          await deps.db.execute(sql`select pg_sleep(${query.seconds ?? 0})`);
          return { timeout: await timeoutOf(deps) };
        });
        route(app, deps, holdProbe, async () => {
          await deps.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            if (++holders === SLOTS) holding.resolve();
            await held.promise;
          });
          return { timeout: 'released' };
        });
        // An export whose one batch sleeps past the interactive timeout, and reports the timeout its connection had.
        route(app, deps, exportProbe, (ctx) =>
          listOrCsv(ctx, 'jobs', async () => ({ timeout: 'list' }), async () =>
            csvLines<{ timeout: string }>([['timeout', (r) => r.timeout]], async (_last, _limit, offset) => {
              if (offset > 0) return [];
              await deps.db.execute(sql`select pg_sleep(3.5)`);
              return [{ timeout: await timeoutOf(deps) }];
            }),
          ),
        );
      },
    },
  );
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  await addLiveJob(t, a, { title: 'Alpha welder' });
  await addLiveJob(t, b, { title: 'Beta welder' });
  tokenA = await login(t.app, a.users.accountAdmin.email);
  tokenB = await login(t.app, b.users.accountAdmin.email);
});
afterAll(async () => {
  held.resolve();
  await t?.close();
});

const asA = (url: string, headers: Record<string, string> = {}) =>
  call(t.app, { token: tokenA, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: `/portal${url}`, headers });
const asB = (url: string) => call(t.app, { token: tokenB, accountId: b.account.id, siteId: b.sites[0].id }, { method: 'GET', url: `/portal${url}` });

describe('the statement timeout of interactive requests', () => {
  it('cancels a statement that runs past it and answers 503 with its code, not a hang or a 500', async () => {
    const res = await asA('/v1/test-probe/sleep?seconds=30');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: messageCatalog.statement_timeout, code: 'statement_timeout' });
  });

  it("is the request's connection setting, and the next request on the same pool answers normally", async () => {
    const res = await asA('/v1/test-probe/sleep?seconds=0');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ timeout: '3s' });
  });

  it('is not set for work outside requests (the scheduler, migrations, seeding), whichever connection it gets', async () => {
    // Every connection of the pool has served a request by now or will be synced on checkout: ten at once take them all.
    await Promise.all(Array.from({ length: 10 }, () => asA('/v1/test-probe/sleep?seconds=0.05')));
    const seen = await Promise.all(Array.from({ length: 10 }, () => timeoutOf(t.deps)));
    expect(new Set(seen)).toEqual(new Set(['0']));
    await t.deps.db.execute(sql`select pg_sleep(3.5)`);
  });

  it('does not cut an export: its batches run without it, past the interactive limit', async () => {
    const res = await asA('/v1/test-probe/export', { accept: 'text/csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.trim().split('\r\n').slice(1)).toEqual(['0']);
  });
});

describe("an account's share of the pool for searches", () => {
  it("refuses the account's next search with 503 while its slots are held, and serves its lists and other accounts", async () => {
    held = deferred();
    holding = deferred();
    holders = 0;
    const holder = Promise.all(Array.from({ length: SLOTS }, () => asA('/v1/test-probe/hold?q=held')));
    await holding.promise;

    const search = await asA('/v1/site/search?q=welder');
    expect(search.statusCode, search.body).toBe(503);
    expect(search.json()).toEqual({ message: messageCatalog.search_busy, code: 'search_busy' });
    expect(search.headers['retry-after']).toBe('1');
    const listSearch = await asA('/v1/jobs?q=welder');
    expect(listSearch.statusCode, listSearch.body).toBe(503);
    expect(listSearch.json()).toMatchObject({ code: 'search_busy' });

    // The same account's plain list is no search: it takes its connection as before.
    const list = await asA('/v1/jobs');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Alpha welder');
    // Another account's search has a share of its own.
    const other = await asB('/v1/site/search?q=welder');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.body).toContain('Beta welder');

    held.resolve();
    for (const res of await holder) expect(res.statusCode).toBe(200);
    const after = await asA('/v1/site/search?q=welder');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.body).toContain('Alpha welder');
    expect(t.deps.searchGate.load(a.account.id)).toEqual({ held: 0, waiting: 0 });
  });

  it('gives the slot back when the search fails', async () => {
    const failed = await asA('/v1/test-probe/sleep?seconds=30&q=slow');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'statement_timeout' });
    expect(t.deps.searchGate.load(a.account.id)).toEqual({ held: 0, waiting: 0 });
    expect((await asA('/v1/site/search?q=welder')).statusCode).toBe(200);
  });
});
