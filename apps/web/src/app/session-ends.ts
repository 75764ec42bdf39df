import type { AnyRouter } from '@tanstack/react-router';
import { setImpersonationExpiredHandler, setSessionExpiredHandler } from '../lib/api-client';
import { endExpiredImpersonation } from '../lib/auth';
import { resetServerState } from '../lib/query-client';

/**
 * Where the app goes when the API ends a session (a 401), registered with the API client, which cannot import the
 * router. Returns the way to unregister (tests mount one router each).
 */
export function connectSessionEnds(router: AnyRouter): () => void {
  // Spec §4: on a 401 the user goes to /login (the API client has already cleared the session and shown the toast),
  // carrying the page they were on as `to` (spec §2 route guard), so signing in again returns there.
  setSessionExpiredHandler(() => {
    const { pathname, href } = router.state.location;
    const search = pathname === '/' || pathname === '/login' ? {} : { to: href };
    // Cached data is dropped after the page has left, so mounted queries do not refetch without a token.
    void router.navigate({ to: '/login', search }).finally(resetServerState);
  });
  // While impersonating, back to the staff session where it was. Called synchronously: it switches the token at once.
  setImpersonationExpiredHandler(() => {
    void endExpiredImpersonation().then((to) => to && router.navigate(to));
  });
  return () => {
    setSessionExpiredHandler(null);
    setImpersonationExpiredHandler(null);
  };
}
