import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { seekerSorts, type listSeekers } from '@hireline/contract/seekers';
import { isTag, listFilters, listQuery, manyParam, pagingParams, sortParam, textParam, yesNoParam } from '../../lib/list-search';

/* The seekers list keeps page, page size, sort, search and filters in the URL (DESIGN §7), with lib/list-search's rules. */

export const DEFAULT_SORT = '-created_at' satisfies SeekerSort;
export type SeekerSort = (typeof seekerSorts)[number];

export const isSeekerSort = (v: string): v is SeekerSort => (seekerSorts as readonly string[]).includes(v);

export const seekersListSearch = z.object({
  ...pagingParams,
  sort: sortParam(seekerSorts),
  q: textParam(200),
  desired_work_type: textParam(100),
  visa_type: textParam(100),
  tags: manyParam(isTag, { lowerCase: true }),
  enabled: yesNoParam,
});
export type SeekersListSearch = z.output<typeof seekersListSearch>;

/** The filters (not paging or sort): what "clear filters" removes and what makes an empty list "no match". */
export const FILTER_KEYS = ['q', 'desired_work_type', 'visa_type', 'tags', 'enabled'] as const satisfies readonly (keyof SeekersListSearch)[];

export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The listSeekers query for what the URL says (the CSV export sends the same filters). */
export const toListQuery = (search: SeekersListSearch): QueryOf<typeof listSeekers> => listQuery(search, DEFAULT_SORT);

/** The detail's tabs, each its own URL (`/seekers/$id/$tab`); anything else opens the profile. */
export const seekerTabs = ['profile', 'applications', 'tags'] as const;
export type SeekerTab = (typeof seekerTabs)[number];
export const isSeekerTab = (tab: string): tab is SeekerTab => (seekerTabs as readonly string[]).includes(tab);

/** The detail's URL: the applications tab pages through the URL too. */
export const seekerTabSearch = z.object(pagingParams);
export type SeekerTabSearch = z.output<typeof seekerTabSearch>;
