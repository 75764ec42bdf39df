import { LOOKUP_SQL } from './raw-auth.mjs';
import { pageStatements } from './raw-pages-sql.mjs';
import { applicationSearch, applicationSearchStatement, idAmong, likeContains, parseMatched, preparedSearch, searchQuery, seekerSearchStatement } from './raw-search-sql.mjs';

export { applicationSearch, applicationSearchStatement, preparedSearch, searchQuery, seekerSearchStatement };

/**
 * The API's SQL for the jobs list, written out by hand for the raw baseline: the same statements, the same
 * parameter order, the same parentheses as drizzle generates them (copied from `npx tsx bench/api-sql.mjs`).
 * run.mjs compares these strings with what the API actually ran and flags any drift, so the baseline cannot
 * quietly go on measuring an old query after the jobs module changes.
 */

const SUMMARY_COLUMNS = `"jobs"."id", "jobs"."title", "jobs"."reference_number", "jobs"."status", "jobs"."open_reports", "jobs"."featured", "jobs"."employer_id", "employers"."business_name", "jobs"."consultant_id", "consultants"."name", "jobs"."work_type", "jobs"."classification", "jobs"."location", "jobs"."tags", "jobs"."advert_start_at", "jobs"."advert_end_at", "jobs"."posted_at", "jobs"."created_at", (select count(*)::int from "applications" where "applications"."job_id" = "jobs"."id")`;

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
 * The where clause of jobs-query.repo.ts listWhere() for the filters the benchmark uses (status, work_type, q), in
 * drizzle's shape: and() of one condition is that condition, of several is them in parentheses.
 */
function listWhere(scope, f, search, params, shaped = false) {
  const p = (v) => `$${params.push(v)}`;
  const conds = [`"jobs"."site_id" = ${p(scope.siteId)}`];
  if (f.status.length) conds.push(shaped ? `"jobs"."status" = any(${p(f.status)})` : `"jobs"."status" in (${f.status.map(p).join(', ')})`);
  if (f.workType) conds.push(`"jobs"."work_type" = ${p(f.workType)}`);
  if (search) {
    const ors = [];
    if (search.matched.kind === 'ids') ors.push(idAmong(p, '"jobs"."id"', search.matched.ids));
    else {
      if (search.tsquery) ors.push(`"jobs"."search" @@ ${p(search.tsquery)}::tsquery`);
      if (search.substring) ors.push(`"jobs"."title" ilike ${p(search.pattern)}`);
    }
    if (search.employerIds.length) ors.push(`"jobs"."employer_id" in (${search.employerIds.map(p).join(', ')})`);
    conds.push(ors.length > 1 ? `(${ors.join(' or ')})` : (ors[0] ?? 'false'));
  }
  return conds.length > 1 ? `(${conds.join(' and ')})` : conds[0];
}

/** The page, the capped count and the planner-estimate fallback of one list request, each with its own parameters. */
export function listQueries(scope, f, search = null) {
  const params = () => [];
  const [listParams, countParams, explainParams] = [params(), params(), params()];
  // Without a search the API runs the page and the count as prepared statements of the filters' shape
  // (platform/prepared.ts): a list filter is one array parameter, and the page always carries its offset.
  const shaped = !search;
  const where = listWhere(scope, f, search, listParams, shaped);
  const countWhere = listWhere(scope, f, search, countParams, shaped);
  const explainWhere = listWhere(scope, f, search, explainParams);
  const dir = f.sort.startsWith('-') ? 'desc' : 'asc';
  const column = f.sort.replace(/^-/, '');
  const nulls = SORTS[column] || dir === 'desc' ? 'nulls last' : 'nulls first';
  const order = `"jobs"."${column}" ${dir} ${nulls}, "jobs"."id" ${dir}`;
  const paging = pagingOf(listParams, f.page, f.perPage, shaped);
  countParams.push(COUNT_CAP + 1);
  return {
    list: {
      // The page's ids first, then its rows, names and application counts (jobs-query.repo.ts listJobs).
      text: `select ${SUMMARY_COLUMNS} from "jobs" inner join (select "id" from "jobs" where ${where} order by ${order} ${paging}) "page" on "page"."id" = "jobs"."id" inner join "employers" on "employers"."id" = "jobs"."employer_id" left join "consultants" on "consultants"."id" = "jobs"."consultant_id" order by ${order}`,
      values: listParams,
    },
    count: { text: `select count(*) from (select 1 as "one" from "jobs" where ${countWhere} limit $${countParams.length}) "capped"`, values: countParams },
    explain: { text: `explain (format json) select 1 from "jobs" where ${explainWhere}`, values: explainParams },
  };
}

