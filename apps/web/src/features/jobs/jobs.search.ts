import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { jobStatuses, type JobStatus } from '@hireline/contract/enums';
import type { listJobs } from '@hireline/contract/jobs';
import { jobSorts } from '@hireline/contract/job-model';

/*
 * The jobs screens keep page, page size, sort, search and filters in the URL (DESIGN §7). Junk values fall back to
 * the defaults instead of erroring, so a hand-edited or outdated link still opens the list.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;
export const DEFAULT_SORT = '-created_at' satisfies (typeof jobSorts)[number];
export type JobSort = (typeof jobSorts)[number];

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
const uuid = z.uuid().optional().catch(undefined);
const day = z.iso.date().optional().catch(undefined);
/** A repeatable key (`?status=live&status=draft`): always an array of the valid values, or absent. */
const many = <T extends string>(valid: (v: string) => v is T) =>
  z
    .unknown()
    .transform((v) => {
      const list = (Array.isArray(v) ? v : v == null ? [] : [v]).map((x) => String(x).trim()).filter(valid);
      return list.length ? [...new Set(list)] : undefined;
    })
    .optional();

const isStatus = (v: string): v is JobStatus => (jobStatuses as readonly string[]).includes(v);
const isTag = (v: string): v is string => v.length > 0 && v.length <= 40;

export const jobsListSearch = z.object({
  page,
  per_page: perPage,
  sort: z.enum(jobSorts).optional().catch(undefined),
  q: text(200),
  status: many(isStatus),
  employer_id: uuid,
  consultant_id: uuid,
  work_type: text(100),
  classification: text(100),
  created_from: day,
  created_to: day,
  tags: many(isTag),
  flagged: z.literal('true').optional().catch(undefined),
});
export type JobsListSearch = z.output<typeof jobsListSearch>;

/** The filters (not paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = [
  'q',
  'status',
  'employer_id',
  'consultant_id',
  'work_type',
  'classification',
  'created_from',
  'created_to',
  'tags',
  'flagged',
] as const satisfies readonly (keyof JobsListSearch)[];

export const hasFilters = (search: JobsListSearch) => FILTER_KEYS.some((k) => search[k] !== undefined);

export const clearedFilters = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as {
  [K in (typeof FILTER_KEYS)[number]]: undefined;
};

/** The listJobs query for what the URL says (the CSV export sends the same filters). */
export function toListQuery(search: JobsListSearch): QueryOf<typeof listJobs> {
  const { page: p, per_page, sort, ...filters } = search;
  return { page: p ?? 1, per_page: per_page ?? DEFAULT_PER_PAGE, sort: sort ?? DEFAULT_SORT, ...filters };
}

/** Lists with only paging and search (on hold, flagged). */
export const simpleListSearch = z.object({ page, per_page: perPage, q: text(200) });
export type SimpleListSearch = z.output<typeof simpleListSearch>;
