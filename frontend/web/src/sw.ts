/// <reference lib="webworker" />
/**
 * The service worker: the app's files (the shell, the pre-rendered public pages, the scripts and
 * styles of every page a user can open, the icon sprite, the manifest's icons) kept on the phone at
 * install, so the app opens on a weak or absent network and a new version downloads once, in the
 * background. The staff areas' code (admin, finance) is not precached for everyone
 * (vite-precache-scope.ts): like any hashed file not precached, it is kept once used. It never
 * keeps an answer of the API: balances, tasks and withdrawals always come from the server (and
 * /api/* is not even routed here, so the browser fetches it as if there were no worker).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
// Web Push: shows the server's pushes as notifications and opens their page when tapped.
import './push/push-sw';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths the server owns: never answered by the worker (keep in step with serve-web-app.ts). */
const SERVER_PATHS = /^\/(api|admin\/queues|metrics|healthz|readyz)(\/|$)/;

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();

const precached = new Set(
  manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '')),
);

// A public page opens its pre-rendered HTML; any other app route opens the shell (index.html),
// which draws the signed-in frame and its skeletons until the page's code runs.
for (const url of precached) {
  const page = /^pages\/(.+)\.html$/.exec(url)?.[1];
  if (!page) continue;
  const path = page === 'index' ? '/' : `/${page}`;
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(`/${url}`), {
      allowlist: [new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`)],
    }),
  );
}
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [SERVER_PATHS] }));

// The hashed files not precached (the staff areas' chunks), kept once fetched: a hashed name never
// changes content. Only /assets/ of this origin, so never an answer of the API.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    (request.destination === 'script' || request.destination === 'style'),
  new CacheFirst({
    cacheName: 'kobo-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// The page's "Reload" on "A new version is available" (src/shared/pwa/register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
