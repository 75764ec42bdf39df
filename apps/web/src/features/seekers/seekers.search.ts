import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { seekerSorts, type listSeekers } from '@hireline/contract/seekers';

/*
 * The seekers list keeps page, page size, sort, search and filters in the URL (DESIGN §7), like the jobs list. Junk
 * values fall back to the defaults instead of erroring, so a hand-edited or outdated link still opens the list.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;
export const DEFAULT_SORT = '-created_at' satisfies SeekerSort;
export type SeekerSort = (typeof seekerSorts)[number];

export const isSeekerSort = (v: string): v is SeekerSort => (seekerSorts as readonly string[]).includes(v);

const page = z.coerce.number().int().min(1).optional().catch(undefined);
const perPage = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .optional()
  .catch(undefined);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);
/** A repeatable key (`?tags=a&tags=b`): always an array of the valid values, or absent. */
const many = <T extends string>(valid: (v: string) => v is T) =>
  z
    .unknown()
    .transform((v) => {
      const list = (Array.isArray(v) ? v : v == null ? [] : [v]).map((x) => String(x).trim().toLowerCase()).filter(valid);
      return list.length ? [...new Set(list)] : undefined;
    })
    .optional();
const isTag = (v: string): v is string => v.length > 0 && v.length <= 40;

export const seekersListSearch = z.object({
  page,
  per_page: perPage,
  sort: z.enum(seekerSorts).optional().catch(undefined),
  q: text(200),
  desired_work_type: text(100),
  visa_type: text(100),
  tags: many(isTag),
  // Kept as the query string's words: the API's boolean filter reads exactly 'true' and 'false'.
  enabled: z.enum(['true', 'false']).optional().catch(undefined),
});
export type SeekersListSearch = z.output<typeof seekersListSearch>;

/** The filters (not paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = ['q', 'desired_work_type', 'visa_type', 'tags', 'enabled'] as const satisfies readonly (keyof SeekersListSearch)[];

export const hasFilters = (search: SeekersListSearch) => FILTER_KEYS.some((k) => search[k] !== undefined);

export const clearedFilters = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as {
  [K in (typeof FILTER_KEYS)[number]]: undefined;
};

/** The listSeekers query for what the URL says (the CSV export sends the same filters). */
export function toListQuery(search: SeekersListSearch): QueryOf<typeof listSeekers> {
  const { page: p, per_page, sort, ...filters } = search;
  return { page: p ?? 1, per_page: per_page ?? DEFAULT_PER_PAGE, sort: sort ?? DEFAULT_SORT, ...filters };
}

/** The detail's tabs, each its own URL (`/seekers/$id/$tab`); anything else opens the profile. */
export const seekerTabs = ['profile', 'applications', 'tags'] as const;
export type SeekerTab = (typeof seekerTabs)[number];
export const isSeekerTab = (tab: string): tab is SeekerTab => (seekerTabs as readonly string[]).includes(tab);

/** The detail's URL: the applications tab pages through the URL too. */
export const seekerTabSearch = z.object({ page, per_page: perPage });
export type SeekerTabSearch = z.output<typeof seekerTabSearch>;
