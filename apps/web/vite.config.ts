import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The portal is served at `/` by the API in production; in development Vite serves it and forwards the API.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/portal': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
