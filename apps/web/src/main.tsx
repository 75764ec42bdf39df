import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Bundled, not fetched from a font service: the portal must render offline and without third-party requests.
import '@fontsource/public-sans/300.css';
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import './lib/i18n';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
