/**
 * Times the SQL the real API runs for any portal URL: `[BENCH_PRESET=full] npx tsx bench/explain-urls.mjs [--plan]
 * '/portal/v1/jobs?sort=title' 'audit:page=20000' 'enterprise-audit:page=20000' …`.
 *
 * Builds the server as api-sql.mjs does, sends each URL as the bench manager of the big site, captures its
 * statements and runs each under `EXPLAIN (ANALYZE, BUFFERS)` as the API's role `hireline_api` with the request's
 * tenant setting (row-level security applies), best of three; prints the slowest and the sum per request (`--plan`:
 * also the slowest one's plan). `audit:<query>` and `enterprise-audit:<query>` call the audit lists' service directly
 * for the big site's account (the bench manager may not read the trail). Read-only; the ANALYZE runs are rolled back.
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { auditListQuery, enterpriseAuditListQuery } from '../packages/contract/src/audit.ts';
import { createDeps } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { TenantPool } from '../apps/api/src/db/client.ts';
import { schema } from '../apps/api/src/db/schema.ts';
import { listAccountLogs, listEnterpriseLogs } from '../apps/api/src/modules/audit/audit.service.ts';
import { buildServer } from '../apps/api/src/server.ts';
import { ENTERPRISE_KEY, MANAGER_EMAIL, MANAGER_PASSWORD, databaseUrl } from './lib/config.mjs';
import { JOB_URLS, bigSiteScope } from './lib/urls.mjs';

const { values: args, positionals: urls } = parseArgs({ allowPositionals: true, options: { plan: { type: 'boolean', default: false } } });

const DATABASE_URL = databaseUrl();
const log = [];
const pool = new TenantPool({ connectionString: DATABASE_URL, max: 10 });
pool.on('error', () => {});
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => log.push({ query, params }) } });
const database = { db, kind: 'postgres', pool, actAs: (role) => (pool.role = role), close: () => pool.end() };
const config = { ...loadConfig({ ...process.env, DATABASE_URL, ENTERPRISE_KEY, DEMO_SEED: '0', APP_SECRET: 'x'.repeat(32) }), logLevel: 'silent' };
const deps = createDeps(config, database);
const app = await buildServer(deps, { logger: false });
const raw = new pg.Client({ connectionString: DATABASE_URL });
await raw.connect();

/** Each statement's best `Execution Time` of three, as the API's role with `tenant`, rolled back. */
async function explain(q, tenant) {
  let best = { ms: Infinity, plan: '' };
  await raw.query('begin');
  try {
    await raw.query("select set_config('role', 'hireline_api', true), set_config('hireline.tenant', $1, true)", [tenant]);
    const params = q.params.map((p) => (p instanceof Date ? p.toISOString() : p));
    for (let i = 0; i < 3; i++) {
      const { rows } = await raw.query(`explain (analyze, buffers) ${q.query}`, params);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      const ms = Number(plan.match(/Execution Time: ([\d.]+)/)?.[1] ?? 0);
      if (ms < best.ms) best = { ms, plan };
    }
  } finally {
    await raw.query('rollback');
  }
  return best;
}

try {
  const login = await app.inject({ method: 'POST', url: '/portal/auth/login', headers: { 'x-af-eid': ENTERPRISE_KEY }, payload: { email: MANAGER_EMAIL, password: MANAGER_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const scope = await bigSiteScope(pool);
  const headers = { authorization: `Bearer ${login.json().access_token}`, 'x-af-eid': ENTERPRISE_KEY, 'x-af-aid': scope.accountId, 'x-af-sid': scope.siteId };
  // A first request so the session's once-a-minute "last used" write is not captured.
  await app.inject({ method: 'GET', url: JOB_URLS[0].path, headers });
  const { rows: [account] } = await raw.query('select enterprise_id from accounts where id = $1', [scope.accountId]);
  for (const url of urls) {
    deps.totals.clear();
    log.length = 0;
    const [kind, query = ''] = url.startsWith('/') ? ['http'] : url.split(/:(.*)/s);
    const params = Object.fromEntries(new URLSearchParams(query));
    let status = 200;
    if (kind === 'audit') await listAccountLogs(deps, { enterpriseId: account.enterprise_id, accountId: scope.accountId }, auditListQuery.parse(params));
    else if (kind === 'enterprise-audit') await listEnterpriseLogs(deps, account.enterprise_id, enterpriseAuditListQuery.parse(params));
    else status = (await app.inject({ method: 'GET', url, headers })).statusCode;
    const tenant = kind === 'enterprise-audit' ? '*' : scope.accountId;
    const statements = log.filter((q) => /^(select|with)\b/i.test(q.query.trim()) && !/^select (set_config|current_user)/i.test(q.query.trim()));
    const timed = [];
    for (const q of statements) timed.push({ ...(await explain(q, tenant)), sql: q.query });
    const slowest = timed.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, plan: '', sql: '' });
    const sum = timed.reduce((n, t) => n + t.ms, 0);
    console.log(`${status} ${url}: ${timed.length} statements, slowest ${slowest.ms.toFixed(1)} ms, sum ${sum.toFixed(1)} ms`);
    if (args.plan) console.log(`${slowest.sql}\n${slowest.plan}\n`);
  }
} finally {
  await raw.end();
  await app.close();
  await pool.end();
}
