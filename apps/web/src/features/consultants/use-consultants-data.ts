import { useQueryClient } from '@tanstack/react-query';
import { getConsultant, listConsultants } from '@hireline/contract/consultants';
import { listApplications } from '@hireline/contract/applications';
import { listJobs } from '@hireline/contract/jobs';
import { listSites } from '@hireline/contract/sites';
import { abilityFor, can } from '../../lib/ability';
import { invalidateEndpoint, useApiQuery } from '../../lib/api-query';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';

/** Every cached list and detail an action on a consultant may have changed (their jobs name them too). */
export function useRefreshConsultants() {
  const client = useQueryClient();
  return () =>
    Promise.all([listConsultants, getConsultant, listJobs, listApplications].map((endpoint) => invalidateEndpoint(client, endpoint)));
}

export interface SiteOption {
  id: string;
  name: string;
}

/**
 * The sites of the selected account a consultant may work on. Staff who may read the account's sites (`sites.view`
 * at the account) get all of them from the API; others (a site manager) get the sites `/auth/me` says they reach.
 */
export function useAccountSites(): { sites: SiteOption[]; loading: boolean; error: boolean } {
  const user = useCurrentUser();
  const { scope } = useSession();
  const accountScope = { accountId: scope.accountId, siteId: null, employerId: null };
  const canListSites = can(abilityFor(user?.permissions, accountScope), 'view', 'sites');
  const query = useApiQuery(listSites, { query: { per_page: 100, sort: 'name' } }, { enabled: canListSites, staleTime: 60_000 });
  const reachable = user?.accounts.find((a) => a.id === scope.accountId)?.sites ?? [];
  if (canListSites && query.data) return { sites: query.data.data.map((s) => ({ id: s.id, name: s.name })), loading: false, error: false };
  if (canListSites && query.isPending) return { sites: [], loading: true, error: false };
  return { sites: reachable.map((s) => ({ id: s.id, name: s.name })), loading: false, error: canListSites && query.isError };
}
