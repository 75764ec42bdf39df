// Bundled, not fetched from a font service: the board must render without third-party requests.
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import { showFavicon } from './lib/favicon';
import { readSsrState } from './lib/ssr-state';
import { rendersAsServer, startOnFirstUse } from './lib/takeover';

/*
 * The board's entry: small on purpose. A page the server rendered is already there to read: the app (React, MUI,
 * the router: most of the board's script) takes it over when the visitor starts to use it (lib/takeover.ts), or,
 * when it would render the page differently (a candidate signed in, another language, a dark theme), right after
 * the browser has painted it. A page the server did not render loads the app at once.
 */

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
const ssr = readSsrState();

const start = (beforeTakeover?: () => void) => import('./boot').then(({ start }) => start(container, ssr, beforeTakeover));
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

if (rendersAsServer(ssr)) {
  showFavicon(ssr.branding);
  startOnFirstUse(start);
} else {
  void (ssr ? afterPaint() : Promise.resolve()).then(() => start());
}
