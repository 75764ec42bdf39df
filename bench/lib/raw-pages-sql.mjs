import { MANAGER_EMAIL } from './config.mjs';
import { LOOKUP_SQL } from './raw-auth.mjs';

/**
 * The API's SQL for the pages around the lists (branding, /auth/me, job detail, purchase preview, dashboard,
 * notifications inbox), written out as drizzle renders it, copied from `npx tsx bench/api-sql.mjs`: drizzle's
 * and() of one condition is that condition, of several is them in parentheses, and it numbers the parameters in
 * the order they appear. run.mjs compares these with what the API ran ({@link pageStatements}).
 */

/** Builds one statement: `p(value)` appends a parameter and answers its placeholder. */
function statement(build) {
  const values = [];
  const text = build((v) => `$${values.push(v)}`);
  return { text, values };
}

const and = (conds) => {
  const c = conds.filter(Boolean);
  return c.length > 1 ? `(${c.join(' and ')})` : c[0];
};
const inList = (column, ids, p) => (ids ? `${column} in (${ids.map(p).join(', ')})` : null);
/** The employer slice as the API's prepared statements have it: one array parameter. */
const anyOf = (column, ids, p) => (ids ? `${column} = any(${p(ids)})` : null);

/** branding.repo.ts findBrandingByDomain(): a site's verified board domain first, then an account's portal domain or alias. */
export const siteBrandingQuery = (enterpriseId, domain) =>
  statement(
    (p) =>
      `select "accounts"."id", "accounts"."name", "accounts"."title", "accounts"."branding", "accounts"."logo_square", "sites"."id", "sites"."name", "sites"."branding", "sites"."settings"->>'locale' from "sites" inner join "accounts" on "accounts"."id" = "sites"."account_id" where ("sites"."domain" = ${p(domain)} and "sites"."domain_verified_at" is not null and "sites"."enabled" = ${p(true)} and "sites"."board_enabled" = ${p(true)} and "accounts"."enabled" = ${p(true)} and "accounts"."enterprise_id" = ${p(enterpriseId)}) limit ${p(1)}`,
  );

export const accountBrandingQuery = (enterpriseId, domain) =>
  statement(
    (p) =>
      `select "id", "name", "title", "branding", "logo_square" from "accounts" where ("accounts"."enterprise_id" = ${p(enterpriseId)} and "accounts"."enabled" = ${p(true)} and ("accounts"."domain" = ${p(domain)} or ${p(domain)} = any("accounts"."domain_aliases"))) limit ${p(1)}`,
  );

/** auth.repo.ts reachableAccounts(): the accounts (narrowed to the brand's), their sites, the caller's employers. */
export function reachableQueries(enterpriseId, memberships, onlyAccountId) {
  const enterpriseWide = memberships.some((m) => m.scopeType === 'enterprise');
  const accountIds = [...new Set(memberships.map((m) => m.accountId).filter(Boolean))];
  const employerIds = memberships.filter((m) => m.scopeType === 'employer').map((m) => m.employerId);
  return {
    accounts: statement(
      (p) =>
        `select "id", "name", "slug" from "accounts" where ${and([`"accounts"."enterprise_id" = ${p(enterpriseId)}`, `"accounts"."enabled" = ${p(true)}`, enterpriseWide ? null : inList('"accounts"."id"', accountIds, p), onlyAccountId && `"accounts"."id" = ${p(onlyAccountId)}`])} order by "accounts"."name"`,
    ),
    sites: (ids) =>
      statement((p) => `select "id", "name", "slug", "account_id" from "sites" where (${inList('"sites"."account_id"', ids, p)} and "sites"."enabled" = ${p(true)}) order by "sites"."name"`),
    employers: employerIds.length
      ? statement(
          (p) =>
            `select "id", "business_name", "site_id" from "employers" where (${inList('"employers"."id"', employerIds, p)} and "employers"."enabled" = ${p(true)}) order by "employers"."business_name"`,
        )
      : null,
  };
}

const JOB_COLUMNS = `"id", "account_id", "site_id", "employer_id", "consultant_id", "product_id", "status", "open_reports", "featured", "title", "reference_number", "description", "description_text", "work_type", "pay_type", "pay_min_cents", "pay_max_cents", "salary_min_cents", "salary_max_cents", "currency", "classification", "location", "key_selling_points", "links", "banner_file_id", "advert_start_at", "advert_end_at", "apply_type", "application_url", "application_emails", "tags", "posted_at", "approved_at", "rejected_at", "rejection_reason", "expired_at", "unlisted_at", "cloned_from_id", "created_by_user_id", "created_at", "updated_at"`;

/**
 * jobs.repo.ts findJob() + reach(): the site, and the caller's employers when confined to them, as the API's prepared
 * statement has it (one array parameter).
 */
