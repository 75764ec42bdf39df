import {
  keepPreviousData,
  useMutation,
  useQuery,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { Endpoint, ResponseOf } from '@hireline/contract/endpoint';
import { useParams } from '@tanstack/react-router';
import { request, type ApiError, type InputArgs, type RequestInput } from './api-client';
import { apiQueryKey } from './api-query-key';
import type { EndpointRoute } from './endpoint-routes';
import { useSelectedSlugs } from './current-user';
import { scopeKey, useSession } from './session';

// In a module of its own for the login page, which asks one query without the mutation hooks of this one.
export { apiQueryKey };

type QueryExtras<E> = Omit<UseQueryOptions<ResponseOf<E>, ApiError>, 'queryKey' | 'queryFn'> & {
  /** Keep showing the previous page while the next one loads (lists). */
  keepPrevious?: boolean;
};

/** A GET endpoint as a query: `useApiQuery(listMail, { query: { page } })`. Types come from the contract. */
export function useApiQuery<E extends Endpoint>(endpoint: E | EndpointRoute<E>, input: RequestInput<E>, options: QueryExtras<E> = {}) {
  const { scope, token } = useSession();
  const { keepPrevious, enabled, ...rest } = options;
  // A page whose path names an account and site asks only in that selection. Switching site changes the selection
  // before the new site's page replaces this one; asked again meanwhile, a record of the old site could only 404.
  const path = useParams({ strict: false }) as { account?: string; site?: string };
  const slugs = useSelectedSlugs();
  const inScope = (!path.account || path.account === slugs.account) && (!path.site || path.site === slugs.site);
  const { signal: _ignored, ...stable } = input as RequestInput<E> & { signal?: AbortSignal };
  return useQuery<ResponseOf<E>, ApiError>({
    queryKey: apiQueryKey(endpoint, stable as { params?: unknown; query?: unknown }, scopeKey(scope)),
    queryFn: ({ signal }) => request(endpoint, ...([{ ...stable, signal }] as InputArgs<RequestInput<E>>)),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    ...rest,
    // Without a token a protected endpoint can only answer 401: don't ask (e.g. while leaving after sign-out).
    enabled: !('public' in endpoint.access || token) || !inScope ? false : (enabled ?? true),
  });
}

/** A mutating endpoint: `useApiMutation(forgotPassword).mutate({ body })`. */
export function useApiMutation<E extends Endpoint>(
  endpoint: E,
  options: Omit<UseMutationOptions<ResponseOf<E>, ApiError, RequestInput<E>>, 'mutationFn'> = {},
) {
  return useMutation<ResponseOf<E>, ApiError, RequestInput<E>>({
    mutationFn: (input) => request(endpoint, ...([input] as InputArgs<RequestInput<E>>)),
    ...options,
  });
}

/** Marks every cached answer of an endpoint stale (all params, queries and scopes). */
export function invalidateEndpoint(client: QueryClient, endpoint: Endpoint) {
  return client.invalidateQueries({ queryKey: ['api', endpoint.path] });
}

/**
 * Brings every cached answer up to date with a change before the page that shows it opens: what is on screen is
 * fetched again and awaited; what is not is dropped, so opening it later loads it afresh instead of showing the old
 * answer while it refetches.
 */
export async function refreshBeforeShowing(client: QueryClient, endpoints: readonly Endpoint[]) {
  for (const endpoint of endpoints) client.removeQueries({ queryKey: ['api', endpoint.path], type: 'inactive' });
  await Promise.all(endpoints.map((endpoint) => client.invalidateQueries({ queryKey: ['api', endpoint.path] })));
}
