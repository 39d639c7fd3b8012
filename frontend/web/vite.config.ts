import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { brandBlueprint } from './vite-brand-blueprint.ts';
import { iconSprite } from './vite-icon-paths.ts';
import { precacheScope } from './vite-precache-scope.ts';
import { precompress } from './vite-precompress.ts';
import { prerender } from './vite-prerender.ts';

const BRAND = '#1c7c4d';
const scope = precacheScope();

// `npm run dev`: Vite with hot reload on :5173, the API (npm start, :8080) behind /api on the same
// origin, so the session cookie works exactly as in production.
export default defineConfig({
  plugins: [
    brandBlueprint(),
    iconSprite(),
    react(),
    // The pre-rendered pages and the shell first (closeBundle 'pre'), then the service worker that
    // precaches them ('post'), then the compressed twins of everything (precompress, last).
    prerender(),
    // What the service worker precaches: every page a user can open, not the staff areas' code.
    scope.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      integration: { closeBundleOrder: 'post' },
      injectManifest: {
        globPatterns: ['index.html', 'pages/*.html', 'assets/*.{js,css,svg}', 'icons/*.png', 'favicon.svg'],
        // The shell and the public pages change with every deploy; the hashed files never do.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [scope.transform],
      },
      manifest: {
        name: 'Kobo: earn naira for small tasks',
        short_name: 'Kobo',
        description:
          'Earn naira for small social-media and app tasks, and withdraw to your Nigerian bank account.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f6f7f9',
        theme_color: BRAND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-192-maskable.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeManifestIcons: false,
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
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
    // Hashed names under /assets are cached for a year by the server; the HTML never is.
    assetsDir: 'assets',
  },
});
