/**
 * Search under row-level security (ADR 019): one search page per table as the owner, as the API's role with its plain
 * condition, and as the API's role through the hireline_search_* function (migration 0025), each with EXPLAIN (ANALYZE,
 * BUFFERS). Not a load test: it shows where the work goes.
 *
 *   BENCH_DB=hireline_rls_scratch npx tsx bench/generate.mjs --preset search
 *   BENCH_DB=hireline_rls_scratch node bench/rls-search.mjs
 */
import pg from 'pg';
import { BIG_SITE_SLUG, databaseUrl } from './lib/config.mjs';

const client = new pg.Client({ connectionString: databaseUrl('search') });
await client.connect();
const [{ site, account }] = (await client.query('select id as site, account_id as account from sites where slug = $1', [BIG_SITE_SLUG])).rows;

const tq = (w) => `to_tsquery('simple', '${w}:*')`;
const cases = (word) => [
  {
    table: 'applications',
    plain: `select id from applications where site_id = '${site}' and search @@ ${tq(word)} order by created_at desc nulls last, id desc limit 25`,
    viaFunction: `select id from applications where site_id = '${site}' and id = any(array(select hireline_search_applications('${site}', ${tq(word)}, 501))) order by created_at desc nulls last, id desc limit 25`,
  },
  {
    table: 'jobs',
    plain: `select id from jobs where site_id = '${site}' and (search @@ ${tq(word)} or title ilike '%${word}%') order by created_at desc nulls last, id desc limit 25`,
    viaFunction: `select id from jobs where site_id = '${site}' and id = any(array(select hireline_search_jobs('${site}', ${tq(word)}, '%${word}%', 501))) order by created_at desc nulls last, id desc limit 25`,
  },
  {
    table: 'seekers',
    plain: `select id from seekers where account_id = '${account}' and (search @@ ${tq(word)} or lower(name) like '%${word}%' or email like '%${word}%') order by created_at desc nulls last, id desc limit 25`,
    viaFunction: `select id from seekers where account_id = '${account}' and id = any(array(select hireline_search_seekers('${account}', ${tq(word)}, '%${word}%', 501))) order by created_at desc nulls last, id desc limit 25`,
  },
];

/** Execution ms and shared buffers (hit + read) of `sql`, run as `role` (null: the owner) with the tenant set. */
async function explain(sql, role) {
  await client.query('begin');
  try {
    if (role) await client.query(`set local role ${role}`);
    await client.query("select set_config('hireline.tenant', $1, true)", [account]);
    await client.query(sql); // warm: catalogs and the table's pages, as on a running server
    const { rows } = await client.query(`explain (analyze, buffers, format json) ${sql}`);
    const plan = rows[0]['QUERY PLAN'][0];
    return { ms: Number(plan['Execution Time'].toFixed(2)), buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'] };
  } finally {
    await client.query('rollback');
  }
}

const rows = [];
for (const word of ['qwertyzz', 'manag']) {
  for (const c of cases(word)) {
    const owner = await explain(c.plain, null);
    const api = await explain(c.plain, 'hireline_api');
    const fn = await explain(c.viaFunction, 'hireline_api');
    rows.push({ table: c.table, term: word, 'owner ms': owner.ms, 'owner bufs': owner.buffers, 'api plain ms': api.ms, 'api plain bufs': api.buffers, 'api function ms': fn.ms, 'api function bufs': fn.buffers });
  }
}
console.table(rows);
await client.end();
