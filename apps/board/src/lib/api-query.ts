import { keepPreviousData, useMutation, useQuery, type QueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { Endpoint, ResponseOf } from '@hireline/contract/endpoint';
import { request, type ApiError, type InputArgs, type RequestInput } from './api-client';
import { useSession } from './session';

/**
 * Query keys: ['api', path, params, query, who]. `who` is 'public' for public endpoints and the session generation
 * for a candidate's own data, so a sign-in or sign-out never shows the previous person's answers.
 */
export function apiQueryKey(endpoint: Endpoint, input: { params?: unknown; query?: unknown } | undefined, generation: number) {
  return ['api', endpoint.path, input?.params ?? null, input?.query ?? null, 'seeker' in endpoint.access ? generation : 'public'] as const;
}

type QueryExtras<E> = Omit<UseQueryOptions<ResponseOf<E>, ApiError>, 'queryKey' | 'queryFn'> & {
  /** Keep showing the previous page while the next one loads (lists). */
  keepPrevious?: boolean;
};

/** A GET endpoint as a query: `useApiQuery(listBoardJobs, { query })`. Types come from the contract. */
export function useApiQuery<E extends Endpoint>(endpoint: E, input: RequestInput<E>, options: QueryExtras<E> = {}) {
  const { token, generation } = useSession();
  const { keepPrevious, enabled, ...rest } = options;
  return useQuery<ResponseOf<E>, ApiError>({
    queryKey: apiQueryKey(endpoint, input as { params?: unknown; query?: unknown }, generation),
    queryFn: ({ signal }) => request(endpoint, ...([{ ...input, signal }] as InputArgs<RequestInput<E>>)),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    ...rest,
    // Without a token a candidate endpoint can only answer 401: don't ask.
    enabled: 'seeker' in endpoint.access && !token ? false : (enabled ?? true),
  });
}

/** A mutating endpoint: `useApiMutation(reportJob).mutateAsync({ params, body })`. */
export function useApiMutation<E extends Endpoint>(
  endpoint: E,
  options: Omit<UseMutationOptions<ResponseOf<E>, ApiError, RequestInput<E>>, 'mutationFn'> = {},
) {
  return useMutation<ResponseOf<E>, ApiError, RequestInput<E>>({
    mutationFn: (input) => request(endpoint, ...([input] as InputArgs<RequestInput<E>>)),
    ...options,
  });
}

/** Marks every cached answer of an endpoint stale. */
export function invalidateEndpoint(client: QueryClient, endpoint: Endpoint) {
  return client.invalidateQueries({ queryKey: ['api', endpoint.path] });
}
