import { z } from 'zod';
import { MAX_TAG_LENGTH } from './tags';

/*
 * Lists keep their page, page size, sort, search and filters in the URL (DESIGN §7). Each param below falls back to
 * "absent" on a junk value instead of failing, so a hand-edited or outdated link still opens the list.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export const pageParam = z.coerce.number().int().min(1).optional().catch(undefined);
export const perPageParam = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .optional()
  .catch(undefined);
/** `page` and `per_page`, to spread into a list's search schema. */
export const pagingParams = { page: pageParam, per_page: perPageParam };

/** Free text up to `max` characters, trimmed; blank is absent. */
export const textParam = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);
export const uuidParam = z.uuid().optional().catch(undefined);
export const dayParam = z.iso.date().optional().catch(undefined);
/** Kept as the query string's words: the API's boolean filters read exactly 'true' and 'false'. */
export const yesNoParam = z.enum(['true', 'false']).optional().catch(undefined);
export const sortParam = <const T extends readonly string[]>(sorts: T) => z.enum(sorts).optional().catch(undefined);

/** A repeatable key (`?status=live&status=draft`): always an array of the valid values, each once, or absent. */
export const manyParam = <T extends string>(valid: (v: string) => v is T, options: { lowerCase?: boolean } = {}) =>
  z
    .unknown()
    .transform((v) => {
      const list = (Array.isArray(v) ? v : v == null ? [] : [v])
        .map((x) => (options.lowerCase ? String(x).trim().toLowerCase() : String(x).trim()))
        .filter(valid);
      return list.length ? [...new Set(list)] : undefined;
    })
    .optional();
export const isTag = (v: string): v is string => v.length > 0 && v.length <= MAX_TAG_LENGTH;

/** Lists with only paging and a search box (jobs on hold, flagged jobs). */
export const simpleListSearch = z.object({ ...pagingParams, q: textParam(200) });
export type SimpleListSearch = z.output<typeof simpleListSearch>;

/** The page and page size a list shows: the URL's, or page 1 at the default size. */
export const listPaging = (search: { page?: number; per_page?: number }) => ({
  page: search.page ?? 1,
  perPage: search.per_page ?? DEFAULT_PER_PAGE,
});

/**
 * A list's filters (not paging or sort): `has` makes an empty list "no match" rather than "nothing yet", `cleared`
 * is what "clear filters" writes to the URL.
 */
export function listFilters<const K extends string>(keys: readonly K[]) {
  return {
    has: (search: { readonly [P in K]?: unknown }) => keys.some((k) => search[k] !== undefined),
    /** How many filters besides the search box are set: what a phone's collapsed "Filters" button says. */
    active: (search: { readonly [P in K]?: unknown }) => keys.filter((k) => k !== 'q' && search[k] !== undefined).length,
    cleared: Object.fromEntries(keys.map((k) => [k, undefined])) as { [P in K]: undefined },
  };
}

/** A list endpoint's query for what the URL says: page, size and sort with their defaults, then the filters. */
export function listQuery<S extends { page?: number; per_page?: number; sort?: string }, D extends string>(
  search: S,
  defaultSort: D,
): { page: number; per_page: number; sort: NonNullable<S['sort']> | D } & Omit<S, 'page' | 'per_page' | 'sort'> {
  const { page, per_page, sort, ...filters } = search;
  return { page: page ?? 1, per_page: per_page ?? DEFAULT_PER_PAGE, sort: (sort ?? defaultSort) as NonNullable<S['sort']> | D, ...filters };
}

/** A select's value as a yes/no filter. */
export const yesNo = (value: string | undefined) => (value === 'true' || value === 'false' ? value : undefined);
