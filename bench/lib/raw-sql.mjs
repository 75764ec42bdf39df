/**
 * The API's SQL for the jobs list, written out by hand for the raw baseline: the same statements, the same
 * parameter order, the same parentheses as drizzle generates them (copied from `npx tsx bench/api-sql.mjs`).
 * run.mjs compares these strings with what the API actually ran and flags any drift, so the baseline cannot
 * quietly go on measuring an old query after the jobs module changes.
 */

/**
 * platform/auth.ts lookUp() for a scoped route: the session and user, the caller's memberships as json, and the
 * requested account → site → employer chain (platform/scope.ts scopeChainSql), in one statement.
 */
export const CALLER_SQL = `select "sessions"."id", "sessions"."expires_at", "sessions"."idle_expires_at", "sessions"."last_used_at", "sessions"."parent_session_id", "sessions"."impersonator_user_id", "sessions"."redirect", "users"."id", "users"."enterprise_id", "users"."name", "users"."email", "users"."avatar_file_id", (select coalesce(json_agg(json_build_array("memberships"."scope_type", "memberships"."account_id", "memberships"."site_id", "memberships"."employer_id", "roles"."permissions")), '[]'::json)
    from "memberships" join "roles" on "roles"."id" = "memberships"."role_id"
    where "memberships"."user_id" = "users"."id"), (select json_build_array("accounts"."enabled", "sites"."id", "sites"."enabled", "employers"."id")
    from "accounts"
    left join "sites" on "sites"."account_id" = "accounts"."id" and "sites"."id" = $1
    left join "employers" on "employers"."site_id" = "sites"."id" and "employers"."id" = $2
    where "accounts"."id" = $3 and "accounts"."enterprise_id" = $4) from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $5 and "sessions"."revoked_at" is null and "sessions"."expires_at" > $6 and "sessions"."idle_expires_at" > $7 and "users"."enabled" = $8 and "users"."enterprise_id" = $9) limit $10`;

export const TOUCH_SESSION_SQL = `update "sessions" set "last_used_at" = $1, "idle_expires_at" = greatest("sessions"."idle_expires_at", $2) where "sessions"."id" = $3`;

export const ENTERPRISE_SQL = `select "id", "key", "name" from "enterprises" where "enterprises"."key" = $1 limit $2`;

const SUMMARY_COLUMNS = `"jobs"."id", "jobs"."title", "jobs"."reference_number", "jobs"."status", "jobs"."open_reports", "jobs"."featured", "jobs"."employer_id", "employers"."business_name", "jobs"."consultant_id", "consultants"."name", "jobs"."work_type", "jobs"."classification", "jobs"."location", "jobs"."tags", "jobs"."advert_start_at", "jobs"."advert_end_at", "jobs"."posted_at", "jobs"."created_at", (select count(*)::int from "applications" where "applications"."job_id" = "jobs"."id")`;

/** The same prefix tsquery as platform/text-search.ts: typed words as prefixes, OR the parser's lexemes. */
const TSQUERY = (typed, text) =>
  `(to_tsquery('simple', ${typed}) || coalesce((select to_tsquery('simple', string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')) from unnest(to_tsvector('simple', ${text}))), ''::tsquery))`;

/** The most employers a search names (jobs-query.repo.ts MAX_NAMED_EMPLOYERS). */
const MAX_NAMED_EMPLOYERS = 200;

/** Counted exactly up to here, then the planner's estimate (jobs-query.repo.ts COUNT_CAP). */
export const COUNT_CAP = 10_000;

/** Sortable columns and whether they can be null (jobs-query.repo.ts orderOf spells each one's null order). */
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
 * jobs-query.repo.ts prepareSearch() for the user's text as jobs.service.ts searchTerm() reads it: the tsquery's
 * text and the matching employers in one statement. null when there is nothing to search for.
 */
export function searchQuery(scope, q) {
  const text = q?.trim();
  if (!text) return null;
  const words = text.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean).slice(0, 8);
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const substring = text.length >= 3;
  const values = [];
  const p = (v) => `$${values.push(v)}`;
  const tsquery = words.length ? `(${TSQUERY(p(words.map((w) => `'${w}':*`).join(' & ')), p(text))})::text` : 'null';
  const named = substring
    ? `(select array_agg(id) from (select "employers"."id" as id from "employers"
        where "employers"."site_id" = ${p(scope.siteId)} and "employers"."business_name" ilike ${p(pattern)}
        limit ${p(MAX_NAMED_EMPLOYERS)}) named)`
    : 'null';
  return { text: `select ${tsquery} as q, ${named} as ids`, values, pattern, substring };
}

/** What {@link searchQuery} answered, in the shape listWhere() takes (prepareSearch's PreparedSearch). */
export const preparedSearch = (s, row) => ({ tsquery: row.q || null, pattern: s.pattern, substring: s.substring, employerIds: row.ids ?? [] });

/**
 * The where clause of jobs-query.repo.ts listWhere() for the filters the benchmark uses (status, work_type, q), in
 * drizzle's shape: and() of one condition is that condition, of several is them in parentheses.
 */
function listWhere(scope, f, search, params) {
  const p = (v) => `$${params.push(v)}`;
  const conds = [`"jobs"."site_id" = ${p(scope.siteId)}`];
  if (f.status.length) conds.push(`"jobs"."status" in (${f.status.map(p).join(', ')})`);
  if (f.workType) conds.push(`"jobs"."work_type" = ${p(f.workType)}`);
  if (search) {
    const ors = [];
    if (search.tsquery) ors.push(`"jobs"."search" @@ ${p(search.tsquery)}::tsquery`);
    if (search.substring) ors.push(`"jobs"."title" ilike ${p(search.pattern)}`);
    if (search.employerIds.length) ors.push(`"jobs"."employer_id" in (${search.employerIds.map(p).join(', ')})`);
    conds.push(ors.length > 1 ? `(${ors.join(' or ')})` : (ors[0] ?? 'false'));
  }
  return conds.length > 1 ? `(${conds.join(' and ')})` : conds[0];
}

/** The page, the capped count and the planner-estimate fallback of one list request, each with its own parameters. */
export function listQueries(scope, f, search = null) {
  const params = () => [];
  const [listParams, countParams, explainParams] = [params(), params(), params()];
  const where = listWhere(scope, f, search, listParams);
  const countWhere = listWhere(scope, f, search, countParams);
  const explainWhere = listWhere(scope, f, search, explainParams);
  const dir = f.sort.startsWith('-') ? 'desc' : 'asc';
  const column = f.sort.replace(/^-/, '');
  const nulls = SORTS[column] || dir === 'desc' ? 'nulls last' : 'nulls first';
  const order = `"jobs"."${column}" ${dir} ${nulls}, "jobs"."id" ${dir}`;
  listParams.push(f.perPage);
  let paging = `limit $${listParams.length}`;
  if (f.page > 1) {
    listParams.push((f.page - 1) * f.perPage);
    paging += ` offset $${listParams.length}`;
  }
  countParams.push(COUNT_CAP + 1);
  return {
    list: {
      text: `select ${SUMMARY_COLUMNS} from "jobs" inner join "employers" on "employers"."id" = "jobs"."employer_id" left join "consultants" on "consultants"."id" = "jobs"."consultant_id" where ${where} order by ${order} ${paging}`,
      values: listParams,
    },
    count: { text: `select count(*) from (select 1 as "one" from "jobs" where ${countWhere} limit $${countParams.length}) "capped"`, values: countParams },
    explain: { text: `explain (format json) select 1 from "jobs" where ${explainWhere}`, values: explainParams },
  };
}