export const findJobQuery = (slice, id) =>
  statement(
    (p) =>
      `select ${JOB_COLUMNS} from "jobs" where ${and([`"jobs"."id" = ${p(id)}`, and([`"jobs"."site_id" = ${p(slice.siteId)}`, anyOf('"jobs"."employer_id"', slice.employerIds, p)])])} limit ${p(1)}`,
  );

/** jobs.repo.ts relationsOf(): a join on `false` where the job has no consultant or product. */
export const relationsQuery = (job) =>
  statement(
    (p) =>
      `select "employers"."business_name", "employers"."credit_balance", "consultants"."name", "products"."name", "products"."duration_days", "products"."featured" from "employers" left join "consultants" on ${job.consultant_id ? `"consultants"."id" = ${p(job.consultant_id)}` : 'false'} left join "products" on ${job.product_id ? `"products"."id" = ${p(job.product_id)}` : 'false'} where "employers"."id" = ${p(job.employer_id)} limit ${p(1)}`,
  );

export const questionsQuery = (jobId) => ({
  text: `select "id", "position", "type", "label", "required", "options", "knockout_answers" from "screening_questions" where "screening_questions"."job_id" = $1 order by "screening_questions"."position" asc, "screening_questions"."id" asc`,
  values: [jobId],
});

export const historyQuery = (jobId) => ({
  text: `select "job_status_history"."from_status", "job_status_history"."to_status", "job_status_history"."created_at", "users"."id", "users"."name", "job_status_history"."reason" from "job_status_history" left join "users" on "users"."id" = "job_status_history"."actor_user_id" where "job_status_history"."job_id" = $1 order by "job_status_history"."created_at" asc, "job_status_history"."id" asc`,
  values: [jobId],
});

export const jobApplicationsQuery = (jobId) => ({ text: `select count(*) from "applications" where "applications"."job_id" = $1`, values: [jobId] });

/** credits.repo.ts employerIn(), sitePricing(), tiersOf(). */
export const employerInQuery = (slice, employerId) =>
  statement((p) => `select "id", "business_name", "credit_balance" from "employers" where ("employers"."id" = ${p(employerId)} and "employers"."site_id" = ${p(slice.siteId)}) limit ${p(1)}`);

export const sitePricingQuery = (siteId) => ({
  text: `select "sites"."name", "sites"."slug", "accounts"."slug", "sites"."settings" from "sites" inner join "accounts" on "accounts"."id" = "sites"."account_id" where "sites"."id" = $1 limit $2`,
  values: [siteId, 1],
});

export const tiersQuery = (siteId) => ({
  text: `select "id", "min_quantity", "max_quantity", "discount_bps" from "discount_tiers" where "discount_tiers"."site_id" = $1 order by "discount_tiers"."min_quantity" asc`,
  values: [siteId],
});

/**
 * dashboard.repo.ts, in the order dashboard.service.ts runs them (at once): `from` is midnight UTC 29 days back; the
 * employer slice one array parameter, as in the API's prepared statements.
 */
export function dashboardQueries(slice, from) {
  const bySite = (table, employerColumn, p) => [
    `"${table}"."site_id" = ${p(slice.siteId)}`,
    anyOf(`"${table}"."${employerColumn}"`, slice.employerIds, p),
  ];
  return [
    statement((p) => {
      const c = '"job_status_counts"';
      const account = p(slice.accountId);
      const scope = slice.employerIds
        ? `(${c}."scope_kind" = ${p('employer')} and ${anyOf(`${c}."scope_id"`, slice.employerIds, p)})`
        : `(${c}."scope_kind" = ${p('site')} and ${c}."scope_id" = ${p(slice.siteId)})`;
      return `select "status", sum("count")::int from ${c} where (${c}."account_id" = ${account} and ${scope}) group by ${c}."status"`;
    }),
    statement(
      (p) =>
        `select count(*) from "jobs" where ${and([`"jobs"."site_id" = ${p(slice.siteId)}`, `"jobs"."open_reports" > ${p(0)}`, `"jobs"."status" in (${p('live')}, ${p('unlisted')})`, anyOf('"jobs"."employer_id"', slice.employerIds, p)])}`,
    ),
    statement((p) => {
      const c = '"application_daily_counts"';
      const account = p(slice.accountId);
      const scope = slice.employerIds
        ? `(${c}."scope_kind" = ${p('employer')} and ${anyOf(`${c}."scope_id"`, slice.employerIds, p)})`
        : `(${c}."scope_kind" = ${p('site')} and ${c}."scope_id" = ${p(slice.siteId)})`;
      return `select "day"::text, sum("count")::int from ${c} where (${c}."account_id" = ${account} and ${scope} and ${c}."day" >= ${p(from.toISOString().slice(0, 10))}) group by ${c}."day"`;
    }),
    statement(
      (p) =>
        `select "id", "candidate_name", "job_title", "status", "created_at" from "applications" where ${and(bySite('applications', 'employer_id', p))} order by "applications"."created_at" desc nulls last limit ${p(8)}`,
    ),
    statement((p) => `select sum("credit_balance") from "employers" where ${and(bySite('employers', 'id', p))}`),
  ];
}

