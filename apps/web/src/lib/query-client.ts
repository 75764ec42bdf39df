import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** One client for the app; lib code (session expiry, sign-in) needs it outside React too. */
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

/** Drops every cached server answer: the next user must never see the previous user's data. */
export function resetServerState() {
  queryClient.cancelQueries();
  queryClient.removeQueries();
}
