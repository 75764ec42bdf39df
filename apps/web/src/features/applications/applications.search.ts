import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { applicationSorts, type countApplications, type listApplications } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import { PAGE_SIZES } from '../../components/ListPagination';

/*
 * The applications list keeps its view, page, page size, sort, search and filters in the URL (DESIGN §7), like the
 * jobs list. Junk values fall back to the defaults instead of erroring, so a hand-edited or outdated link still
 * opens the list. `job_id` filters the list (the job detail page links with it); `job` is the board's job.
 */

export const DEFAULT_PER_PAGE = 25;
export const DEFAULT_SORT = '-created_at' satisfies (typeof applicationSorts)[number];
export type ApplicationSort = (typeof applicationSorts)[number];

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
const yesNo = z.enum(['true', 'false']).optional().catch(undefined);
/** A repeatable key (`?status=new&status=invited`): always an array of the valid values, or absent. */
const many = <T extends string>(valid: (v: string) => v is T) =>
  z
    .unknown()
    .transform((v) => {
      const list = (Array.isArray(v) ? v : v == null ? [] : [v]).map((x) => String(x).trim()).filter(valid);
      return list.length ? [...new Set(list)] : undefined;
    })
    .optional();

export const isApplicationStatus = (v: string): v is ApplicationStatus => (applicationStatuses as readonly string[]).includes(v);
const isTag = (v: string): v is string => v.length > 0 && v.length <= 40;

export const applicationsListSearch = z.object({
  view: z.literal('board').optional().catch(undefined),
  job: uuid,
  page,
  per_page: perPage,
  sort: z.enum(applicationSorts).optional().catch(undefined),
  q: text(200),
  status: many(isApplicationStatus),
  job_id: uuid,
  employer_id: uuid,
  consultant_id: uuid,
  created_from: day,
  created_to: day,
  tags: many(isTag),
  knocked_out: yesNo,
  enabled: yesNo,
});
export type ApplicationsListSearch = z.output<typeof applicationsListSearch>;

/** The filters (not view, paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = [
  'q',
  'status',
  'job_id',
  'employer_id',
  'consultant_id',
  'created_from',
  'created_to',
  'tags',
  'knocked_out',
  'enabled',
] as const satisfies readonly (keyof ApplicationsListSearch)[];

export const hasFilters = (search: ApplicationsListSearch) => FILTER_KEYS.some((k) => search[k] !== undefined);

export const clearedFilters = Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as {
  [K in (typeof FILTER_KEYS)[number]]: undefined;
};

/** The listApplications query for what the URL says (the CSV export sends the same filters). */
export function toListQuery(search: ApplicationsListSearch): QueryOf<typeof listApplications> {
  const { view: _view, job: _job, page: p, per_page, sort, ...filters } = search;
  return { page: p ?? 1, per_page: per_page ?? DEFAULT_PER_PAGE, sort: sort ?? DEFAULT_SORT, ...filters };
}

/** The stage tabs' counts: the same filters without the status (the API ignores it; leaving it out keeps one cache). */
export function toCountsQuery(search: ApplicationsListSearch): QueryOf<typeof countApplications> {
  const { view: _view, job: _job, page: _page, per_page: _perPage, sort: _sort, status: _status, ...filters } = search;
  return filters;
}
