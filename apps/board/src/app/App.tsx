import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { EmotionCache } from '@emotion/react';
import { RouterProvider } from '@tanstack/react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import i18n from '../lib/i18n';
import { notice } from '../lib/notice';
import { forgetCandidateData } from '../lib/query-client';
import { BoardProviders } from './providers';
import type { BoardRouter } from './router';

/** A candidate endpoint answered 401: the token is gone; sign in again and come back to this page. */
export function connectSessionExpiry(router: BoardRouter) {
  setSessionExpiredHandler(() => {
    forgetCandidateData();
    notice.show(i18n.t('account.sessionExpired'), 'warning');
    const next = router.state.location.href;
    void router.navigate({ to: '/sign-in', search: { next }, replace: true });
  });
  return () => setSessionExpiredHandler(null);
}

/** The whole board. `client` and `cache`: the server's own for the page it renders (see entry-server.tsx). */
export function App({ router, client, cache }: { router: BoardRouter; client?: QueryClient; cache?: EmotionCache }) {
  useEffect(() => connectSessionExpiry(router), [router]);
  return (
    <BoardProviders client={client} cache={cache}>
      <RouterProvider router={router} />
    </BoardProviders>
  );
}
