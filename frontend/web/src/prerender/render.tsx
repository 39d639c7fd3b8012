/**
 * The public pages rendered to HTML at build time (vite-prerender.ts builds this for Node and calls
 * `render` per page), each by the tree that hydrates it in the browser, with a static router
 * instead of the browser's:
 *
 * - the site pages by the light tree (app/site-pages.tsx, hydrated by app/site-main.tsx);
 * - the sign-in and sign-up pages by the full app's routes and providers (hydrated by main.tsx).
 *
 * A phone shows the page as soon as the HTML arrives, before any script.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouter,
  StaticRouterProvider,
} from 'react-router-dom';
import { AppProviders } from '../app/App';
import { routes } from '../app/router';
import { SITE_LAYOUT, sitePageAt, SiteProviders, SiteRoutes } from '../app/site-pages';
import { takeRenderedTitle } from '../features/site/usePageTitle';

/** The pages rendered at build time: public, the same for everyone, no data of anyone's. */
export const PRERENDERED_PATHS = [
  '/',
  '/about',
  '/faq',
  '/contact',
  '/terms',
  '/privacy',
  '/login',
  '/signup',
] as const;

/**
 * The modules (from src/) of a page hydrated by the light tree, whose chunks its HTML preloads with
 * the light entry; null for a page of the full app.
 */
export function lightPageSources(path: string): string[] | null {
  const page = sitePageAt(path);
  return page ? [SITE_LAYOUT.source, page.source] : null;
}

export async function render(path: string): Promise<{ html: string; title?: string }> {
  const page = sitePageAt(path);
  if (page) {
    await Promise.all([SITE_LAYOUT.load(), page.load()]);
    takeRenderedTitle();
    const html = renderToString(
      <StrictMode>
        <SiteProviders>
          <StaticRouter location={path}>
            <SiteRoutes />
          </StaticRouter>
        </SiteProviders>
      </StrictMode>,
    );
    return { html, title: takeRenderedTitle() };
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://kobo.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} when pre-rendered`);
  if (context.errors) throw new Error(`${path} failed to pre-render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  takeRenderedTitle();
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: takeRenderedTitle() };
}
