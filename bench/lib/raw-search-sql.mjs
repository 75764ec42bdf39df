/*
 * The search statements of the raw baseline (lib/raw-sql.mjs's lists): each module's prepareSearch(), the typed text
 * resolved to a tsquery constant and, through the hireline_search_* functions (migration 0025, ADR 019), the ids of
 * the matching rows where a policy binds the caller; the lists then filter by those ids.
 */

/**
 * The same prefix tsquery as platform/text-search.ts prefixTsQuery(): typed words as prefixes, OR the parser's
 * lexemes when the parser reads the text differently (one query when both agree).
 */
const TSQUERY = (typed, text) =>
  `(select case when p is null or p = t then t else t || p end from (select to_tsquery('simple', ${typed}) as t, (select to_tsquery('simple', string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')) from unnest(to_tsvector('simple', ${text}))) as p) x)`;

/** The most employers a search names (jobs-query.repo.ts MAX_NAMED_EMPLOYERS). */
const MAX_NAMED_EMPLOYERS = 200;

/** platform/text-search.ts likeContains(). */
export const likeContains = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** platform/search-ids.ts SEARCH_IDS_CAP. */
const SEARCH_IDS_CAP = 500;

/**
 * platform/search-ids.ts matchedIds(): the hireline_search_* function's ids where a policy binds the caller, `*` past
 * the cap. `call(limit)` renders the call with the limit's placeholder; `p` numbers the parameters in text order.
 */
const matchedIds = (p, table, call) =>
  `(case when row_security_active(${p(table)}::regclass) then (select case when count(*) > ${p(SEARCH_IDS_CAP)} then '*' else coalesce(string_agg(id::text, ','), '') end from ${call(() => p(SEARCH_IDS_CAP + 1))} as id) end)`;

/** platform/search-ids.ts parseMatched(). */
export const parseMatched = (text) => (text === null || text === undefined ? { kind: 'plain' } : text === '*' ? { kind: 'many' } : { kind: 'ids', ids: text ? text.split(',') : [] });

/** platform/search-ids.ts idAmong(): one array parameter. */
export const idAmong = (p, column, ids) => (ids.length ? `${column} = any(${p(`{${ids.join(',')}}`)}::uuid[])` : 'false');

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
  const matched = matchedIds(p, 'jobs', (n) => `hireline_search_jobs(${p(scope.siteId)}::uuid, q::tsquery, ${p(substring ? pattern : null)}::text, ${n()}::int)`);
  const tsquery = words.length ? `(${TSQUERY(p(words.map((w) => `'${w}':*`).join(' & ')), p(text))})::text` : 'null';
  const named = substring
    ? `(select array_agg(id) from (select "employers"."id" as id from "employers"
        where "employers"."site_id" = ${p(scope.siteId)} and "employers"."business_name" ilike ${p(pattern)}
        limit ${p(MAX_NAMED_EMPLOYERS)}) named)`
    : 'null';
  return { text: `select q, ids, ${matched} as matched from (select ${tsquery} as q, ${named} as ids) t`, values, pattern, substring };
}

/** What {@link searchQuery} answered, in the shape listWhere() takes (prepareSearch's PreparedSearch). */
export const preparedSearch = (s, row) => ({ tsquery: row.q || null, pattern: s.pattern, substring: s.substring, employerIds: row.ids ?? [], matched: parseMatched(row.matched) });

/**
 * applications-query.repo.ts prepareSearch() over platform/text-search.ts prefixTsQuery(): the tsquery's text and the
 * site's matching ids (`ids`, for parseMatched), or null when the text has no words.
 */
export function applicationSearchStatement(scope, q) {
  const text = q?.trim();
  if (!text) return null;
  const words = text.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean).slice(0, 8);
  if (!words.length) return null;
  const values = [];
  const p = (v) => `$${values.push(v)}`;
  const ids = matchedIds(p, 'applications', (n) => `hireline_search_applications(${p(scope.siteId)}::uuid, q::tsquery, ${n()}::int)`);
  return { text: `select q, ${ids} as ids from (select (${TSQUERY(p(words.map((w) => `'${w}':*`).join(' & ')), p(text))})::text as q) t`, values };
}

/** seekers-query.repo.ts prepareSearch(): the tsquery's text (null without words) and the account's matching ids. */
export function seekerSearchStatement(scope, q) {
  const text = q?.trim();
  if (!text) return null;
  const words = text.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean).slice(0, 8);
  const values = [];
  const p = (v) => `$${values.push(v)}`;
  const pattern = text.length >= 3 ? likeContains(text) : null;
  const ids = matchedIds(p, 'seekers', (n) => `hireline_search_seekers(${p(scope.accountId)}::uuid, q::tsquery, ${p(pattern)}::text, ${n()}::int)`);
  const tsquery = words.length ? `(${TSQUERY(p(words.map((w) => `'${w}':*`).join(' & ')), p(text))})::text` : 'null';
  return { text: `select q, ${ids} as ids from (select ${tsquery} as q) t`, values };
}

/** What applicationSearchStatement answered (undefined: no search; `q` empty: nothing can match). */
export const applicationSearch = (q, row) => (row ? { q: row.q ?? '', matched: parseMatched(row.ids) } : q?.trim() ? { q: '', matched: { kind: 'plain' } } : undefined);


