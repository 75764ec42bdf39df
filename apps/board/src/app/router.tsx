import { createRouter, type RouterHistory } from '@tanstack/react-router';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search-params';

function Pending() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/**
 * The board's router. On the server (entry-server.tsx) without scroll restoration, which would write an inline
 * script into the page that the CSP refuses and the browser's render does not have.
 */
export function createBoardRouter(history?: RouterHistory, { server = false }: { server?: boolean } = {}) {
  return createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPendingComponent: Pending,
    scrollRestoration: !server,
  });
}

export type BoardRouter = ReturnType<typeof createBoardRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: BoardRouter;
  }
}
