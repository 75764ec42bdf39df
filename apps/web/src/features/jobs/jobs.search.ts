import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { jobStatuses, type JobStatus } from '@hireline/contract/enums';
import type { listJobs } from '@hireline/contract/jobs';
import { jobSorts } from '@hireline/contract/job-model';
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
} from '../../lib/list-search';

/* The jobs list keeps page, page size, sort, search and filters in the URL (DESIGN §7), with lib/list-search's rules. */

export const DEFAULT_SORT = '-created_at' satisfies (typeof jobSorts)[number];
export type JobSort = (typeof jobSorts)[number];

const isStatus = (v: string): v is JobStatus => (jobStatuses as readonly string[]).includes(v);

export const jobsListSearch = z.object({
  ...pagingParams,
  sort: sortParam(jobSorts),
  q: textParam(200),
  status: manyParam(isStatus),
  employer_id: uuidParam,
  consultant_id: uuidParam,
  work_type: textParam(100),
  classification: textParam(100),
  created_from: dayParam,
  created_to: dayParam,
  tags: manyParam(isTag),
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

export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The listJobs query for what the URL says (the CSV export sends the same filters). */
export const toListQuery = (search: JobsListSearch): QueryOf<typeof listJobs> => listQuery(search, DEFAULT_SORT);
