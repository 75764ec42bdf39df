import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { siteSorts, type listSites } from '@hireline/contract/sites';
import { listFilters, listQuery, pagingParams, sortParam, textParam } from '../../lib/list-search';

/* The account's sites list keeps its page, page size, sort and search in the URL (DESIGN §7). */

export type SiteSort = (typeof siteSorts)[number];
export const DEFAULT_SORT = 'name' satisfies SiteSort;

export const sitesSearch = z.object({ ...pagingParams, sort: sortParam(siteSorts), q: textParam(200) });
export type SitesSearch = z.output<typeof sitesSearch>;

export const { has: hasFilters, cleared: clearedFilters } = listFilters(['q'] as const);

export const toListQuery = (search: SitesSearch): QueryOf<typeof listSites> => listQuery(search, DEFAULT_SORT);
