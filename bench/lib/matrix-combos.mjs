import { tsImport } from 'tsx/esm/api';

const root = new URL('../..', import.meta.url).pathname;

/** Query keys that are not filters: paging, sorting, searching, the CSV switch (CSV is asked with Accept) and the board's host. */
const PAGING = new Set(['page', 'per_page', 'limit']);
const NOT_FILTERS = new Set([...PAGING, 'sort', 'q', 'format', 'domain']);

/**
 * What a query field of the contract accepts, read from its Zod definition (v4 `_zod.def`) through the wrappers
 * (optional, default, the pipes of `booleanFilter`/`manyFilter`, a repeatable filter's union): an enum's values, a
 * boolean, a uuid, a date, a number or free text; and its default.
 */
export function fieldKind(schema) {
  let s = schema;
  let defaultValue;
  for (;;) {
    const d = s._zod.def;
    if (d.type === 'default') defaultValue ??= typeof d.defaultValue === 'function' ? d.defaultValue() : d.defaultValue;
    if (['optional', 'default', 'nullable', 'prefault'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe') s = d.in;
    else if (d.type === 'union') s = d.options[0];
    else break;
  }
  const d = s._zod.def;
  if (d.type === 'enum') {
    const values = Object.values(d.entries);
    const boolean = values.length === 2 && values.includes('true') && values.includes('false');
    return boolean ? { kind: 'boolean', defaultValue } : { kind: 'enum', values, defaultValue };
  }
  if (d.type === 'string') return { kind: d.format === 'uuid' ? 'uuid' : d.format === 'date' ? 'date' : 'text', defaultValue };
  if (d.type === 'number') return { kind: 'number', defaultValue, max: s._zod.bag?.maximum };
  return { kind: d.type, defaultValue };
}

/** The list's query schema from the contract, at run time (tsx), so a filter added there is measured unasked. */
export async function contractQuery(list) {
  const mod = await tsImport(`${root}packages/contract/src/${list.module}`, import.meta.url);
  const endpoint = mod[list.endpoint];
  if (!endpoint?.query?.shape) throw new Error(`packages/contract/src/${list.module} has no ${list.endpoint} with a query schema.`);
  return Object.fromEntries(Object.entries(endpoint.query.shape).map(([k, v]) => [k, fieldKind(v)]));
}

const daysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Each filter's values to try alone, and the one used in pairs. Enums: every value alone (in pairs the one the
 * data has most of, chosen after the single runs: `pairValue` is then filled in); booleans both ways; dates a
 * window of the last half year (`…to`: up to a month ago); ids, text and numbers from the data (`sources`).
 */
export function filterValues(query, sources) {
  const filters = {};
  const uncovered = [];
  for (const [key, f] of Object.entries(query)) {
    if (NOT_FILTERS.has(key)) continue;
    if (f.kind === 'enum') filters[key] = { alone: f.values, pairValue: null };
    else if (f.kind === 'boolean') filters[key] = { alone: ['true', 'false'], pairValue: 'true' };
    else if (f.kind === 'date') {
      const v = /to$/.test(key) ? daysAgo(30) : daysAgo(180);
      filters[key] = { alone: [v], pairValue: v };
    } else if (sources[key] !== undefined && sources[key] !== null) filters[key] = { alone: [sources[key]], pairValue: sources[key] };
    else uncovered.push({ key, kind: f.kind, why: key in sources ? 'the data has no value for it' : 'no value source in lib/matrix-lists.mjs' });
  }
  return { filters, uncovered };
}

const qs = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined)).toString();

/** A combination: its kind (for the summary), its label, its query parameters and whether it asks for CSV. */
const combo = (kind, label, params, extra = {}) => ({ kind, label, params, ...extra });

/** The combinations that need no answer first: the default, each filter alone, sorts, searches, CSV. */
export function firstCombos(list, query, filters, terms, fixed) {
  const out = [combo('default', 'default', { ...fixed })];
  for (const [key, f] of Object.entries(filters)) for (const v of f.alone) out.push(combo('filter', `${key}=${v}`, { ...fixed, [key]: v }, { filter: key, value: v }));
  const sort = query.sort;
  if (sort?.kind === 'enum') for (const v of sort.values) out.push(combo('sort', `sort=${v}`, { ...fixed, sort: v }));
  if (query.q) for (const [which, term] of Object.entries(terms)) out.push(combo('search', `q (${which}): ${term}`, { ...fixed, q: term }));
  if (query.limit?.kind === 'number' && query.limit.max) out.push(combo('page', `limit=${query.limit.max}`, { ...fixed, limit: String(query.limit.max) }));
  if (list.csv) out.push(combo('csv', 'CSV export', { ...fixed }, { csv: true }));
  return out;
}

/** Pairs of filters (each with its pair value) and pages 100 and the last, once the default's total is known. */
export function laterCombos(query, filters, fixed, total) {
  const out = [];
  const keys = Object.keys(filters).filter((k) => filters[k].pairValue !== null);
  for (let i = 0; i < keys.length; i++)
    for (let j = i + 1; j < keys.length; j++) {
      const [a, b] = [keys[i], keys[j]];
      out.push(combo('pair', `${a}=${filters[a].pairValue} & ${b}=${filters[b].pairValue}`, { ...fixed, [a]: filters[a].pairValue, [b]: filters[b].pairValue }));
    }
  if (query.page && typeof total === 'number') {
    const perPage = query.per_page?.defaultValue ?? 25;
    const last = Math.max(1, Math.ceil(total / perPage));
    out.push(combo('page', 'page=100', { ...fixed, page: '100' }));
    if (last !== 1 && last !== 100) out.push(combo('page', `page=${last} (last)`, { ...fixed, page: String(last) }));
  }
  return out;
}

export const pathOf = (base, params) => {
  const s = qs(params);
  return s ? `${base}?${s}` : base;
};
