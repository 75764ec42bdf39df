import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vite-precompress';

/*
 * The board is served by the API for every board host: its assets under `/_board/` (so they never collide with a
 * board page's path), index.html for every other path. In development Vite serves it at `/` (so the pages' own
 * paths work as they will in production) and forwards the API.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  // This folder, also when started from the repository root (`npx vite --config apps/board/vite.config.ts`).
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: command === 'build' ? '/_board/' : '/',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  // `--ssr`: the server renderer (src/entry-server.tsx) into dist-ssr/, every package bundled in, since the API's
  // production image installs only the API's own packages. Not served to browsers: it is code for the API process.
  build: isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false } : { outDir: 'dist', emptyOutDir: true },
  ssr: { noExternal: true },
  // React, MUI and the router bundled in production mode, whatever NODE_ENV the API runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    proxy: {
      '/portal': {
        // API_TARGET: an API on another port (e.g. a second checkout's); the default is `npm run dev`'s.
        target: process.env.API_TARGET ?? 'http://127.0.0.1:3000',
        changeOrigin: false,
        // Development only: the page on localhost names its board (`?board=`) in X-Board-Host; the API tells boards
        // apart by Host, so endpoints that take no `domain` (uploads, sign-out, export) need it as the Host.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            const board = req.headers['x-board-host'];
            if (typeof board === 'string' && /^[a-z0-9.-]+$/i.test(board)) proxyReq.setHeader('Host', board);
          });
        },
      },
    },
  },
}));
