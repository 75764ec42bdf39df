import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { applicationSorts, type countApplications, type listApplications } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import {
  dayParam,
  isTag,
  listFilters,
  listQuery,
  manyParam,
  pagingParams,
  sortParam,
  textParam,
  uuidParam,
  yesNoParam,
} from '../../lib/list-search';

/*
 * The applications list keeps its view, page, page size, sort, search and filters in the URL (DESIGN §7), with
 * lib/list-search's rules. `job_id` filters the list (the job detail page links with it); `job` is the board's job.
 */

export const DEFAULT_SORT = '-created_at' satisfies (typeof applicationSorts)[number];
export type ApplicationSort = (typeof applicationSorts)[number];

export const isApplicationStatus = (v: string): v is ApplicationStatus => (applicationStatuses as readonly string[]).includes(v);

export const applicationsListSearch = z.object({
  view: z.literal('board').optional().catch(undefined),
  job: uuidParam,
  ...pagingParams,
  sort: sortParam(applicationSorts),
  q: textParam(200),
  status: manyParam(isApplicationStatus),
  job_id: uuidParam,
  employer_id: uuidParam,
  consultant_id: uuidParam,
  created_from: dayParam,
  created_to: dayParam,
  tags: manyParam(isTag),
  knocked_out: yesNoParam,
  enabled: yesNoParam,
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

export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/**
 * The listApplications query for what the URL says (the CSV export sends the same filters); without a status chosen,
 * `shown` (the shown stages' statuses when the site hides some, see use-stages) is the status filter.
 */
export function toListQuery(search: ApplicationsListSearch, shown?: ApplicationStatus[]): QueryOf<typeof listApplications> {
  const { view: _view, job: _job, ...list } = search;
  return listQuery({ ...list, status: list.status?.length ? list.status : shown }, DEFAULT_SORT);
}

/** The stage tabs' counts: the same filters without the status (the API ignores it; leaving it out keeps one cache). */
export function toCountsQuery(search: ApplicationsListSearch): QueryOf<typeof countApplications> {
  const { view: _view, job: _job, page: _page, per_page: _perPage, sort: _sort, status: _status, ...filters } = search;
  return filters;
}
