/**
 * Prints the SQL the real API runs for each benchmark URL: `[BENCH_PRESET=full] [BENCH_ONLY=applications] npx tsx
 * bench/api-sql.mjs [--json]`.
 *
 * Builds the server exactly as main.ts does (createDeps + buildServer, over the API's TenantPool acting as its role)
 * but with a query logger on drizzle, then sends each URL with its headers (lib/urls.mjs scenarios) through Fastify's
 * inject. Nothing in apps/ is changed. run.mjs uses `--json` to check that the raw baseline (lib/raw-auth.mjs,
 * lib/raw-sql.mjs, lib/raw-pages-sql.mjs) still runs the same statements as the API; when a measured module changes
 * its queries, this is the tool to copy the new shape from.
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDeps } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { TenantPool } from '../apps/api/src/db/client.ts';
import { schema } from '../apps/api/src/db/schema.ts';
import { buildServer } from '../apps/api/src/server.ts';
import { ENTERPRISE_KEY, MANAGER_EMAIL, MANAGER_PASSWORD, databaseUrl } from './lib/config.mjs';
import { JOB_URLS, bigSiteScope, scenarios, selectedGroups } from './lib/urls.mjs';

const { values: args } = parseArgs({ options: { json: { type: 'boolean', default: false } } });

const DATABASE_URL = databaseUrl();
const log = [];
// The API's own pool (db/client.ts), so the captured requests run as its role under row-level security, as served.
const pool = new TenantPool({ connectionString: DATABASE_URL, max: 10 });
pool.on('error', () => {});
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => log.push({ query, params }) } });
const database = {
  db,
  kind: 'postgres',
  pool,
  actAs(role) {
    pool.role = role;
  },
  close: () => pool.end(),
};
const config = { ...loadConfig({ ...process.env, DATABASE_URL, ENTERPRISE_KEY, DEMO_SEED: '0', APP_SECRET: 'x'.repeat(32) }), logLevel: 'silent' };
const deps = createDeps(config, database);
const app = await buildServer(deps, { logger: false });

try {
  const login = await app.inject({
    method: 'POST',
    url: '/portal/auth/login',
    headers: { 'x-af-eid': ENTERPRISE_KEY },
    payload: { email: MANAGER_EMAIL, password: MANAGER_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const scope = await bigSiteScope(pool);
  const token = login.json().access_token;
  const headers = { authorization: `Bearer ${token}`, 'x-af-eid': ENTERPRISE_KEY, 'x-af-aid': scope.accountId, 'x-af-sid': scope.siteId };
  // A first request so the session's once-a-minute "last used" write happens here and not in a captured request.
  await app.inject({ method: 'GET', url: JOB_URLS[0].path, headers });

  const out = [];
  for (const u of scenarios(selectedGroups(), scope, token)) {
    // Each capture counts afresh, as the first request of a list does: a remembered total would hide its SQL. The
    // same for the branding, kept 30 s per host.
    deps.totals.clear();
    deps.branding.invalidate();
    log.length = 0;
    const res = await app.inject({ method: 'GET', url: u.path, headers: u.headers });
    const { authorization: _token, ...sent } = u.headers;
    const queries = log.map((q) => ({ sql: q.query, params: q.params }));
    out.push({ group: u.group, name: u.name, path: u.path, headers: sent, status: res.statusCode, queries });
  }
  if (args.json) console.log(JSON.stringify(out));
  else {
    for (const u of out) {
      console.log(`\n== ${u.name}: GET ${u.path} → ${u.status} (${JSON.stringify(u.headers)})`);
      u.queries.forEach((q, i) => console.log(`-- ${i + 1}\n${q.sql}\n-- params: ${JSON.stringify(q.params)}`));
    }
  }
} finally {
  await app.close();
  await pool.end();
}
