/**
 * Made for a cheap phone on a weak network, in a real Chromium against the real server:
 *
 * - the landing page is there before (and without) any JavaScript, pre-rendered at build time,
 *   its styles inlined, its icons drawn from the sprite; its content security policy holds
 *   (no inline source refused);
 * - every pre-rendered page hydrates: the site pages with the light entry (a link is followed by
 *   the router, the contact form checks its fields), never downloading the full app; the sign-in
 *   and sign-up pages with the full app (their forms check their fields);
 * - the app is installable: the manifest with its icons, and a service worker that takes control,
 *   never keeps an answer of the API and does not precache the staff areas' code;
 * - with the worker installed, the dashboard seen once opens offline from a cold start with the
 *   last-known balances;
 * - a page whose code cannot be downloaded (the network cut) shows a friendly retry, never the
 *   router's crash screen, and the retry works once the network is back.
 */
import type { Page } from 'playwright-core';
import { keepScreenshot, PHONE, startE2e, stopExpectingNoViolations, type E2e } from './support/e2e';
import { signInContext } from './support/pages';
import { eventually, textOf, visible } from './support/wait';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await stopExpectingNoViolations(e2e);
});

/** What the console said that the page's policy refused. */
function refusals(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) said.push(message.text());
  });
  return said;
}

test('the landing page shows its heading and text with JavaScript disabled', async () => {
  const context = await e2e.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  try {
    const refused = refusals(page);
    const answer = await page.goto('/');
    expect(answer?.headers()['cache-control']).toBe('no-store');
    const heading = await visible(page.getByRole('heading', { level: 1 }));
    expect((await heading.textContent())?.trim()).toBe('Get paid for the social media tasks you already do');
    await visible(page.getByRole('heading', { name: 'Questions people ask first' }));
    await visible(page.getByRole('heading', { name: 'Start earning today' }));
    // Inlined styles are applied (the hero is laid out, not a raw document): the header is fixed.
    const header = await page.locator('.kobo-site-header').evaluate((el) => getComputedStyle(el).position);
    expect(['fixed', 'sticky']).toContain(header);
    expect(refused).toEqual([]);
  } catch (error) {
    await keepScreenshot(page, 'pwa-landing-without-javascript', error);
    throw error;
  } finally {
    await context.close();
  }
});

/** Console errors and uncaught errors of a page. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The scripts of the full app's entry (index.html's), which the light site pages never need. */
const FULL_APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Marks the document, to tell a router's navigation (the same document) from a page load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { koboSamePage: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { koboSamePage?: boolean }).koboSamePage === true);

test('the landing page hydrates without a mismatch, without the full app, and its policy refuses nothing', async () => {
  const context = await e2e.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = errorsOf(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  try {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => FULL_APP_ENTRY.test(url))).toEqual([]);
    // Hydrated: a client-side link works without a page load.
    await markDocument(page);
    await page.getByRole('link', { name: 'Search the FAQ' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: /Frequently Asked Questions/i }));
    // The router drew it: the same document, not a page load.
    expect(await sameDocument(page)).toBe(true);
    expect(errors.filter((text) => /hydrat|Content Security Policy|Refused/i.test(text))).toEqual([]);
    expect(scripts.filter((url) => FULL_APP_ENTRY.test(url))).toEqual([]);

    // A link to a page of the full app opens it with a page load, and that page works.
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
    expect(await sameDocument(page)).toBe(false);
    // Pre-rendered, its heading shows before its code: the form works once that is in.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Email is required'));
  } catch (error) {
    await keepScreenshot(page, 'pwa-landing-hydrates', error);
    throw error;
  } finally {
    await context.close();
  }
});

/** Each light site page, and a link of the header's menu it follows with the router. */
const SITE_PAGES = [
  { path: '/about', link: 'FAQ', heading: /Frequently Asked Questions/i },
  { path: '/faq', link: 'About', heading: /Small tasks, real naira/i },
  { path: '/contact', link: 'Home', heading: /Get paid for the social media tasks/i },
  { path: '/terms', link: 'Contact', heading: /Get in touch/i },
  { path: '/privacy', link: 'About', heading: /Small tasks, real naira/i },
];

