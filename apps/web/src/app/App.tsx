import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { abilityFor } from '../lib/ability';
import { useCurrentUser } from '../lib/current-user';
import { useSession } from '../lib/session';
import { initialise } from './init';
import { AbilityBridge, AppProviders } from './providers';
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
  const ability = abilityFor(user?.permissions, scope);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void router.invalidate();
  }, [ability, token]);
  return null;
}

export function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void initialise().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <AppProviders>
      {ready ? (
        <AbilityBridge>
          <GuardRefresher />
          <RouterProvider router={router} />
        </AbilityBridge>
      ) : (
        <FullPageSpinner />
      )}
    </AppProviders>
  );
}
