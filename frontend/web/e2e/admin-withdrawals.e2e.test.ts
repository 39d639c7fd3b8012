/**
 * The admin decides on withdrawals, in a real Chromium against the real server: Ada (demo user)
 * asks for two withdrawals; the admin signs in at /admin/login, approves one on
 * /admin/withdrawals (the row shows Approved, and still does after a reload), rejects the other
 * with a reason; Ada's withdrawal page then shows it Declined with that reason, and the money is
 * back on her balance.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { accountBalanceOf, DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_USER, signInContext } from './support/pages';
import { eventually, pathIs, textOf, visible, WAIT_MS } from './support/wait';

const REASON = 'The account name does not match your profile name';
const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    amount,
  );

let e2e: E2e;
let admin: BrowserContext;
let adminPage: Page;
let user: BrowserContext;
let userPage: Page;
let adaToken: string;
let balanceBefore: number;

const adaBalance = () => accountBalanceOf(e2e.api, adaToken);

async function requestWithdrawal(amount: number): Promise<void> {
  await e2e.api.call('POST', '/users/withdraw', { amount, type: 'withdrawal' }, adaToken);
}

beforeAll(async () => {
  e2e = await startE2e();
  adaToken = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  balanceBefore = await adaBalance();
  await requestWithdrawal(2100);
  await requestWithdrawal(2300);
  admin = await e2e.newContext();
  adminPage = await admin.newPage();
  adminPage.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await admin?.close();
  await user?.close();
  await stopExpectingNoViolations(e2e);
});

/** Keeps a picture of the screen when a step fails. */
const step = (name: string, page: () => Page | undefined, run: () => Promise<void>) =>
  keepingScreenshot(page(), `admin-withdrawals-${name}`, run);

const rowFor = (amount: number) => adminPage.locator('tr', { hasText: naira(amount) });

test('the admin signs in and approves a request; it shows Approved, also after a reload', () =>
  step(
    'approve',
    () => adminPage,
    async () => {
      await adminPage.goto('/admin/login');
      await adminPage.getByLabel('Email address').fill(DEMO_ADMIN);
      await adminPage.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await adminPage.getByRole('button', { name: 'Sign in' }).click();
      await pathIs(adminPage, '/admin');

      // The filter lives in the address: Ada's pending requests only.
      await adminPage.goto('/admin/withdrawals?state=requested&q=ada');
      await visible(adminPage.getByRole('heading', { name: 'Withdrawals', level: 1 }));
      expect(await adminPage.getByLabel('State').inputValue()).toBe('requested');
      expect(await adminPage.getByLabel('Search').inputValue()).toBe('ada');
      const row = rowFor(2100);
      await visible(row);
      expect(await textOf(row)).toContain('Requested');

      await row.getByRole('button', { name: /^Approve / }).click();
      await visible(adminPage.getByText(/withdrawal request of ₦2,100\.00 has been approved successfully\./));

      await adminPage.goto('/admin/withdrawals?state=all&q=ada');
      await eventually(
        'the approved row',
        () => textOf(rowFor(2100)),
        (text) => text.includes('Approved'),
      );
      expect(
        await rowFor(2100)
          .getByRole('button', { name: /^Approve / })
          .count(),
      ).toBe(0);
    },
  ));

test('the admin rejects the other with a reason; Ada sees it Declined and the money back', () =>
  step(
    'reject',
    () => userPage ?? adminPage,
    async () => {
      const row = rowFor(2300);
      await row.getByRole('button', { name: /^Reject / }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Reject withdrawal' });
      await visible(dialog);
      // The reason is required: nothing is sent without it.
      await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
      await visible(dialog.getByText('Please give a reason; the user will see it.'));
      await dialog.getByLabel(/Reason/).fill(REASON);
      await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
      await visible(adminPage.getByText(/withdrawal request of ₦2,300\.00 has been rejected successfully\./));
      await eventually(
        'the rejected row',
        () => textOf(rowFor(2300)),
        (text) => text.includes('Declined'),
      );

      // Only the approved request is still held.
      expect(await adaBalance()).toBe(balanceBefore - 2100);

      user = await e2e.newContext();
      await signInContext(user, DEMO_USER);
      userPage = await user.newPage();
      userPage.setDefaultTimeout(WAIT_MS);
      await userPage.goto('/dashboard/withdraw');
      const declined = userPage.locator('li', { hasText: naira(2300) });
      await visible(declined);
      await eventually(
        'the declined withdrawal',
        () => textOf(declined),
        (text) => text.includes('Declined') && text.includes(REASON),
      );
      await visible(userPage.getByText(naira(balanceBefore - 2100)));
    },
  ));
