import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress';

const NODE_MODULES = /node_modules[\\/]/;
// What the login page shows only now and then (an error, the single sign-on buttons), fetched when shown: a
// file of its own, so showing it does not mean fetching the UI kit.
const NOTICE =
  /node_modules[\\/]@mui[\\/](material[\\/](Alert|Divider|Stack|internal[\\/]svg-icons[\\/](SuccessOutlined|ReportProblemOutlined|ErrorOutline|InfoOutlined|Close))|system[\\/]Stack)[\\/.]/;
// The UI kit every signed-in page draws with (not the charts or the rich-text editor, which stay with their pages).
const UI_KIT = /node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@emotion|react-transition-group|@popperjs)[\\/]/;

// The portal is served at `/` by the API in production; in development Vite serves it and forwards the API.
export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        /*
         * Left to itself the bundler cuts one chunk per set of pages sharing a module: 250 files, 50 to 130 per page
         * on a first visit, over HTTP/1.1's six connections. These groups keep what a page needs in a few files
         * (bench/README.md, "Portal", has the figures); pages and their own modules are still split per page.
         */
        codeSplitting: {
          groups: [
            // Everything the first page needs (the login page and the app shell): one file besides the entry.
            { name: 'app', tags: ['$initial'], priority: 5 },
            { name: 'notice', test: NOTICE, priority: 4 },
            // Signed-in pages: the UI kit, the search schemas that come with sign-in, and the contract's endpoints.
            { name: 'ui', test: UI_KIT, priority: 3 },
            { name: 'search', test: /(\.search|search-schemas|list-search)\.ts$/, priority: 2 },
            { name: 'contract', test: (id) => /packages[\\/]contract[\\/]/.test(id) && !NODE_MODULES.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/portal': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
