import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import type { listEnterpriseAccounts } from '@hireline/contract/enterprise';
import { DEFAULT_PER_PAGE, listFilters, pagingParams, textParam, yesNoParam } from '../../lib/list-search';

/* The enterprise's accounts list keeps page, page size, search and the enabled filter in the URL (DESIGN §7). */

export const enterpriseAccountsSearch = z.object({
  ...pagingParams,
  q: textParam(200),
  enabled: yesNoParam,
});
export type EnterpriseAccountsSearch = z.output<typeof enterpriseAccountsSearch>;

export const FILTER_KEYS = ['q', 'enabled'] as const satisfies readonly (keyof EnterpriseAccountsSearch)[];
export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The list endpoint's query for what the URL says (it has no sort: accounts come by name). */
export const toListQuery = (search: EnterpriseAccountsSearch): QueryOf<typeof listEnterpriseAccounts> => ({
  page: search.page ?? 1,
  per_page: search.per_page ?? DEFAULT_PER_PAGE,
  q: search.q,
  enabled: search.enabled,
});
