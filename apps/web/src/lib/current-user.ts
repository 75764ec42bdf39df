import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { me } from '@hireline/contract/auth';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { loadAbility } from './ability-loader';
import { endpointUrl, request } from './api-client';
import { getBrandingSnapshot } from './branding';
import { takeEarlyMe } from './early-requests';
import { queryClient } from './query-client';
import { reconcileScope, selectedSlugs, type ScopeSlugs } from './scope';
import { session, useSession } from './session';

export type CurrentUser = ResponseOf<typeof me>;

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  queryFn: async ({ signal }) => {
    const brandingId = getBrandingSnapshot()?.id;
    const token = session.get().token;
    // The endpoint with its schemas, and the permission checks, come with the signed-in user, not in the first
    // download; a user in the cache can thus always be checked (lib/ability-loader.ts).
    const [auth] = await Promise.all([import('@hireline/contract/auth'), loadAbility()]);
    // Unscoped on purpose: a stale stored selection must not stop us from learning which scopes are valid.
    return request(auth.me, {
      signal,
      scoped: false,
      headers: brandingId ? { 'X-AF-Branding-Token': brandingId } : undefined,
      // At the start, public/early.js may have asked already (the same request): its answer is taken then.
      sent: takeEarlyMe(endpointUrl(auth.me), token, brandingId),
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

/**
 * Whether this session is someone acting as another user: the API then refuses a few actions (`notWhileImpersonating`:
 * changing the password, buying credits, another impersonation), which the screens show as unavailable. A kept staff
 * session says so as well as `/auth/me`, so the answer never depends on a single source being right.
 */
export function useImpersonating(): boolean {
  const { parent } = useSession();
  const user = useCurrentUser();
  return Boolean(parent || user?.impersonating);
}

const NO_SLUGS: ScopeSlugs = { account: null, site: null };

/** Slugs of the selected account and site, for building `/$account/$site/…` links. */
export function useSelectedSlugs(): ScopeSlugs {
  const user = useCurrentUser();
  const { scope } = useSession();
  const { account, site } = user ? selectedSlugs(user.accounts, scope) : NO_SLUGS;
  // Stable identity while the pair is unchanged, so links built from it do not re-render on every update.
  return useMemo(() => ({ account, site }), [account, site]);
}
