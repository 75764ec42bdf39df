import { queryOptions, useQuery } from '@tanstack/react-query';
import { me } from '@hireline/contract/auth';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { request } from './api-client';
import { getBrandingSnapshot } from './branding';
import { queryClient } from './query-client';
import { reconcileScope } from './scope';
import { session, useSession } from './session';

export type CurrentUser = ResponseOf<typeof me>;

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  queryFn: ({ signal }) => {
    const brandingId = getBrandingSnapshot()?.id;
    // Unscoped on purpose: a stale stored selection must not stop us from learning which scopes are valid.
    return request(me, {
      signal,
      scoped: false,
      headers: brandingId ? { 'X-AF-Branding-Token': brandingId } : undefined,
    });
  },
  staleTime: 5 * 60_000,
});

/** Loads the signed-in user and fixes the stored selection against what they can reach. */
export async function loadCurrentUser(): Promise<CurrentUser> {
  const user = await queryClient.fetchQuery(currentUserQuery);
  session.setScope(reconcileScope(user, session.get().scope));
  return user;
}

export function getCurrentUser(): CurrentUser | undefined {
  return queryClient.getQueryData(currentUserQuery.queryKey);
}

export function useCurrentUser(): CurrentUser | undefined {
  const { token } = useSession();
  return useQuery({ ...currentUserQuery, enabled: Boolean(token) }).data;
}
