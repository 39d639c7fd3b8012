/**
 * The public site's entry (the build gives it to the pre-rendered site pages: vite-prerender.ts):
 * hydrates the page with the light tree of site-pages.tsx, which carries neither the Redux store
 * nor the app's router nor Blueprint's JavaScript. Every other route, the sign-in and sign-up pages
 * included, runs the full app (main.tsx).
 */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SITE_LAYOUT, sitePageAt, SiteProviders, SiteRoutes } from './site-pages';

/**
 * A link to a page outside the light tree is left to the browser (a page load of the full app), so
 * the router never has to open a page it does not carry.
 */
function leaveLinksToOtherPagesToTheBrowser() {
  window.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (!sitePageAt(link.pathname)) event.stopPropagation();
    },
    { capture: true },
  );
}

async function start() {
  const container = document.getElementById('root')!;
  const page = sitePageAt(window.location.pathname);
  if (!page) return; // the build gives this entry to the light pages only
  try {
    await Promise.all([SITE_LAYOUT.load(), page.load()]);
  } catch {
    return; // code that cannot be downloaded leaves the pre-rendered page as it is, readable
  }
  leaveLinksToOtherPagesToTheBrowser();
  hydrateRoot(
    container,
    <StrictMode>
      <SiteProviders>
        <BrowserRouter>
          <SiteRoutes />
        </BrowserRouter>
      </SiteProviders>
    </StrictMode>,
  );
  if (import.meta.env.PROD) registerServiceWorker();
}

/**
 * The app's service worker (src/sw.ts), registered as the full app does (shared/pwa/register.ts)
 * but without its update prompt: the full app offers a waiting new version when it next opens.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

void start();
