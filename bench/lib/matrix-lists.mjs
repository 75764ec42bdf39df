/**
 * The lists the matrix (matrix.mjs) measures: which contract endpoint each is (its query schema gives the filters,
 * their enum values and the sorts), who calls it, and where a filter's value comes from in the data. Only filters
 * whose value the contract cannot give (an id, free text) need a source here; a new enum, boolean or date filter is
 * covered without one, and a new free-text or id filter without one is reported as uncovered.
 *
 * Every SQL below runs with $1 = the big site's id, $2 = its account's id, and returns one row with `v` (null when
 * the data has none). `terms` gives each list's common and rare search words, also from the data.
 */

/** The most frequent value of `expr` over `from` (a FROM … WHERE clause). */
const mostCommon = (expr, from) => `select ${expr} as v from ${from} group by 1 order by count(*) desc, 1 limit 1`;
/** Words of a text column: the most and the least frequent of at least four letters, from the first 5,000 rows. */
const words = (column, from) => ({
  common: `select w as v from (select regexp_split_to_table(lower(${column}), '[^a-z]+') as w from ${from} limit 5000) x
           where length(w) >= 4 group by w order by count(*) desc, w limit 1`,
  rare: `select w as v from (select regexp_split_to_table(lower(${column}), '[^a-z]+') as w from ${from} limit 5000) x
         where length(w) >= 4 group by w order by count(*), w limit 1`,
});
/** A word nothing contains: the search still has to look. */
export const NO_MATCH = 'qzxjvw';

const SITE_JOBS = 'jobs where site_id = $1';
const SITE_APPS = 'applications where site_id = $1';
const ACCOUNT_SEEKERS = 'seekers where account_id = $2';

export const MATRIX_LISTS = [
  {
    name: 'jobs',
    module: 'jobs.ts',
    endpoint: 'listJobs',
    path: '/portal/v1/jobs',
    caller: 'manager',
    values: {
      employer_id: mostCommon('employer_id::text', SITE_JOBS),
      consultant_id: mostCommon('consultant_id::text', `${SITE_JOBS} and consultant_id is not null`),
      work_type: mostCommon('work_type', `${SITE_JOBS} and work_type is not null`),
      classification: mostCommon('classification', `${SITE_JOBS} and classification is not null`),
      tags: mostCommon('unnest(tags)', SITE_JOBS),
    },
    terms: words('title', SITE_JOBS),
  },
  {
    name: 'applications',
    module: 'applications.ts',
    endpoint: 'listApplications',
    path: '/portal/v1/applications',
    caller: 'manager',
    // The biggest list: its CSV export is measured too.
    csv: true,
    values: {
      job_id: mostCommon('job_id::text', SITE_APPS),
      employer_id: mostCommon('employer_id::text', SITE_APPS),
      consultant_id: mostCommon('j.consultant_id::text', 'applications a join jobs j on j.id = a.job_id where a.site_id = $1 and j.consultant_id is not null'),
      tags: mostCommon('unnest(tags)', SITE_APPS),
    },
    terms: words('candidate_name', SITE_APPS),
  },
  {
    name: 'seekers',
    module: 'seekers.ts',
    endpoint: 'listSeekers',
    path: '/portal/v1/seekers',
    caller: 'manager',
    values: {
      desired_work_type: mostCommon('desired_work_type', `${ACCOUNT_SEEKERS} and desired_work_type is not null`),
      visa_type: mostCommon('visa_type', `${ACCOUNT_SEEKERS} and visa_type is not null`),
      tags: mostCommon('unnest(tags)', ACCOUNT_SEEKERS),
    },
    terms: words('name', ACCOUNT_SEEKERS),
  },
  {
    name: 'employers',
    module: 'employers.ts',
    endpoint: 'listEmployers',
    path: '/portal/v1/employers',
    caller: 'manager',
    values: {},
    terms: words('business_name', 'employers where site_id = $1'),
  },
  {
    name: 'inbox',
    module: 'notifications.ts',
    endpoint: 'listNotifications',
    path: '/portal/v1/notifications/inbox',
    caller: 'manager',
    values: {},
  },
  {
    name: 'credit ledger',
    module: 'credits.ts',
    endpoint: 'listLedger',
    path: '/portal/v1/credit/ledgers',
    // The employer of the big site with the longest ledger, selected as the portal selects one (X-AF-EMPID).
    caller: 'manager',
    employer: mostCommon('employer_id::text', 'credit_ledgers where site_id = $1'),
    values: {},
    terms: words('coalesce(reason, action)', 'credit_ledgers where site_id = $1'),
  },
  {
    name: 'audit logs',
    module: 'audit.ts',
    endpoint: 'listAccountAuditLogs',
    path: '/portal/v1/accounts/audit-logs',
    caller: 'auditor',
    values: {
      actor: mostCommon('actor_user_id::text', 'audit_logs where account_id = $2 and actor_user_id is not null'),
      actor_email: mostCommon("split_part(u.email, '@', 1)", 'audit_logs l join users u on u.id = l.actor_user_id where l.account_id = $2'),
      action: mostCommon('action', 'audit_logs where account_id = $2'),
      subject_type: mostCommon('subject_type', 'audit_logs where account_id = $2 and subject_type is not null'),
      subject_id: mostCommon('subject_id', 'audit_logs where account_id = $2 and subject_id is not null'),
    },
    terms: {
      common: mostCommon("split_part(action, '.', 2)", 'audit_logs where account_id = $2'),
      rare: `select subject_id as v from audit_logs where account_id = $2 and subject_id is not null order by created_at limit 1`,
    },
  },
  {
    name: 'app-bar search',
    module: 'search.ts',
    endpoint: 'siteSearch',
    path: '/portal/v1/site/search',
    caller: 'manager',
    values: {},
    terms: words('candidate_name', SITE_APPS),
  },
  {
    name: 'board',
    module: 'board.ts',
    endpoint: 'listBoardJobs',
    path: '/portal/v1/board/jobs',
    caller: 'public',
    // The big site's verified board domain; without one the board answers 404 and the list is skipped.
    domain: `select domain as v from sites where id = $1 and domain is not null and domain_verified_at is not null`,
    values: {
      work_type: mostCommon('work_type', `${SITE_JOBS} and status = 'live' and work_type is not null`),
      classification: mostCommon('classification', `${SITE_JOBS} and status = 'live' and classification is not null`),
      pay_type: mostCommon('pay_type', `${SITE_JOBS} and status = 'live' and pay_type is not null`),
      location: mostCommon("split_part(location, ',', 1)", `${SITE_JOBS} and status = 'live' and location is not null`),
      pay_min: `select (percentile_disc(0.5) within group (order by salary_max_cents))::text as v from ${SITE_JOBS} and status = 'live'`,
    },
    terms: words('title', `${SITE_JOBS} and status = 'live'`),
  },
];
