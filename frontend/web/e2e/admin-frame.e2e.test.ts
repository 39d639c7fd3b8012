/**
 * The admin area's frame in a real Chromium against the real server: an admin signs in at the
 * Admin Portal and sees the figures; a signed-in user is turned away by the guard and refused by
 * the API; a community link the admin changes reaches the user's Support page; Logout goes home.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import { type E2e, journeySteps, startE2e, stopExpectingNoViolations } from './support/e2e';
import { signInContext } from './support/pages';
import { eventually, gone, pathIs, textOf, visible } from './support/wait';

const stamp = Date.now().toString(36);
const whatsapp = `https://whatsapp.com/channel/kobo-${stamp}`;

let e2e: E2e;
let admin: BrowserContext;
let user: BrowserContext;
let page: Page;

beforeAll(async () => {
  e2e = await startE2e();
  admin = await e2e.newContext();
  user = await e2e.newContext();
  await signInContext(user);
  page = await admin.newPage();
});

afterAll(async () => {
  await admin?.close();
  await user?.close();
  await stopExpectingNoViolations(e2e);
});

const step = journeySteps('admin-frame', () => page);

step('an admin signs in at the Admin Portal and lands on the dashboard with the figures', async () => {
  const stats = await e2e.api.call<{ totalUsers: number; pendingWithdrawals: number }>(
    'GET',
    '/admin/stats',
    undefined,
    await e2e.api.adminToken(),
  );
  await page.goto('/admin');
  await pathIs(page, '/admin/login'); // the guard, before signing in
  await visible(page.getByRole('heading', { name: 'Admin Portal' }));
  await page.getByLabel('Email address').fill(DEMO_ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await pathIs(page, '/admin');
  await visible(page.getByText('Welcome back, Admin.'));
  const users = page.getByRole('region', { name: 'Total Users' });
  await eventually(
    'the Total Users card',
    () => textOf(users),
    (text) => text.includes(`Total Users${stats.totalUsers}`),
  );
  expect(await textOf(page.getByRole('region', { name: 'Pending Withdrawals' }))).toContain(
    String(stats.pendingWithdrawals),
  );
  await visible(page.getByRole('region', { name: 'Total Withdrawn' }).getByText(/₦[\d,]+\.\d\d/));
  await visible(
    page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Community' }),
  );
});

step('a signed-in user is sent to /admin/login, and the API refuses them the admin figures', async () => {
  const userPage = await user.newPage();
  try {
    await userPage.goto('/admin');
    await pathIs(userPage, '/admin/login');
    await visible(userPage.getByRole('heading', { name: 'Admin Portal' }));
    const answer = await userPage.evaluate(async () => {
      const res = await fetch('/api/admin/stats', { credentials: 'same-origin' });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    });
    expect(answer).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'You do not have access to this resource' }),
    });
  } finally {
    await userPage.close();
  }
});

step('the admin changes the WhatsApp channel and the user’s Support page shows it', async () => {
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Community' }).click();
  await pathIs(page, '/admin/community');
  await page.getByRole('button', { name: 'Edit WhatsApp channel' }).click();
  const field = page.getByRole('textbox', { name: 'WhatsApp channel' });
  await field.fill(whatsapp);
  await field.press('Enter');
  await visible(page.getByText('Community information has been updated.'));
  await gone(field);
  await visible(page.getByRole('region', { name: 'WhatsApp channel' }).getByRole('link', { name: whatsapp }));

  const userPage = await user.newPage();
  try {
    await userPage.goto('/dashboard/support');
    await visible(userPage.locator(`a[href="${whatsapp}"]`));
  } finally {
    await userPage.close();
  }
});

step('Logout ends the admin session and goes home', async () => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await pathIs(page, '/');
  expect(await page.evaluate(() => localStorage.getItem('kobo.session'))).toBeNull();
  // The server cleared the httpOnly session cookie.
  expect((await admin.cookies()).map((cookie) => cookie.name)).not.toContain('kobo_session');
  await page.goto('/admin');
  await pathIs(page, '/admin/login');
});
