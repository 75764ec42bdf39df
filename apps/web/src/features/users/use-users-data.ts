import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listAccountRoles, listAccountUsers } from '@hireline/contract/account-users';
import type { Action, Subject } from '@hireline/access/vocabulary';
import { listEmployers } from '@hireline/contract/employers';
import { listSites } from '@hireline/contract/sites';
import { abilityFor, can, scopeForLevel } from '../../lib/ability';
import { request } from '../../lib/api-client';
import { apiQueryKey, invalidateEndpoint, useApiQuery } from '../../lib/api-query';
import { useCurrentUser } from '../../lib/current-user';
import { scopeKey, useSession } from '../../lib/session';

/**
 * The users API is `level: 'account'` (a role held only at a site or employer does not count), so the screen asks
 * the same question: the signed-in user's permissions with only the account selected.
 */
export function useAccountCan(): (action: Action, subject: Subject) => boolean {
  const user = useCurrentUser();
  const { scope } = useSession();
  const ability = abilityFor(user?.permissions, scopeForLevel(scope, 'account'));
  return (action, subject) => can(ability, action, subject);
}

/** The selected account as `/auth/me` names it. */
export function useSelectedAccount() {
  const user = useCurrentUser();
  const { scope } = useSession();
  return user?.accounts.find((a) => a.id === scope.accountId);
}

/** Every cached list an action on people or roles may have changed (a role's members count, a person's roles). */
export function useRefreshUsers() {
  const client = useQueryClient();
  return () => Promise.all([listAccountUsers, listAccountRoles].map((endpoint) => invalidateEndpoint(client, endpoint)));
}

/** The account's roles and the permission vocabulary, shared by the people filters, the access editor and the roles tab. */
export function useAccountRoles() {
  return useApiQuery(listAccountRoles, {}, { staleTime: 30_000 });
}

export interface SiteOption {
  id: string;
  name: string;
}

/**
 * The sites of the selected account: all of them from the API for staff who may read them (`sites.view` at the
 * account), otherwise the ones `/auth/me` lists.
 */
export function useAccountSiteOptions(): SiteOption[] {
  const account = useSelectedAccount();
  const accountCan = useAccountCan();
  const canList = accountCan('view', 'sites');
  const query = useApiQuery(listSites, { query: { per_page: 100, sort: 'name' } }, { enabled: canList, staleTime: 60_000 });
  if (canList && query.data) return query.data.data.map((s) => ({ id: s.id, name: s.name }));
  return (account?.sites ?? []).map((s) => ({ id: s.id, name: s.name }));
}

/**
 * Employers of one site of the account, searched by name. The scope headers normally name the selected site; here
 * they name the row's site instead (the API checks that it belongs to the account and that the caller reaches it:
 * account staff reach every site), without the selected employer, so any site's employers can be offered.
 */
export function useSiteEmployers(siteId: string, q: string, enabled: boolean) {
  const { scope, token } = useSession();
  const query = { q: q || undefined, per_page: 50, sort: 'business_name' } as const;
  const headers = { 'X-AF-AID': scope.accountId ?? '', 'X-AF-SID': siteId };
  return useQuery({
    queryKey: apiQueryKey(listEmployers, { query }, `${scopeKey(scope)}#site:${siteId}`),
    queryFn: ({ signal }) => request(listEmployers, { query, scoped: false, headers, signal }),
    enabled: enabled && Boolean(siteId && token && scope.accountId),
    staleTime: 60_000,
  });
}
