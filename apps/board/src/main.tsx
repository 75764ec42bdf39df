import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
// Bundled, not fetched from a font service: the board must render without third-party requests.
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import i18n from './lib/i18n';
import { App } from './app/App';
import { createBoardRouter } from './app/router';
import { loadBranding, setBranding } from './lib/branding';
import { queryClient } from './lib/query-client';
import { session } from './lib/session';
import { readSsrState, setRenderedWide } from './lib/ssr-state';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const ssr = readSsrState();
if (ssr) {
  setBranding(ssr.branding);
  setRenderedWide(ssr.wide === true);
  hydrate(queryClient, ssr.queries);
}

/**
 * The server renders a page as a signed-out visitor in the light theme, in the language of the browser's settings.
 * The app takes that page over as it is (hydrates) when it would render the same; otherwise (a candidate signed in, a
 * language chosen on the board, a dark theme) it renders its own over it, with the data the page came with.
 */
function sameAsServer(): boolean {
  if (!ssr || session.get().token || i18n.language !== ssr.language) return false;
  return !window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

async function start() {
  const router = createBoardRouter();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (sameAsServer()) {
    // The page's routes resolved first, so the first render is the page the server rendered, not a pending one.
    await router.load();
    // Marks the router as hydrating a server's page, as its own SSR client does: it then renders the root without
    // the Suspense boundary the server's render has not either.
    router.ssr = { manifest: undefined };
    hydrateRoot(container!, app);
  } else {
    // Branding first (it never rejects): the theme's colours are the account's from the first paint.
    await loadBranding();
    createRoot(container!).render(app);
  }
}

void start();
