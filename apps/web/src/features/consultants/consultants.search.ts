import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { consultantSorts, type listConsultants } from '@hireline/contract/consultants';
import { listFilters, listQuery, pagingParams, sortParam, textParam, yesNoParam } from '../../lib/list-search';

/* The consultants list keeps page, page size, sort, search and the enabled filter in the URL (DESIGN §7). */

export type ConsultantSort = (typeof consultantSorts)[number];
export const DEFAULT_SORT = 'name' satisfies ConsultantSort;
export { consultantSorts };

export const consultantsListSearch = z.object({
  ...pagingParams,
  sort: sortParam(consultantSorts),
  q: textParam(200),
  enabled: yesNoParam,
});
export type ConsultantsListSearch = z.output<typeof consultantsListSearch>;

/** The filters (not paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = ['q', 'enabled'] as const satisfies readonly (keyof ConsultantsListSearch)[];

export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The listConsultants query for what the URL says (the CSV export sends the same filters). */
export const toListQuery = (search: ConsultantsListSearch): QueryOf<typeof listConsultants> => listQuery(search, DEFAULT_SORT);
