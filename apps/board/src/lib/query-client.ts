import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** One client for the app; sign-out and session expiry need it outside React too. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same again; only network trouble and 5xx are worth retrying.
      retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

/** Forgets every candidate answer (profile, applications): the next person on this device must never see them. */
export function forgetCandidateData() {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'api' && q.queryKey[4] !== 'public' });
}
