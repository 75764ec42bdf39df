import { z } from 'zod';
import type { QueryOf } from '@hireline/contract/endpoint';
import { accountMemberStatuses as memberStatuses, accountUserSorts, type listAccountUsers } from '@hireline/contract/account-users';
import { listFilters, listQuery, manyParam, pagingParams, sortParam, textParam } from '../../lib/list-search';

/* `/$account/users`: the tab, and the people list's page, page size, sort, search and filters, all in the URL (DESIGN §7). */

export const userTabs = ['people', 'roles'] as const;
export type UserTab = (typeof userTabs)[number];

export type MemberStatus = (typeof memberStatuses)[number];
export const isMemberStatus = (v: string): v is MemberStatus => (memberStatuses as readonly string[]).includes(v);
export { memberStatuses };

export type AccountUserSort = (typeof accountUserSorts)[number];
export const DEFAULT_SORT = 'name' satisfies AccountUserSort;

export const usersSearch = z.object({
  tab: z.enum(userTabs).optional().catch(undefined),
  ...pagingParams,
  sort: sortParam(accountUserSorts),
  q: textParam(200),
  status: manyParam(isMemberStatus),
  role: textParam(64),
});
export type UsersSearch = z.output<typeof usersSearch>;

/** The people filters (not the tab, paging or sort): what "clear filters" removes. */
export const FILTER_KEYS = ['q', 'status', 'role'] as const satisfies readonly (keyof UsersSearch)[];
export const { has: hasFilters, active: activeFilters, cleared: clearedFilters } = listFilters(FILTER_KEYS);

/** The listAccountUsers query for what the URL says. */
export const toListQuery = ({ tab: _tab, ...search }: UsersSearch): QueryOf<typeof listAccountUsers> => listQuery(search, DEFAULT_SORT);