/*
 * Applications (applications-query.repo.ts, applications.service.ts) and seekers (seekers-query.repo.ts,
 * seekers.service.ts): the same approach, for the filters the benchmark uses. Both resolve the search text to a
 * tsquery constant first, in a statement of its own (prepareSearch), then run the page and the capped count.
 */

/** drizzle's and(): one condition as it is, several in parentheses. */
const and = (conds) => (conds.length > 1 ? `(${conds.join(' and ')})` : conds[0]);

/** The paging drizzle appends: `limit`, and `offset` only past the first page unless prepared (`shaped`). */
function pagingOf(params, page, perPage, shaped = false) {
  params.push(perPage);
  let text = `limit $${params.length}`;
  if (page > 1 || shaped) {
    params.push((page - 1) * perPage);
    text += ` offset $${params.length}`;
  }
  return text;
}

/**
 * The capped count and its planner-estimate fallback (countApplications / countSeekers), each with its parameters;
 * the estimate is asked with the values written out (`explainWhere`) where the count is a prepared statement.
 */
function countQueries(table, where, explainWhere = where) {
  const countParams = [];
  const explainParams = [];
  const countWhere = where(countParams);
  countParams.push(COUNT_CAP + 1);
  return {
    count: { text: `select count(*) from (select 1 as "one" from "${table}" where ${countWhere} limit $${countParams.length}) "capped"`, values: countParams },
    explain: { text: `explain (format json) select 1 from "${table}" where ${explainWhere(explainParams)}`, values: explainParams },
  };
}

export const APPLICATION_STATUSES = ['applied', 'registered', 'new', 'invited', 'screening', 'shortlisted', 'interviewed', 'offered', 'unsuccessful', 'withdrawn'];
const APPLICATION_SORTS = { created_at: 'created_at', status_changed_at: 'status_changed_at', candidate_name: 'candidate_name', job_title: 'job_title' };

/** The applications list's query string as the contract reads it (defaults page 1, per_page 25, sort -created_at). */
export function applicationFiltersOf(search) {
  const int = (v, d, max) => {
    const n = v === null ? d : Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max) throw invalid();
    return n;
  };
  const status = search.getAll('status');
  const sort = search.get('sort') ?? '-created_at';
  if (!status.every((s) => APPLICATION_STATUSES.includes(s)) || !Object.hasOwn(APPLICATION_SORTS, sort.replace(/^-/, ''))) throw invalid();
  return { status, q: search.get('q') ?? undefined, sort, page: int(search.get('page'), 1, 1e9), perPage: int(search.get('per_page'), 25, 100) };
}

const APPLICATION_COLUMNS = `"applications"."id", "applications"."status", "applications"."status_changed_at", "applications"."enabled", "applications"."knocked_out", "applications"."source", "applications"."seeker_id", "applications"."candidate_name", "applications"."candidate_email", "applications"."job_id", "applications"."job_title", "jobs"."reference_number", "applications"."employer_id", "employers"."business_name", "applications"."tags", "applications"."created_at"`;

/**
 * applications-query.repo.ts listWhere() for a whole-site caller (inSlice = the site alone): status, then the
 * search (see applicationSearch): `false` when the text resolved to an empty tsquery, the ids when listed, else the
 * tsquery. `search` undefined = no search.
 */
function applicationWhere(scope, f, search, params, shaped = false) {
  const p = (v) => `$${params.push(v)}`;
  const conds = [`"applications"."site_id" = ${p(scope.siteId)}`];
  if (f.status?.length) conds.push(shaped ? `"applications"."status" = any(${p(f.status)})` : `"applications"."status" in (${f.status.map(p).join(', ')})`);
  if (search !== undefined) {
    if (!search.q) conds.push('false');
    else if (search.matched.kind === 'ids') conds.push(idAmong(p, '"applications"."id"', search.matched.ids));
    else conds.push(`"applications"."search" @@ ${p(search.q)}::tsquery`);
  }
  return and(conds);
}