test.each(SITE_PAGES)(
  '$path hydrates: the header follows $link with the router',
  async ({ path, link, heading }) => {
    // At desktop width the header shows its links (on a phone they are in the menu).
    const context = await e2e.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = errorsOf(page);
    try {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await markDocument(page);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: link, exact: true })
        .click();
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await sameDocument(page)).toBe(true);
      expect(errors.filter((text) => /hydrat|Content Security Policy|Refused/i.test(text))).toEqual([]);
    } catch (error) {
      await keepScreenshot(page, `pwa-hydrates${path.replace(/\//g, '-')}`, error);
      throw error;
    } finally {
      await context.close();
    }
  },
);

test.each([
  { path: '/contact', button: 'Send Message', message: 'Full name is required' },
  { path: '/login', button: 'Sign in', message: 'Email is required' },
  { path: '/signup', button: 'Create account', message: 'First name is required' },
])('$path hydrates: its form checks its fields in the page', async ({ path, button, message }) => {
  const context = await e2e.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = errorsOf(page);
  try {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await markDocument(page);
    await page.getByRole('button', { name: button }).click();
    await visible(page.getByText(message).first());
    expect(await sameDocument(page)).toBe(true);
    expect(errors.filter((text) => /hydrat|Content Security Policy|Refused/i.test(text))).toEqual([]);
  } catch (error) {
    await keepScreenshot(page, `pwa-form-hydrates${path.replace(/\//g, '-')}`, error);
    throw error;
  } finally {
    await context.close();
  }
});

test('the app is installable and its service worker never keeps an answer of the API', async () => {
  const manifest = await fetch(`${e2e.server.url}/manifest.webmanifest`);
  expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
  const body = (await manifest.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body.short_name).toBe('Kobo');
  expect(body.start_url).toBe('/dashboard');
  for (const size of ['192x192', '512x512'])
    expect(body.icons.some((icon) => icon.sizes === size && icon.purpose === 'maskable')).toBe(true);
  for (const icon of body.icons) {
    const png = await fetch(`${e2e.server.url}${icon.src}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  }

  const context = await e2e.newContext({ viewport: PHONE });
  await signInContext(context);
  const page = await context.newPage();
  try {
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return (
        navigator.serviceWorker.controller !== null ||
        (await navigator.serviceWorker.getRegistration()) !== undefined
      );
    });
    expect(controlled).toBe(true);
    // Once the worker controls the page, the API is still fetched from the server each time.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await eventually(
      'the service worker controls the page',
      () => page.evaluate(() => navigator.serviceWorker.controller !== null),
      (is) => is,
    );
    await page.evaluate(() => fetch('/api/site').then((answer) => answer.text()));
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(stored).toContain('/index.html');
    // The user's pages are kept, the staff areas' code is not (it is kept only once used).
    expect(stored.some((path) => /^\/assets\/DashboardPage-[^/]+\.js$/.test(path))).toBe(true);
    expect(
      stored.filter((path) => /^\/assets\/(Admin|Finance|Staff|Payouts|Adjustments)/.test(path)),
    ).toEqual([]);

    // Offline, a cold start of the dashboard (a new page, the worker serving the app's files)
    // shows the balances of the last visit.
    const balance = await textOf(page.getByRole('region', { name: 'Account Balance' }));
    expect(balance).toMatch(/₦[\d,]+\.\d\d/);
    await context.setOffline(true);
    const offline = await context.newPage();
    try {
      await offline.goto('/dashboard');
      await eventually(
        'the last-known balance, offline',
        () => textOf(offline.getByRole('region', { name: 'Account Balance' })),
        (text) => text === balance,
      );
      await visible(offline.getByText(/^as of \d\d:\d\d$/));
    } finally {
      await offline.close();
      await context.setOffline(false);
    }
  } catch (error) {
    await keepScreenshot(page, 'pwa-service-worker', error);
    throw error;
  } finally {
    await context.close();
  }
});

test('with the network cut, a page whose code cannot download offers a retry, not a crash screen', async () => {
  // No service worker: it would serve the code from its cache (which is its purpose).
  const context = await e2e.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  await signInContext(context);
  const page = await context.newPage();
  try {
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await visible(page.getByRole('heading', { level: 1 }));
    await context.setOffline(true);
    await page.getByRole('link', { name: 'History' }).first().click();
    await visible(page.getByRole('heading', { name: 'This page could not load' }));
    await visible(page.getByText('You seem to be offline', { exact: false }));
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByRole('heading', { level: 1, name: /History/i }));
  } catch (error) {
    await keepScreenshot(page, 'pwa-offline-retry', error);
    throw error;
  } finally {
    await context.close();
  }
});
