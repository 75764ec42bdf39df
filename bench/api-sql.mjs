/**
 * Prints the SQL the real API runs for each benchmark URL: `[BENCH_PRESET=full] [BENCH_ONLY=applications] npx tsx
 * bench/api-sql.mjs [--json]`.
 *
 * Builds the server exactly as main.ts does (createDeps + buildServer) but over a drizzle instance with a query
 * logger, then sends each URL through Fastify's inject. Nothing in apps/ is changed. run.mjs uses `--json` to
 * check that the raw baseline (lib/raw-sql.mjs) still runs the same statements as the API; when the jobs,
 * applications or seekers module changes its queries, this is the tool to copy the new shape from.
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDeps } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { schema } from '../apps/api/src/db/schema.ts';
import { buildServer } from '../apps/api/src/server.ts';
import { ENTERPRISE_KEY, MANAGER_EMAIL, MANAGER_PASSWORD, databaseUrl } from './lib/config.mjs';
import { JOB_URLS, URL_GROUPS, bigSiteScope, selectedGroups } from './lib/urls.mjs';

const { values: args } = parseArgs({ options: { json: { type: 'boolean', default: false } } });

const DATABASE_URL = databaseUrl();
const log = [];
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => log.push({ query, params }) } });
const database = { db, kind: 'postgres', pool, close: () => pool.end() };
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
  const headers = { authorization: `Bearer ${login.json().access_token}`, 'x-af-eid': ENTERPRISE_KEY, 'x-af-aid': scope.accountId, 'x-af-sid': scope.siteId };
  // A first request so the session's once-a-minute "last used" write happens here and not in a captured request.
  await app.inject({ method: 'GET', url: JOB_URLS[0].path, headers });

  const out = [];
  for (const u of selectedGroups().flatMap((group) => URL_GROUPS[group].map((x) => ({ ...x, group })))) {
    // Each capture counts afresh, as the first request of a list does: a remembered total would hide its SQL.
    deps.totals.clear();
    log.length = 0;
    const res = await app.inject({ method: 'GET', url: u.path, headers });
    out.push({ group: u.group, name: u.name, path: u.path, status: res.statusCode, queries: log.map((q) => ({ sql: q.query, params: q.params })) });
  }
  if (args.json) console.log(JSON.stringify(out));
  else {
    for (const u of out) {
      console.log(`\n== ${u.name}: GET ${u.path} → ${u.status}`);
      u.queries.forEach((q, i) => console.log(`-- ${i + 1}\n${q.sql}\n-- params: ${JSON.stringify(q.params)}`));
    }
  }
} finally {
  await app.close();
  await pool.end();
}
