import { z } from 'zod';
import { boardSorts, type boardJobsQuery } from '@hireline/contract/board';

/*
 * The job search lives in the URL (shareable, back/forward work): text, location, the three facet filters, a
 * minimum pay in whole units of the site's currency, the sort and the page. Anything unreadable is dropped rather
 * than breaking the page.
 */

export const JOBS_PER_PAGE = 20;
/** The API's ceiling is 1,000,000,000 cents. */
export const MAX_PAY_MIN = 10_000_000;

const text = z.string().trim().max(200).optional().catch(undefined).transform((v) => v || undefined);
const list = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => {
    const values = [...new Set((Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))];
    return values.length ? values : undefined;
  })
  .optional()
  .catch(undefined);

const schema = z.object({
  q: text,
  location: text,
  work_type: list,
  classification: list,
  pay_type: list,
  pay_min: z.coerce.number().int().min(1).max(MAX_PAY_MIN).optional().catch(undefined),
  sort: z.enum(boardSorts).optional().catch(undefined),
  page: z.coerce.number().int().min(2).optional().catch(undefined),
});

/** Every key optional: links and navigation pass only what they set. */
export interface JobsSearch {
  q?: string;
  location?: string;
  work_type?: string[];
  classification?: string[];
  pay_type?: string[];
  /** Whole units of the site's currency. */
  pay_min?: number;
  sort?: (typeof boardSorts)[number];
  /** From 2; page 1 is the plain URL. */
  page?: number;
}
export type FacetKey = 'work_type' | 'classification' | 'pay_type';
export const facetKeys: readonly FacetKey[] = ['work_type', 'classification', 'pay_type'];

/** The route's `validateSearch`: page 1 and empty values are left out, so the plain URL is the default search. */
export function parseJobsSearch(raw: Record<string, unknown>): JobsSearch {
  const parsed = schema.parse(raw);
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as JobsSearch;
}

/** The list endpoint's query for a search (pay in cents; the API ranks by relevance with `q` unless sorted). */
export function toApiQuery(search: JobsSearch): z.input<typeof boardJobsQuery> {
  return {
    page: search.page ?? 1,
    per_page: JOBS_PER_PAGE,
    q: search.q,
    location: search.location,
    work_type: search.work_type,
    classification: search.classification,
    pay_type: search.pay_type,
    pay_min: search.pay_min === undefined ? undefined : search.pay_min * 100,
    sort: search.sort,
  };
}

/** Whether anything narrows the list (the empty state then offers to clear it). */
export function hasFilters(search: JobsSearch): boolean {
  return Boolean(search.q || search.location || search.pay_min || facetKeys.some((k) => search[k]?.length));
}

/** Every filter off; the sort is a preference, not a filter, and stays. */
export function clearFilters(search: JobsSearch): JobsSearch {
  return search.sort ? { sort: search.sort } : {};
}

/** A facet value switched on or off; any change of filter goes back to the first page. */
export function toggleFacet(search: JobsSearch, key: FacetKey, value: string): JobsSearch {
  const current = search[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return withoutPage({ ...search, [key]: next.length ? next : undefined });
}

/** The search with new values and the page reset (a new question starts at its first answers). */
export function refine(search: JobsSearch, changes: Partial<JobsSearch>): JobsSearch {
  return withoutPage({ ...search, ...changes });
}

function withoutPage(search: JobsSearch): JobsSearch {
  const { page: _page, ...rest } = search;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) as JobsSearch;
}

/** How many pages a total makes. */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / JOBS_PER_PAGE));
