/**
 * The API's SQL for the jobs list, written out by hand for the raw baseline: the same statements, the same
 * parameter order, the same parentheses as drizzle generates them (copied from `npx tsx bench/api-sql.mjs`).
 * run.mjs compares these strings with what the API actually ran and flags any drift, so the baseline cannot
 * quietly go on measuring an old query after the jobs module changes.
 */

export const SESSION_SQL = `select "sessions"."id", "sessions"."expires_at", "sessions"."idle_expires_at", "sessions"."last_used_at", "sessions"."parent_session_id", "sessions"."impersonator_user_id", "sessions"."redirect", "users"."id", "users"."enterprise_id", "users"."name", "users"."email", "users"."avatar_file_id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."revoked_at" is null and "sessions"."expires_at" > $2 and "sessions"."idle_expires_at" > $3 and "users"."enabled" = $4 and "users"."enterprise_id" = $5) limit $6`;

export const TOUCH_SESSION_SQL = `update "sessions" set "last_used_at" = $1, "idle_expires_at" = greatest("sessions"."idle_expires_at", $2) where "sessions"."id" = $3`;

export const MEMBERSHIPS_SQL = `select "memberships"."scope_type", "memberships"."account_id", "memberships"."site_id", "memberships"."employer_id", "roles"."permissions" from "memberships" inner join "roles" on "roles"."id" = "memberships"."role_id" where "memberships"."user_id" = $1`;

export const SCOPE_SQL = `select "accounts"."enabled", "sites"."id", "sites"."enabled", "employers"."id" from "accounts" left join "sites" on ("sites"."account_id" = "accounts"."id" and "sites"."id" = $1) left join "employers" on ("employers"."site_id" = "sites"."id" and "employers"."id" = $2) where ("accounts"."id" = $3 and "accounts"."enterprise_id" = $4) limit $5`;

export const ENTERPRISE_SQL = `select "id", "key", "name" from "enterprises" where "enterprises"."key" = $1 limit $2`;

const SUMMARY_COLUMNS = `"jobs"."id", "jobs"."title", "jobs"."reference_number", "jobs"."status", "jobs"."open_reports", "jobs"."featured", "jobs"."employer_id", "employers"."business_name", "jobs"."consultant_id", "consultants"."name", "jobs"."work_type", "jobs"."classification", "jobs"."location", "jobs"."tags", "jobs"."advert_start_at", "jobs"."advert_end_at", "jobs"."posted_at", "jobs"."created_at"`;

/** The same prefix tsquery as platform/text-search.ts: typed words as prefixes, OR the parser's lexemes. */
const TSQUERY = (typed, text) =>
  `(to_tsquery('simple', ${typed}) || coalesce((select to_tsquery('simple', string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')) from unnest(to_tsvector('simple', ${text}))), ''::tsquery))`;

/** Sortable columns and whether they can be null: only nullable ones get `nulls last` (jobs-query.repo.ts orderOf). */
const SORTS = { created_at: false, title: false, advert_end_at: true, posted_at: true, status: false };
const STATUSES = new Set(['draft', 'pending', 'live', 'unlisted', 'expired', 'rejected']);
const invalid = () => Object.assign(new Error('The given data was invalid.'), { status: 422 });

/** The list query string as the contract reads it (defaults page 1, per_page 25 ≤ 100, sort -created_at). */
export function filtersOf(search) {
  const int = (v, d, max) => {
    const n = v === null ? d : Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max) throw invalid();
    return n;
  };
  const status = search.getAll('status');
  const sort = search.get('sort') ?? '-created_at';
  if (!status.every((s) => STATUSES.has(s)) || !Object.hasOwn(SORTS, sort.replace(/^-/, ''))) throw invalid();
  return { status, workType: search.get('work_type') ?? undefined, q: search.get('q') ?? undefined, sort, page: int(search.get('page'), 1, 1e9), perPage: int(search.get('per_page'), 25, 100) };
}

/**
 * The where clause of jobs-query.repo.ts listWhere() for the filters the benchmark uses (status, work_type, q), in
 * drizzle's shape: and() of one condition is that condition, of several is them in parentheses.
 */
function listWhere(scope, f, params) {
  const p = (v) => `$${params.push(v)}`;
  const conds = [`("jobs"."account_id" = ${p(scope.accountId)} and "jobs"."site_id" = ${p(scope.siteId)})`];
  if (f.status.length) conds.push(`"jobs"."status" in (${f.status.map(p).join(', ')})`);
  if (f.workType) conds.push(`"jobs"."work_type" = ${p(f.workType)}`);
  const text = f.q?.trim();
  if (text) {
    const words = text.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean).slice(0, 8);
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const ors = [];
    if (words.length) ors.push(`"jobs"."search" @@ ${TSQUERY(p(words.map((w) => `'${w}':*`).join(' & ')), p(text))}`);
    if (text.length >= 3) {
      ors.push(`"jobs"."title" ilike ${p(pattern)}`);
      ors.push(`"jobs"."employer_id" in (select "id" from "employers" where ("employers"."site_id" = ${p(scope.siteId)} and "employers"."business_name" ilike ${p(pattern)}))`);
    }
    conds.push(ors.length > 1 ? `(${ors.join(' or ')})` : ors[0] ?? 'false');
  }
  return conds.length > 1 ? `(${conds.join(' and ')})` : conds[0];
}

/** The page query and the count query of one list request, each with its own parameter list. */
export function listQueries(scope, f) {
  const listParams = [];
  const where = listWhere(scope, f, listParams);
  const countParams = [];
  const countWhere = listWhere(scope, f, countParams);
  const dir = f.sort.startsWith('-') ? 'desc' : 'asc';
  const column = f.sort.replace(/^-/, '');
  const order = `"jobs"."${column}" ${dir}${SORTS[column] ? ' nulls last' : ''}, "jobs"."id" ${dir}`;
  listParams.push(f.perPage);
  let paging = `limit $${listParams.length}`;
  if (f.page > 1) {
    listParams.push((f.page - 1) * f.perPage);
    paging += ` offset $${listParams.length}`;
  }
  return {
    list: {
      text: `select ${SUMMARY_COLUMNS} from "jobs" inner join "employers" on "employers"."id" = "jobs"."employer_id" left join "consultants" on "consultants"."id" = "jobs"."consultant_id" where ${where} order by ${order} ${paging}`,
      values: listParams,
    },
    count: { text: `select count(*) from "jobs" where ${countWhere}`, values: countParams },
  };
}

export function applicationCountsQuery(jobIds) {
  const placeholders = jobIds.map((_, i) => `$${i + 1}`).join(', ');
  return {
    text: `select "job_id", count(*) from "applications" where "applications"."job_id" in (${placeholders}) group by "applications"."job_id"`,
    values: jobIds,
  };
}