/** The page, the capped count and the estimate of one applications list request. */
export function applicationQueries(scope, f, search) {
  const listParams = [];
  // Without a search, prepared statements of the filters' shape, as for jobs.
  const shaped = search === undefined;
  const where = applicationWhere(scope, f, search, listParams, shaped);
  const dir = f.sort.startsWith('-') ? 'desc' : 'asc';
  const order = `"applications"."${APPLICATION_SORTS[f.sort.replace(/^-/, '')]}" ${dir} ${dir === 'desc' ? 'nulls last' : 'nulls first'}, "applications"."id" ${dir}`;
  const limit = pagingOf(listParams, f.page, f.perPage, shaped);
  return {
    list: {
      // The page's ids first, then its rows and joins (applications-query.repo.ts listApplications).
      text: `select ${APPLICATION_COLUMNS} from "applications" inner join (select "id" from "applications" where ${where} order by ${order} ${limit}) "page" on "page"."id" = "applications"."id" inner join "jobs" on "jobs"."id" = "applications"."job_id" inner join "employers" on "employers"."id" = "applications"."employer_id" order by ${order}`,
      values: listParams,
    },
    ...countQueries(
      'applications',
      (params) => applicationWhere(scope, f, search, params, shaped),
      (params) => applicationWhere(scope, f, search, params),
    ),
  };
}

/**
 * applications.service.ts slicewide(): no filter but the status, so the totals are the site's stage counters. Of
 * the filters the raw baseline reads (status, q), only a search text disqualifies.
 */
export const slicewide = (f) => !f.q?.trim();

/** applications-query.repo.ts storedCounts() for a whole-site caller: the site's counters, a few rows. */
export function storedCountsQuery(scope) {
  return {
    text: `select "status", sum("count")::int from "application_status_counts" where ("application_status_counts"."account_id" = $1 and ("application_status_counts"."scope_kind" = $2 and "application_status_counts"."scope_id" = $3)) group by "application_status_counts"."status"`,
    values: [scope.accountId, 'site', scope.siteId],
  };
}

/**
 * applications-query.repo.ts countByStatus(), for the filters the counters cannot answer: a group by over at most
 * COUNT_CAP + 1 of the list's rows (platform/capped-count.ts cappedCounts). Past the cap the API adds the planner's
 * estimate per status, which the benchmark's search (a few thousand applications) never reaches.
 */
export function stageCountQuery(scope, f, search) {
  const values = [];
  const where = applicationWhere(scope, { ...f, status: [] }, search, values);
  values.push(COUNT_CAP + 1);
  return { text: `select "grp", count(*) from (select "status" as "grp" from "applications" where ${where} limit $${values.length}) "capped" group by "grp"`, values };
}

const SEEKER_SORTS = {
  '-created_at': `"seekers"."created_at" desc nulls last, "seekers"."id" desc`,
  created_at: `"seekers"."created_at" asc nulls first, "seekers"."id" asc`,
  name: `"seekers"."name" asc nulls last, "seekers"."id" asc`,
  '-name': `"seekers"."name" desc nulls first, "seekers"."id" desc`,
  profile_id: `"seekers"."profile_id" asc nulls last`,
  '-last_active_at': `"seekers"."last_active_at" desc nulls last, "seekers"."id" desc`,
};

/** The seekers list's query string as the contract reads it (defaults page 1, per_page 25, sort -created_at). */
export function seekerFiltersOf(search) {
  const int = (v, d, max) => {
    const n = v === null ? d : Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max) throw invalid();
    return n;
  };
  const sort = search.get('sort') ?? '-created_at';
  if (!Object.hasOwn(SEEKER_SORTS, sort)) throw invalid();
  return { q: search.get('q') ?? undefined, sort, page: int(search.get('page'), 1, 1e9), perPage: int(search.get('per_page'), 25, 100) };
}

/** seekers.service.ts searchTerm() with its tsquery resolved (prepareSearch): null when there is no text. */
export function seekerSearch(q, row) {
  const text = q?.trim();
  if (!text) return null;
  const m = /^(?:sk-?)?(\d{1,12})$/i.exec(text);
  const profileId = m ? `SK-${m[1].padStart(6, '0')}` : null;
  return { tsquery: row?.q || null, pattern: likeContains(text), substring: text.length >= 3, profileId, matched: parseMatched(row?.ids) };
}

const SEEKER_COLUMNS = ['id', 'account_id', 'email', 'name', 'phone', 'resume_file_id', 'visa_type', 'desired_work_type', 'profile_id', 'location', 'tags', 'enabled', 'disabled_at', 'email_verified_at', 'erased_at', 'last_active_at', 'created_at', 'updated_at']
  .map((c) => `"seekers"."${c}"`)
  .join(', ');

