import { BIG_SITE_SLUG } from './config.mjs';

/**
 * The benchmark's requests, in groups that `BENCH_ONLY` picks from (run.mjs). The raw baseline serves these exact
 * paths; api-sql.mjs captures the API's SQL for them.
 */

/**
 * The jobs list as a site manager opens it, a typical filter, and a full-text search for a common word ("manager"
 * is in about one title in ten, plus descriptions).
 */
export const JOB_URLS = [
  { name: 'default list', path: '/portal/v1/jobs' },
  { name: 'filtered list', path: '/portal/v1/jobs?status=live&work_type=full_time&sort=-created_at' },
  { name: 'full-text search', path: '/portal/v1/jobs?q=manager' },
];

/**
 * A candidate surname of the generator's word list (apps/api/src/db/seed/names.ts): names are drawn uniformly from
 * 60 surnames, so about one candidate in 60 has it: ~5,000 of the big site's 300,000 applications and ~8,000 of
 * its account's 500,000 seekers (full preset). A mid-list name, neither first nor last in any index order.
 */
export const SURNAME = 'Kowalski';

/** The big site's applications as the portal opens them, one stage tab, a candidate search and the stage counts. */
export const APPLICATION_URLS = [
  { name: 'applications list', path: '/portal/v1/applications' },
  { name: 'applications, shortlisted', path: '/portal/v1/applications?status=shortlisted' },
  { name: 'applications, candidate search', path: `/portal/v1/applications?q=${SURNAME}` },
  { name: 'stage counts', path: '/portal/v1/applications/counts' },
];

/** The big site's account's candidates (seekers belong to the account) and a search by surname. */
export const SEEKER_URLS = [
  { name: 'seekers list', path: '/portal/v1/seekers' },
  { name: 'seekers, surname search', path: `/portal/v1/seekers?q=${SURNAME}` },
];

/** Scenario groups: `BENCH_ONLY=applications,seekers` runs those two; all three by default. */
export const URL_GROUPS = { jobs: JOB_URLS, applications: APPLICATION_URLS, seekers: SEEKER_URLS };

/** The harness checked against an endpoint that needs no jobs code (used with `BENCH_URLS=dashboard`). */
export const DASHBOARD_URLS = [{ name: 'site dashboard', path: '/portal/v1/site/dashboard' }];

/** The groups named in `BENCH_ONLY` (comma-separated), in URL_GROUPS order; every group when unset. */
export function selectedGroups(only = process.env.BENCH_ONLY) {
  const names = (only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !Object.hasOwn(URL_GROUPS, n));
  if (unknown.length) throw new Error(`Unknown BENCH_ONLY group ${unknown.join(', ')}; use ${Object.keys(URL_GROUPS).join(', ')}.`);
  return Object.keys(URL_GROUPS).filter((g) => !names.length || names.includes(g));
}

/** The account and site headers of the big site, where the bench user is site manager. */
export async function bigSiteScope(queryable) {
  const { rows } = await queryable.query(`select id, account_id from sites where slug = $1`, [BIG_SITE_SLUG]);
  if (!rows.length) throw new Error(`No site '${BIG_SITE_SLUG}': generate the benchmark data first.`);
  return { siteId: rows[0].id, accountId: rows[0].account_id };
}