/** notifications.repo.ts listInbox(): the page, the filtered total and the unread count, at once. */
export function inboxQueries(inbox, page, perPage, unreadOnly) {
  const visible = (p) =>
    and([
      `"notifications"."user_id" = ${p(inbox.userId)}`,
      inbox.accountId && `("notifications"."account_id" = ${p(inbox.accountId)} or "notifications"."account_id" is null)`,
    ]);
  const unread = (p) => and([visible(p), `"notifications"."read_at" is null`]);
  const read = (p) => and([visible(p), `"notifications"."read_at" is not null`]);
  const where = (p) => (unreadOnly === true ? unread(p) : unreadOnly === false ? read(p) : visible(p));
  return {
    page: statement((p) => {
      const w = where(p);
      // A prepared statement (platform/prepared.ts): the offset is always a parameter, 0 on the first page.
      const limit = `limit ${p(perPage)} offset ${p((page - 1) * perPage)}`;
      return `select "id", "event", "subject", "content", "link", "notified_at", "read_at" from "notifications" where ${w} order by "notifications"."notified_at" desc nulls last, "notifications"."id" desc nulls last ${limit}`;
    }),
    total: statement((p) => `select count(*) from "notifications" where ${where(p)}`),
    unread: statement((p) => `select count(*) from "notifications" where ${unread(p)}`),
  };
}

export const JOB_DETAIL = /^\/portal\/v1\/jobs\/([0-9a-f-]{36})\/detail$/i;

/** midnight UTC `daysBack` days before now's day (dashboard.service.ts startOfDay). */
export function startOfDay(now, daysBack) {
  const d = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(d - daysBack * 86_400_000);
}

/**
 * The statements the raw baseline runs for one of these pages, the caller lookup first, for run.mjs's drift check.
 * `answer` runs a statement (as the database owner) and returns its first row: which branding query finds the host,
 * whether the job has a consultant or product, the bench user's memberships.
 */
export async function pageStatements({ path, headers }, scope, answer) {
  const url = new URL(path, 'http://x');
  const slice = { siteId: scope.siteId, employerIds: null };
  const { id: enterpriseId } = await answer({ text: `select id from enterprises where key = $1`, values: [headers['x-af-eid']] });
  const lookup = headers['x-af-aid'] ? LOOKUP_SQL.withScope : LOOKUP_SQL.withMemberships;
  const detail = JOB_DETAIL.exec(url.pathname);
  if (url.pathname === '/portal/accounts/branding') {
    const domain = url.searchParams.get('domain').trim().toLowerCase();
    const site = siteBrandingQuery(enterpriseId, domain);
    return [LOOKUP_SQL.session, site.text, ...((await answer(site)) ? [] : [accountBrandingQuery(enterpriseId, domain).text])];
  }
  if (url.pathname === '/portal/auth/me') {
    const { memberships } = await answer({
      text: `select coalesce(json_agg(json_build_object('scopeType', m.scope_type, 'accountId', m.account_id, 'employerId', m.employer_id)), '[]') as memberships
             from memberships m join users u on u.id = m.user_id where u.email = $1`,
      values: [MANAGER_EMAIL],
    });
    const q = reachableQueries(enterpriseId, memberships, headers['x-af-branding-token']);
    return [lookup, q.accounts.text, q.sites([scope.accountId]).text, ...(q.employers ? [q.employers.text] : [])];
  }
  if (detail) {
    const job = await answer(findJobQuery(slice, detail[1]));
    const detailQueries = [findJobQuery(slice, detail[1]), relationsQuery(job), questionsQuery(job.id), historyQuery(job.id), jobApplicationsQuery(job.id)];
    return [lookup, ...detailQueries.map((q) => q.text)];
  }
  if (url.pathname === '/portal/v1/credit/purchase/preview') {
    return [lookup, employerInQuery(slice, headers['x-af-empid']).text, sitePricingQuery(scope.siteId).text, tiersQuery(scope.siteId).text];
  }
  if (url.pathname === '/portal/v1/site/dashboard') return [lookup, ...dashboardQueries(slice, new Date()).map((q) => q.text)];
  if (url.pathname === '/portal/v1/notifications/inbox') {
    const q = inboxQueries({ userId: null, accountId: scope.accountId }, Number(url.searchParams.get('page') ?? 1), 25, undefined);
    return [lookup, q.page.text, q.total.text, q.unread.text];
  }
  throw new Error(`No raw SQL for ${path}`);
}
