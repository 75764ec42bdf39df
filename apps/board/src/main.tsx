import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Bundled, not fetched from a font service: the board must render without third-party requests.
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import './lib/i18n';
import { App } from './app/App';
import { createBoardRouter } from './app/router';
import { loadBranding } from './lib/branding';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// Branding first (it never rejects): the theme's colours are the account's from the first paint.
void loadBranding().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={createBoardRouter()} />
    </StrictMode>,
  );
});
