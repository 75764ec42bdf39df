// Bundled, not fetched from a font service: the board must render without third-party requests.
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import { readSsrState } from './lib/ssr-state';

/*
 * The board's entry: small on purpose. A page the server rendered is already there to read, so the app (React, MUI,
 * the router: most of the board's script) is fetched and run only after the browser has painted it, and never
 * delays that paint. A page the server did not render loads it at once.
 */

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
const ssr = readSsrState();

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void (ssr ? afterPaint() : Promise.resolve())
  .then(() => import('./boot'))
  .then(({ start }) => start(container, ssr));
