import { useEffect, useRef } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { useCurrentUser } from '../lib/current-user';
import { scopeKey, session, useSession } from '../lib/session';
import { AbilityBridge, AppProviders } from './providers';
import { preloadDefaultLayout } from './RootLayout';
import { router } from './router';
import { connectSessionEnds } from './session-ends';

connectSessionEnds(router);

/**
 * Re-runs the guard when the session or the ability changes (scope switch, refreshed permissions, sign-out in
 * another tab), so the current page is always one the user may see.
 */
function GuardRefresher() {
  const user = useCurrentUser();
  const { scope, token } = useSession();
  // What the ability depends on (lib/ability.ts keeps one per permissions object and scope).
  const permissions = user?.permissions;
  const scoped = scopeKey(scope);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void router.invalidate();
  }, [permissions, scoped, token]);
  return null;
}

/**
 * A signed-in start fetches the first page's code (its chunk and the signed-in chrome) while the app starts
 * (branding, the user), instead of after: the two go together rather than one after the other.
 */
export function preloadFirstPage() {
  if (!session.get().token) return;
  const [, , route] = router.getMatchedRoutes(router.latestLocation.pathname);
  if (route) router.loadRouteChunk(route)?.catch(() => undefined);
  if (route?.options.staticData?.meta?.layout !== 'blank') preloadDefaultLayout();
}

/** The app once initialised (main.tsx renders it when `initialise()` has resolved). */
export function App() {
  return (
    <AppProviders>
      <AbilityBridge>
        <GuardRefresher />
        <RouterProvider router={router} />
      </AbilityBridge>
    </AppProviders>
  );
}
