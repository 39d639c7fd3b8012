import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { brandBlueprint } from './vite-brand-blueprint.ts';
import { iconPaths } from './vite-icon-paths.ts';
import { precompress } from './vite-precompress.ts';

// `npm run dev`: Vite with hot reload on :5173, the API (npm start, :8080) behind /api on the same
// origin, so the session cookie works exactly as in production.
export default defineConfig({
  plugins: [brandBlueprint(), iconPaths(), react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.KOBO_API ?? 'http://localhost:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Hashed names under /assets are cached for a year by the server; index.html never is.
    assetsDir: 'assets',
  },
});
