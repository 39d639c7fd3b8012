/**
 * The public site's light tree: the pages that hydrate without the Redux store, the app's router
 * and Blueprint's JavaScript (site-main.tsx), and the same tree the build pre-renders them with
 * (src/prerender/render.tsx), so the HTML and the hydration always match. The components are the
 * app's own (features/site); the full app (router.tsx) shows the same ones when reached from inside.
 *
 * A page's code is loaded before it is drawn: at start, before hydration (the build preloads it
 * with the HTML), and on a client-side navigation inside a transition, so the page on screen stays
 * until the next one's code is in. A page that needs the store (a form that sends) gets it with
 * its code, from ./site-store.tsx. Any other path is the full app's: it is opened with a page load.
 */
import { use, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteFiguresProvider } from '../features/site/figures';
import { useTakeOverTypedForms } from '../shared/pwa/typed-before-ready';
import { ThemeProvider } from '../shared/theme/theme';
import { ToastProvider } from '../shared/toast/toast';
import { prepareIcons } from '../shared/ui/icon-paths';

interface Loaded {
  Page: ComponentType;
  /** The store around the page, for pages that need it. */
  Store?: ComponentType<{ children: ReactNode }>;
}

export interface SitePage {
  path: string;
  /** The page's module, from src/ (the build preloads its chunk with the pre-rendered HTML). */
  source: string;
  /** The page's code (and the store, if it needs it), once in. */
  loaded?: Loaded;
  load(): Promise<Loaded>;
  /** Loads for a client-side navigation: code that cannot be downloaded opens the page with a page load. */
  open(): Promise<Loaded>;
}

const NEVER = new Promise<never>(() => undefined);

/** A page's code, loaded once; `loaded` is set as soon as it is in, so drawing it never waits again. */
function sitePage(
  path: string,
  source: string,
  load: () => Promise<ComponentType>,
  { blueprintIcons = true, store = false } = {},
): SitePage {
  let loading: Promise<Loaded> | undefined;
  let opening: Promise<Loaded> | undefined;
  const page: SitePage = {
    path,
    source,
    load: () =>
      (loading ??= Promise.all([
        load(),
        store ? import('./site-store').then((module) => module.SiteStore) : undefined,
        // Blueprint's Icon component reads the sprite (all but the landing page and the frame, which
        // draw their icons with Glyph).
        blueprintIcons ? prepareIcons() : undefined,
      ]).then(
        ([Page, Store]) => (page.loaded = { Page, Store }),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    // The address already shows the page: a load of it gets the pre-rendered HTML (from the server, or
    // the service worker's copy), which is readable even if its code never arrives.
    open: () =>
      (opening ??= page.load().catch(() => {
        window.location.reload();
        return NEVER;
      })),
  };
  return page;
}

/** The frame of the site pages (header, footer). */
export const SITE_LAYOUT = sitePage(
  '',
  'features/site/SiteLayout.tsx',
  () => import('../features/site/SiteLayout').then((module) => module.SiteLayout),
  { blueprintIcons: false },
);

/** The public pages drawn by the light tree, in the frame. */
export const SITE_PAGES = [
  sitePage(
    '/',
    'features/site/LandingPage.tsx',
    () => import('../features/site/LandingPage').then((module) => module.LandingPage),
    { blueprintIcons: false },
  ),
  sitePage('/about', 'features/site/AboutPage.tsx', () =>
    import('../features/site/AboutPage').then((module) => module.AboutPage),
  ),
  sitePage('/faq', 'features/site/FaqPage.tsx', () =>
    import('../features/site/FaqPage').then((module) => module.FaqPage),
  ),
  sitePage(
    '/contact',
    'features/site/ContactPage.tsx',
    () => import('../features/site/ContactPage').then((module) => module.ContactPage),
    { store: true },
  ),
  sitePage('/terms', 'features/site/TermsPage.tsx', () =>
    import('../features/site/TermsPage').then((module) => module.TermsPage),
  ),
  sitePage('/privacy', 'features/site/PrivacyPage.tsx', () =>
    import('../features/site/PrivacyPage').then((module) => module.PrivacyPage),
  ),
];

/** The light page for a path, or undefined when the path is the full app's. */
export function sitePageAt(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_PAGES.find((page) => page.path === path);
}

/** Draws a page whose code is in; else waits for it (Suspense, inside the router's transition). */
function Draw({ page }: { page: SitePage }) {
  const { Page, Store } = page.loaded ?? use(page.open());
  return Store ? (
    <Store>
      <Page />
    </Store>
  ) : (
    <Page />
  );
}

/**
 * A path outside the light tree, reached by the router (site-main.tsx sends the links' clicks to
 * the browser first): the full app opens it with a page load; the page on screen stays meanwhile.
 */
function FullApp() {
  window.location.reload();
  return use(NEVER);
}

/** What the light pages are drawn in: the theme, toasts and the site figures (no store). */
export function SiteProviders({ children }: { children: ReactNode }) {
  useTakeOverTypedForms();
  return (
    <ThemeProvider>
      <ToastProvider>
        <SiteFiguresProvider>{children}</SiteFiguresProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}

/** The routes of the light tree (inside a BrowserRouter, or a StaticRouter when pre-rendering). */
export function SiteRoutes({ fullApp = <FullApp /> }: { fullApp?: ReactNode }) {
  return (
    <Routes>
      <Route element={<Draw page={SITE_LAYOUT} />}>
        {SITE_PAGES.map((page) => (
          <Route
            key={page.path}
            index={page.path === '/'}
            path={page.path === '/' ? undefined : page.path}
            element={<Draw page={page} />}
          />
        ))}
      </Route>
      <Route path="*" element={fullApp} />
    </Routes>
  );
}
