/**
 * The withdrawal desk's safety nets, in a real Chromium against the real server (confirmation
 * above ₦2,000, a 10 s undo): Ada (demo user) asks for ₦2,500; the admin opens /admin/withdrawals,
 * which opens on the requests waiting for a decision, approves hers, confirms the amount, and
 * undoes the approval from the toast: the request is pending again and Ada's money is still
 * held, nothing paid. On a 360 px phone the page and the request's details fit without sideways
 * scrolling.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, PHONE, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_USER } from './support/pages';
import { eventually, pathIs, textOf, visible, WAIT_MS } from './support/wait';

let e2e: E2e;
let admin: BrowserContext;
let page: Page;
let adaToken: string;
let adminToken: string;

beforeAll(async () => {
  e2e = await startE2e({ WITHDRAWAL_UNDO_SECONDS: '10', WITHDRAWAL_CONFIRM_ABOVE_NAIRA: '2000' });
  adaToken = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  adminToken = await e2e.api.adminToken();
  await e2e.api.call('POST', '/users/withdraw', { amount: 2500, type: 'withdrawal' }, adaToken);
  admin = await e2e.newContext();
  page = await admin.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await admin?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) =>
  keepingScreenshot(page, `admin-withdrawal-undo-${name}`, run);
const row = () => page.locator('tr', { hasText: '₦2,500.00' });

async function stateOfAdasRequest(): Promise<string | undefined> {
  const list = (await e2e.api.call('GET', '/admin/withdrawals?q=ada', undefined, adminToken)) as {
    amount: number;
    state: string;
  }[];
  return list.find((w) => w.amount === 2500)?.state;
}

test('approve above the amount: confirm, then undo from the toast; the request is pending again', () =>
  step('approve-confirm-undo', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(DEMO_ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pathIs(page, '/admin');

    await page.goto('/admin/withdrawals');
    // Opens on the requests waiting for a decision.
    expect(await page.getByLabel('State').inputValue()).toBe('requested');
    await visible(row());
    expect(await textOf(row())).toContain('Requested');

    await row()
      .getByRole('button', { name: /^Approve / })
      .click();
    const confirm = page.getByRole('alertdialog');
    await visible(confirm.getByText(/^Approve ₦2,500\.00 to /));
    await confirm.getByRole('button', { name: 'Approve' }).click();

    await visible(page.getByText(/withdrawal request of ₦2,500\.00 has been approved successfully\./));
    expect(await stateOfAdasRequest()).toBe('approved');
    await page.getByRole('button', { name: 'Undo' }).click();
    await visible(page.getByText(/withdrawal request of ₦2,500\.00 is pending again\./));

    await eventually(
      'the request back in the list as Requested',
      () => textOf(row()),
      (text) => text.includes('Requested'),
    );
    expect(await stateOfAdasRequest()).toBe('requested');
  }));

test('on a 360 px phone the list and the request details fit the screen', () =>
  step('phone', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/admin/withdrawals');
    const item = page.locator('li', { hasText: '₦2,500.00' });
    await visible(item);
    const fits = () =>
      page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
      }));
    expect(await fits()).toEqual({ scrollWidth: PHONE.width, width: PHONE.width });
    await item.getByRole('button', { name: /^View details/ }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('region', { name: 'Checks' }).getByText('Earlier payouts'));
    const dialogFits = await dialog.evaluate((el) => {
      const sticking = [...el.querySelectorAll<HTMLElement>('*')]
        .filter((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((child) => `${child.tagName.toLowerCase()}.${[...child.classList].join('.')}`)
        .slice(0, 5);
      return { right: Math.round(el.getBoundingClientRect().right) <= window.innerWidth, sticking };
    });
    expect(dialogFits).toEqual({ right: true, sticking: [] });
    expect(await fits()).toEqual({ scrollWidth: PHONE.width, width: PHONE.width });
  }));