/** seekers-query.repo.ts listWhere() + matches(): the account, then any of the search's ways to match. */
function seekerWhere(scope, search, params) {
  const p = (v) => `$${params.push(v)}`;
  const conds = [`"seekers"."account_id" = ${p(scope.accountId)}`];
  if (search) {
    const ors = [];
    if (search.matched.kind === 'ids') ors.push(idAmong(p, '"seekers"."id"', search.matched.ids));
    else {
      if (search.tsquery) ors.push(`"seekers"."search" @@ ${p(search.tsquery)}::tsquery`);
      // Emails are stored lower-case; names are matched as lower(name), which a trigram index serves.
      if (search.substring) ors.push(`lower("seekers"."name") like lower(${p(search.pattern)})`, `"seekers"."email" like lower(${p(search.pattern)})`);
    }
    if (search.profileId) ors.push(`"seekers"."profile_id" = ${p(search.profileId)}`);
    conds.push(ors.length > 1 ? `(${ors.join(' or ')})` : (ors[0] ?? 'false'));
  }
  return and(conds);
}

/** The page, the capped count and the estimate of one seekers list request. */
export function seekerQueries(scope, f, search) {
  const listParams = [];
  const where = seekerWhere(scope, search, listParams);
  // Without a search, prepared statements of the filters' shape, as for jobs.
  const limit = pagingOf(listParams, f.page, f.perPage, !search);
  return {
    // The page's ids first (from the sort's index alone), then its rows (seekers-query.repo.ts listSeekers).
    list: {
      text: `select ${SEEKER_COLUMNS} from "seekers" inner join (select "id" from "seekers" where ${where} order by ${SEEKER_SORTS[f.sort]} ${limit}) "page" on "page"."id" = "seekers"."id" order by ${SEEKER_SORTS[f.sort]}`,
      values: listParams,
    },
    ...countQueries('seekers', (params) => seekerWhere(scope, search, params)),
  };
}

/**
 * The statements the raw baseline runs for one benchmark request (`{ path, headers }`), the caller lookup included,
 * for the drift check in run.mjs. `answer` runs a statement and returns its first row (the search terms come from
 * the database), and `explained` says whether the API's capture fell back to the planner's estimate (only past the
 * count cap). The pages around the lists are lib/raw-pages-sql.mjs's.
 */
/** platform/capped-count.ts plannedRows(): around the EXPLAIN, in a transaction of its own. */
export const ESTIMATE_SQL = { role: 'select current_user as role', asOwner: 'set local role none', restore: "select set_config('role', $1, true)" };
const estimateStatements = (explain) => ['begin', ESTIMATE_SQL.role, ESTIMATE_SQL.asOwner, explain, ESTIMATE_SQL.restore, 'commit'];

export async function rawStatements(request, scope, answer, explained) {
  const url = new URL(request.path, 'http://x');
  const out = [LOOKUP_SQL.withScope];
  if (url.pathname === '/portal/v1/jobs') {
    const f = filtersOf(url.searchParams);
    const sq = searchQuery(scope, f.q);
    const q = listQueries(scope, f, sq ? preparedSearch(sq, await answer(sq)) : null);
    out.push(q.list.text, q.count.text);
    if (sq) out.push(sq.text);
    if (explained) out.push(...estimateStatements(q.explain.text));
  } else if (url.pathname === '/portal/v1/applications' || url.pathname === '/portal/v1/applications/counts') {
    const f = applicationFiltersOf(url.searchParams);
    const ts = applicationSearchStatement(scope, f.q);
    if (ts) out.push(ts.text);
    const search = applicationSearch(f.q, ts ? await answer(ts) : null);
    if (url.pathname.endsWith('/counts')) out.push(slicewide(f) ? storedCountsQuery(scope).text : stageCountQuery(scope, f, search).text);
    else {
      const q = applicationQueries(scope, f, search);
      out.push(q.list.text);
      // The whole site's list (a stage tab at most) is totalled from the counters, anything narrower is counted.
      if (slicewide(f)) out.push(storedCountsQuery(scope).text);
      else out.push(q.count.text);
      if (explained) out.push(...estimateStatements(q.explain.text));
    }
  } else if (url.pathname === '/portal/v1/seekers') {
    const f = seekerFiltersOf(url.searchParams);
    const ts = seekerSearchStatement(scope, f.q);
    if (ts) out.push(ts.text);
    const q = seekerQueries(scope, f, seekerSearch(f.q, ts ? await answer(ts) : null));
    out.push(q.list.text, q.count.text);
    if (explained) out.push(...estimateStatements(q.explain.text));
  } else return pageStatements(request, scope, answer);
  return out;
}
