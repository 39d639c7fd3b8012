import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The app's own base styles, inlined into every page by the build (vite-prerender.ts). Blueprint's
// stylesheet is not imported here: the build links it so that it never blocks the first paint.
import 'normalize.css';
import './app/app.css';
import { App } from './app/App';
import { createRouter, type AppRouter } from './app/router';
import { blueprintStylesLoaded } from './shared/pwa/styles';

if (import.meta.env.DEV) void import('@blueprintjs/core/lib/css/blueprint.css');

/** Resolves once the router has the first page's code (its lazy routes loaded, or failed). */
function ready(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function start() {
  const container = document.getElementById('root')!;
  const router = createRouter();
  // A page pre-rendered at build time for the full app (sign-in, sign-up) is hydrated; any other
  // route draws over the app shell (index.html), which stays until the page's code and Blueprint's
  // styles are in. The site pages hydrate with the light entry instead (app/site-main.tsx).
  const prerendered = container.hasAttribute('data-prerendered');
  await Promise.all([ready(router), prerendered ? undefined : blueprintStylesLoaded()]);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  if (import.meta.env.PROD) void import('./shared/pwa/register').then(({ registerApp }) => registerApp());
}

void start();
