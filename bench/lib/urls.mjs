import { BIG_SITE_SLUG } from './config.mjs';

/**
 * The benchmark's requests: the jobs list as a site manager opens it, a typical filter, and a full-text search for
 * a common word ("manager" is in about one title in ten, plus descriptions). The raw baseline serves these exact
 * paths; api-sql.mjs captures the API's SQL for them.
 */
export const JOB_URLS = [
  { name: 'default list', path: '/portal/v1/jobs' },
  { name: 'filtered list', path: '/portal/v1/jobs?status=live&work_type=full_time&sort=-created_at' },
  { name: 'full-text search', path: '/portal/v1/jobs?q=manager' },
];

/** The harness checked against an endpoint that needs no jobs code (used with `BENCH_URLS=dashboard`). */
export const DASHBOARD_URLS = [{ name: 'site dashboard', path: '/portal/v1/site/dashboard' }];

/** The account and site headers of the big site, where the bench user is site manager. */
export async function bigSiteScope(queryable) {
  const { rows } = await queryable.query(`select id, account_id from sites where slug = $1`, [BIG_SITE_SLUG]);
  if (!rows.length) throw new Error(`No site '${BIG_SITE_SLUG}': generate the benchmark data first.`);
  return { siteId: rows[0].id, accountId: rows[0].account_id };
}
