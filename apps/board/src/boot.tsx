import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/App';
import { createBoardRouter } from './app/router';
import { loadBranding, setBranding } from './lib/branding';
import { queryClient } from './lib/query-client';
import { setRenderedWide, type BoardSsrState } from './lib/ssr-state';
import { takenOver } from './lib/taken-over';
import { rendersAsServer } from './lib/takeover';

/* The app itself, loaded by main.tsx. */

/**
 * Starts the app; for a page the server rendered, calls `beforeTakeover` in the same task as React starts to take
 * it over, and resolves once it has (lib/taken-over.ts).
 */
export async function start(container: HTMLElement, ssr: BoardSsrState | null, beforeTakeover?: () => void): Promise<void> {
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
  if (rendersAsServer(ssr)) {
    // The page's routes resolved first, so the first render is the page the server rendered, not a pending one.
    await router.load();
    // Marks the router as hydrating a server's page, as its own SSR client does: it then renders the root without
    // the Suspense boundary the server's render has not either.
    router.ssr = { manifest: undefined };
    beforeTakeover?.();
    hydrateRoot(container, app);
    await takenOver;
  } else {
    // Branding first (it never rejects): the theme's colours are the account's from the first paint.
    await loadBranding();
    const root = createRoot(container);
    if (!ssr) return root.render(app);
    // Rendering its own page over the server's (another theme or language, a candidate signed in), the app drops the
    // server's styles in the same task as its first render replaces that page's markup: nothing paints unstyled,
    // and its style cache does not adopt the server's rules as its own (a light theme's body colour under a dark
    // page). A route still loading renders the router's pending view meanwhile, as on any page the app renders.
    for (const style of document.head.querySelectorAll('style[data-emotion]')) style.remove();
    flushSync(() => root.render(app));
  }
}

