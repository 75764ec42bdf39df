import { BIG_SITE_SLUG, ENTERPRISE_KEY, MANAGER_EMAIL } from './config.mjs';

/**
 * The benchmark's requests, in groups that `BENCH_ONLY` picks from (run.mjs). The raw baseline serves these exact
 * paths; api-sql.mjs captures the API's SQL for them. A path or headers given as a function are filled in from
 * {@link bigSiteScope} (ids differ from one generated database to the next).
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

/**
 * What every portal page asks for, signed in: the host's branding (`GET /portal/accounts/branding?domain=…`, sent
 * with the token and without scope headers, as apps/web lib/branding.ts does on each page load) and the signed-in
 * user (`/auth/me`, unscoped, narrowed to the brand by X-AF-Branding-Token, as lib/current-user.ts asks for it).
 */
export const SESSION_URLS = [
  { name: 'portal branding', path: (s) => `/portal/accounts/branding?domain=${s.domain}`, scoped: false },
  { name: 'signed-in user', path: '/portal/auth/me', scoped: false, headers: (s) => ({ 'x-af-branding-token': s.accountId }) },
];

/** A quantity in the default tiers' 25–49 band (15 % off), the kind of pack the credits page offers. */
export const PURCHASE_QUANTITY = 30;

/**
 * One live job's page (the big site's live job with the most applications) and the price of a credit pack for
 * that job's employer (the credit endpoints act for the employer selected with X-AF-EMPID).
 */
export const DETAIL_URLS = [
  { name: 'job detail', path: (s) => `/portal/v1/jobs/${s.jobId}/detail` },
  {
    name: 'purchase preview',
    path: `/portal/v1/credit/purchase/preview?quantity=${PURCHASE_QUANTITY}`,
    headers: (s) => ({ 'x-af-empid': s.employerId }),
  },
];

/** The site dashboard, the portal's landing page. */
export const DASHBOARD_URLS = [{ name: 'site dashboard', path: '/portal/v1/site/dashboard' }];

/** The bell's poll of the inbox (apps/web NotificationsBell: the latest five, every 30 s on every open tab). */
export const NOTIFICATION_URLS = [{ name: 'notifications inbox', path: '/portal/v1/notifications/inbox?per_page=5' }];

/** Scenario groups: `BENCH_ONLY=applications,seekers` runs those two; every group by default. */
export const URL_GROUPS = {
  jobs: JOB_URLS,
  applications: APPLICATION_URLS,
  seekers: SEEKER_URLS,
  session: SESSION_URLS,
  detail: DETAIL_URLS,
  dashboard: DASHBOARD_URLS,
  notifications: NOTIFICATION_URLS,
};

/** The groups named in `BENCH_ONLY` (comma-separated), in URL_GROUPS order; every group when unset. */
export function selectedGroups(only = process.env.BENCH_ONLY) {
  const names = (only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !Object.hasOwn(URL_GROUPS, n));
  if (unknown.length) throw new Error(`Unknown BENCH_ONLY group ${unknown.join(', ')}; use ${Object.keys(URL_GROUPS).join(', ')}.`);
  return Object.keys(URL_GROUPS).filter((g) => !names.length || names.includes(g));
}

/** What Chromium sends. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The groups' requests with their paths and headers filled in for the big site: the caller's token and enterprise
 * always, the account and site headers unless the portal sends the request unscoped, and the scenario's own.
 */
export function scenarios(groups, scope, token) {
  return groups.flatMap((group) =>
    URL_GROUPS[group].map((u) => {
      const path = typeof u.path === 'function' ? u.path(scope) : u.path;
      if (path.includes('undefined') || path.includes('null'))
        throw new Error(`${u.name}: the bench data lacks what it reads; regenerate it (generate.mjs --reset).`);
      const headers = {
        authorization: `Bearer ${token}`,
        'x-af-eid': ENTERPRISE_KEY,
        // As a browser asks: both servers then pay for compressing what they send (the API brotli at quality 4).
        'accept-encoding': ACCEPT_ENCODING,
        ...(u.scoped !== false && { 'x-af-aid': scope.accountId, 'x-af-sid': scope.siteId }),
        ...u.headers?.(scope),
      };
      return { group, name: u.name, path, headers };
    }),
  );
}

/**
 * The big site, where the bench user is site manager, and what the other scenarios point at: its account's portal
 * domain, its live job with the most applications (and that job's employer), the manager's inbox.
 */
export async function bigSiteScope(queryable) {
  const { rows } = await queryable.query(
    `select s.id, s.account_id, a.domain from sites s join accounts a on a.id = s.account_id where s.slug = $1`,
    [BIG_SITE_SLUG],
  );
  if (!rows.length) throw new Error(`No site '${BIG_SITE_SLUG}': generate the benchmark data first.`);
  const [site] = rows;
  const { rows: [job] } = await queryable.query(
    `select j.id, j.employer_id, n.applications from jobs j
     join (select job_id, count(*)::int as applications from applications where site_id = $1 group by job_id) n on n.job_id = j.id
     where j.status = 'live' order by n.applications desc, j.id limit 1`,
    [site.id],
  );
  const { rows: [inbox] } = await queryable.query(
    `select count(*)::int as total, count(*) filter (where read_at is null)::int as unread from notifications
     where user_id = (select id from users where email = $1)`,
    [MANAGER_EMAIL],
  );
  return {
    siteId: site.id,
    accountId: site.account_id,
    domain: site.domain,
    jobId: job?.id ?? null,
    jobApplications: job?.applications ?? null,
    employerId: job?.employer_id ?? null,
    inbox,
  };
}
