/**
 * The public pages rendered to HTML at build time (vite-prerender.ts builds this for Node and calls
 * `render` per page): the same routes and providers as the browser, a static router instead of the
 * browser's. The browser then hydrates the HTML (main.tsx), so a phone shows the page as soon as
 * the HTML arrives, before any script.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/App';
import { routes } from '../app/router';
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

export async function render(path: string): Promise<{ html: string; title?: string }> {
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
