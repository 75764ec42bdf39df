import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { employerSorts, type listEmployers } from '@hireline/contract/employers';
import { employerStatuses, employerTypes, type EmployerStatus } from '@hireline/contract/enums';
import { listFilters, listQuery, manyParam, pagingParams, sortParam, textParam, yesNoParam } from '../../lib/list-search';

/* The employers list keeps page, page size, sort, search and filters in the URL (DESIGN §7), with lib/list-search's rules. */

export type EmployerSort = (typeof employerSorts)[number];
export const DEFAULT_SORT = '-created_at' satisfies EmployerSort;

const isStatus = (v: string): v is EmployerStatus => (employerStatuses as readonly string[]).includes(v);

export const employersListSearch = z.object({
  ...pagingParams,
  sort: sortParam(employerSorts),
  q: textParam(200),
  status: manyParam(isStatus),
  type: z.enum(employerTypes).optional().catch(undefined),
  enabled: yesNoParam,
});
export type EmployersListSearch = z.output<typeof employersListSearch>;

/** The filters (not paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = ['q', 'status', 'type', 'enabled'] as const satisfies readonly (keyof EmployersListSearch)[];

export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The listEmployers query for what the URL says (the CSV export sends the same filters). */
export const toListQuery = (search: EmployersListSearch): QueryOf<typeof listEmployers> => listQuery(search, DEFAULT_SORT);

/**
 * The detail's tabs. The route has no `$tab` segment: the tab is the `tab` search param (absent is the details),
 * and the jobs tab pages through `page` and `per_page`. An unknown tab opens the details.
 */
export const employerTabs = ['details', 'users', 'jobs', 'credits'] as const;
export type EmployerTab = (typeof employerTabs)[number];

export const employerDetailSearch = z.object({
  tab: z.enum(employerTabs).optional().catch(undefined),
  ...pagingParams,
});
export type EmployerDetailSearch = z.output<typeof employerDetailSearch>;
