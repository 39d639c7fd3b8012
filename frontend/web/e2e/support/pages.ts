/**
 * Every page of the public site, the user area and the admin area, with stable names (used for
 * test titles and screenshot files), and how to open one the way a person would see it: signed in
 * where needed, the welcome popup already seen, the page's data loaded.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api';
import { pathIs } from './wait';

/** Who looks at a page: a visitor, the demo user, the demo admin or the demo finance staff. */
export type Viewer = 'visitor' | 'user' | 'admin' | 'finance';

export interface SitePage {
  name: string;
  path: string;
  viewer: Viewer;
}

export const PUBLIC_PAGES: SitePage[] = [
  { name: 'landing', path: '/', viewer: 'visitor' },
  { name: 'about', path: '/about', viewer: 'visitor' },
  { name: 'faq', path: '/faq', viewer: 'visitor' },
  { name: 'contact', path: '/contact', viewer: 'visitor' },
  { name: 'terms', path: '/terms', viewer: 'visitor' },
  { name: 'privacy', path: '/privacy', viewer: 'visitor' },
  { name: 'login', path: '/login', viewer: 'visitor' },
  { name: 'signup', path: '/signup', viewer: 'visitor' },
  { name: 'forgot-password', path: '/forgot-password', viewer: 'visitor' },
  { name: 'reset-password', path: '/reset-password/e2e-made-up-token', viewer: 'visitor' },
  { name: 'reset-password-invalid', path: '/reset-password', viewer: 'visitor' },
  { name: 'not-found', path: '/no-such-page', viewer: 'visitor' },
];

export const USER_PAGES: SitePage[] = [
  { name: 'dashboard', path: '/dashboard', viewer: 'user' },
  { name: 'tasks', path: '/dashboard/tasks', viewer: 'user' },
  { name: 'history', path: '/dashboard/history', viewer: 'user' },
  { name: 'withdraw', path: '/dashboard/withdraw', viewer: 'user' },
  { name: 'statement', path: '/dashboard/statement', viewer: 'user' },
  { name: 'settings', path: '/dashboard/settings', viewer: 'user' },
  { name: 'support', path: '/dashboard/support', viewer: 'user' },
];

export const ADMIN_PAGES: SitePage[] = [
  { name: 'admin-login', path: '/admin/login', viewer: 'visitor' },
  { name: 'admin-dashboard', path: '/admin', viewer: 'admin' },
  { name: 'admin-campaigns', path: '/admin/campaigns', viewer: 'admin' },
  { name: 'admin-active-campaigns', path: '/admin/active-campaigns', viewer: 'admin' },
  { name: 'admin-review-queue', path: '/admin/review', viewer: 'admin' },
  { name: 'admin-users', path: '/admin/users', viewer: 'admin' },
  { name: 'admin-withdrawals', path: '/admin/withdrawals', viewer: 'admin' },
  { name: 'admin-transactions', path: '/admin/transactions', viewer: 'admin' },
  { name: 'admin-community', path: '/admin/community', viewer: 'admin' },
];

/** The finance area, seen by the demo finance staff (the account pages name a demo account). */
export const FINANCE_PAGES: SitePage[] = [
  { name: 'finance-journal', path: '/finance', viewer: 'finance' },
  { name: 'finance-journal-every-event', path: '/finance?show=all', viewer: 'finance' },
  { name: 'finance-journal-person', path: '/finance?q=Ada%20Okafor', viewer: 'finance' },
  { name: 'finance-overview', path: '/finance?tab=overview', viewer: 'finance' },
  { name: 'finance-audit', path: '/finance?tab=audit', viewer: 'finance' },
  { name: 'finance-payouts', path: '/finance/payouts', viewer: 'finance' },
  { name: 'finance-payouts-paid', path: '/finance/payouts?state=paid', viewer: 'finance' },
  { name: 'finance-adjustments', path: '/finance/adjustments', viewer: 'finance' },
  { name: 'finance-account', path: '/finance/accounts/platform%3Aadjustments', viewer: 'finance' },
];

export const ALL_PAGES = [...PUBLIC_PAGES, ...USER_PAGES, ...ADMIN_PAGES, ...FINANCE_PAGES];

/** The demo user whose pages have data in every section. */
export const DEMO_USER = 'ada@demo.kobo.ng';
/** The demo admin (the demo data's staff sign-in). */
export const DEMO_ADMIN = 'admin@demo.kobo.ng';
/** The demo finance staff. */
export const DEMO_FINANCE = 'finance@demo.kobo.ng';

const EMAIL_OF: Record<Exclude<Viewer, 'visitor'>, string> = {
  user: DEMO_USER,
  admin: DEMO_ADMIN,
  finance: DEMO_FINANCE,
};

/** A context for each kind of viewer, signed in as the demo user or staff where needed. */
export async function signInAs(context: BrowserContext, viewer: Viewer): Promise<BrowserContext> {
  if (viewer !== 'visitor') await signInContext(context, EMAIL_OF[viewer]);
  return context;
}

/**
 * Signs the context in as `email` through the page's own origin (so the session cookie is set as
 * at the sign-in form) and marks the welcome popup seen, so pages are seen without it. From the
 * site's icon, a document of the origin that runs no code: the landing page would load, hydrate
 * and install the service worker first, seconds of each test, for nothing the test looks at.
 */
export async function signInContext(context: BrowserContext, email = DEMO_USER, password = DEMO_PASSWORD) {
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  const answer = await page.evaluate(
    async ({ email, password, staff }) => {
      // Staff have their own door; its answer names them `_id`.
      const res = await fetch(staff ? '/api/auth/admin-login' : '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { id?: string; _id?: string; role: string };
      return { status: res.status, body: { id: (body.id ?? body._id)!, role: body.role } };
    },
    { email, password, staff: email === DEMO_ADMIN || email === DEMO_FINANCE },
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
  await pathIs(page, new URL(sitePage.path, 'http://x').pathname.replace(/\/$/, '') || '/', 5_000);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
