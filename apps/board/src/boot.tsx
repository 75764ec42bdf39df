import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import i18n from './lib/i18n';
import { App } from './app/App';
import { createBoardRouter } from './app/router';
import { loadBranding, setBranding } from './lib/branding';
import { queryClient } from './lib/query-client';
import { session } from './lib/session';
import { setRenderedWide, type BoardSsrState } from './lib/ssr-state';

/* The app itself, loaded by main.tsx. */

/**
 * The server renders a page as a signed-out visitor in the light theme, in the language of the browser's settings.
 * The app takes that page over as it is (hydrates) when it would render the same; otherwise (a candidate signed in, a
 * language chosen on the board, a dark theme) it renders its own over it, with the data the page came with.
 */
function sameAsServer(ssr: BoardSsrState | null): ssr is BoardSsrState {
  if (!ssr || session.get().token || i18n.language !== ssr.language) return false;
  return !window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

export async function start(container: HTMLElement, ssr: BoardSsrState | null) {
  if (ssr) {
    setBranding(ssr.branding);
    setRenderedWide(ssr.wide === true);
    hydrate(queryClient, ssr.queries);
  }
  const router = createBoardRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (sameAsServer(ssr)) {
    // The page's routes resolved first, so the first render is the page the server rendered, not a pending one.
    await router.load();
    // Marks the router as hydrating a server's page, as its own SSR client does: it then renders the root without
    // the Suspense boundary the server's render has not either.
    router.ssr = { manifest: undefined };
    hydrateRoot(container, app);
  } else {
    // Branding first (it never rejects): the theme's colours are the account's from the first paint.
    await loadBranding();
    createRoot(container).render(app);
  }
}

