import './lib/zod-setup';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Bundled, not fetched from a font service: the portal must render offline and without third-party requests.
import '@fontsource/public-sans/300.css';
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import './lib/i18n';
import { App, preloadFirstPage } from './app/App';
import { initialise } from './app/init';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const root = createRoot(container);
preloadFirstPage();
// Spec §4, loading → initialised → content: index.html's spinner shows until the app can draw its first real page
// (branding, the signed-in user), and React then renders once, with the final theme, instead of a spinner first and
// everything again after. As a transition it renders in slices that leave the main thread free in between.
void initialise().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
