/**
 * Every page of the public site and the user area, with stable names (used for test titles and
 * screenshot files), and how to open one the way a person would see it: signed in where needed,
 * the welcome popup already seen, the page's data loaded.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api';
import { pathIs } from './wait';

export interface SitePage {
  name: string;
  path: string;
  signedIn: boolean;
}

export const PUBLIC_PAGES: SitePage[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'about', path: '/about', signedIn: false },
  { name: 'faq', path: '/faq', signedIn: false },
  { name: 'contact', path: '/contact', signedIn: false },
  { name: 'terms', path: '/terms', signedIn: false },
  { name: 'privacy', path: '/privacy', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'signup', path: '/signup', signedIn: false },
  { name: 'forgot-password', path: '/forgot-password', signedIn: false },
  { name: 'reset-password', path: '/reset-password/e2e-made-up-token', signedIn: false },
  { name: 'reset-password-invalid', path: '/reset-password', signedIn: false },
  { name: 'not-found', path: '/no-such-page', signedIn: false },
];

export const USER_PAGES: SitePage[] = [
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'tasks', path: '/dashboard/tasks', signedIn: true },
  { name: 'history', path: '/dashboard/history', signedIn: true },
  { name: 'withdraw', path: '/dashboard/withdraw', signedIn: true },
  { name: 'statement', path: '/dashboard/statement', signedIn: true },
  { name: 'settings', path: '/dashboard/settings', signedIn: true },
  { name: 'support', path: '/dashboard/support', signedIn: true },
];

export const ALL_PAGES = [...PUBLIC_PAGES, ...USER_PAGES];

/** The demo user whose pages have data in every section. */
export const DEMO_USER = 'ada@demo.kobo.ng';

/**
 * Signs the context in as `email` through the page's own origin (so the session cookie is set as
 * at the sign-in form) and marks the welcome popup seen, so pages are seen without it.
 */
export async function signInContext(context: BrowserContext, email = DEMO_USER, password = DEMO_PASSWORD) {
  const page = await context.newPage();
  await page.goto('/');
  const answer = await page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return { status: res.status, body: (await res.json()) as { id: string; role: string } };
    },
    { email, password },
  );
  if (answer.status !== 200)
    throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  await page.evaluate(
    (session) => {
      localStorage.setItem('kobo.session', JSON.stringify(session));
      localStorage.setItem('hasSeenWelcomeModal', 'true');
    },
    { userId: answer.body.id, role: answer.body.role },
  );
  await page.close();
}

/** Opens a page and waits until it has drawn its data: no request in flight, fonts loaded. */
export async function openPage(page: Page, sitePage: SitePage): Promise<void> {
  await page.goto(sitePage.path);
  await page.waitForLoadState('networkidle');
  // A signed-in page that bounced to /login (session refused) must not pass as checked.
  await pathIs(page, sitePage.path.replace(/\/$/, '') || '/', 5_000);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
