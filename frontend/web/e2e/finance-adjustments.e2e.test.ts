/**
 * Separation of duties, in a real Chromium against the real server: the admin sets Ada's balance
 * ₦70,000 higher with a reason (API). Above the approval threshold nothing is posted; finance
 * signs in, opens Adjustments, sees the change waiting and rejects it with a reason; the admin then
 * asks for ₦60,000 more, finance approves it, and Ada's balance moves by the approved amount only.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { accountBalanceOf, DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, PHONE, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_FINANCE, DEMO_USER } from './support/pages';
import { eventually, pathIs, textOf, visible, WAIT_MS } from './support/wait';

let e2e: E2e;
let finance: BrowserContext;
let page: Page;
let adaToken: string;
let adminToken: string;
let adaId: string;
let balanceBefore: number;

const adaBalance = () => accountBalanceOf(e2e.api, adaToken);

async function askChange(added: number, reason: string): Promise<string> {
  const answer = await e2e.api.call<{ pendingAdjustment?: { adjustmentId: string; message: string } }>(
    'PUT',
    `/admin/users/${adaId}`,
    { balance: (await adaBalance()) + added, reason },
    adminToken,
  );
  expect(answer.pendingAdjustment?.message).toMatch(/waits for a finance user's approval\.$/);
  return answer.pendingAdjustment!.adjustmentId;
}

beforeAll(async () => {
  e2e = await startE2e();
  adaToken = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  adminToken = await e2e.api.adminToken();
  const found = await e2e.api.call<{ _id: string }[]>(
    'GET',
    `/admin/users?q=${DEMO_USER}`,
    undefined,
    adminToken,
  );
  adaId = found[0]!._id;
  balanceBefore = await adaBalance();
  await askChange(70_000, 'Refund asked twice: reject');
  finance = await e2e.newContext();
  page = await finance.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await finance?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) =>
  keepingScreenshot(page, `finance-adjustments-${name}`, run);
const rowWith = (text: string) => page.locator('li', { hasText: text });

test('nothing is posted before finance decides', async () => {
  expect(await adaBalance()).toBeCloseTo(balanceBefore, 2);
});

test('finance opens Adjustments and rejects a waiting change with a reason', () =>
  step('reject', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(DEMO_FINANCE);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pathIs(page, '/finance');
    await page.getByRole('link', { name: 'Adjustments' }).first().click();
    await pathIs(page, '/finance/adjustments');
    await visible(page.getByRole('heading', { name: 'Balance adjustments', level: 1 }));
    const row = rowWith('Refund asked twice: reject');
    await visible(row);
    expect(await textOf(row)).toContain('Waiting for approval');
    await page.screenshot({ path: '/tmp/shots-duties/adjustments-desktop.png', fullPage: true });

    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the balance change' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(dialog.getByText('Please give a reason for the rejection.'));
    await dialog.getByLabel(/Reason for the rejection/).fill('Already refunded last week');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await visible(page.getByText('Balance change rejected.'));
    await eventually(
      'the rejected row',
      () => textOf(row),
      (text) => text.includes('Already refunded last week'),
    );
  }));

test('finance approves the next one; only it reaches Ada', () =>
  step('approve', async () => {
    await askChange(60_000, 'Campaign refund agreed by phone');
    await page.reload();
    const row = rowWith('Campaign refund agreed by phone');
    await row.getByRole('button', { name: 'Approve' }).click();
    await visible(page.getByText('Balance change approved.'));
    await eventually(
      'the approved row',
      () => textOf(row),
      (text) => text.includes('Approved by'),
    );
    expect(await adaBalance()).toBeCloseTo(balanceBefore + 60_000, 2);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: '/tmp/shots-duties/adjustments-phone.png', fullPage: true });
  }));
