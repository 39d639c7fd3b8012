/**
 * Finance pays approved withdrawals, in a real Chromium against the real server: Ada (demo user)
 * asks for two withdrawals and the admin approves both (API); finance signs in at /admin/login,
 * lands on /finance, opens Payouts, sees them awaiting, marks one paid with the bank's reference
 * (Paid with that reference after a reload; Ada's transaction completed) and the other failed with
 * a reason (the money back on Ada's balance). Finance cannot use the admin's calls or pages.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { accountBalanceOf, DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_FINANCE, DEMO_USER } from './support/pages';
import { eventually, pathIs, textOf, visible, WAIT_MS } from './support/wait';

const REFERENCE = 'GTB-E2E-000777';
const REASON = 'The bank returned the transfer: account dormant.';
const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    amount,
  );

let e2e: E2e;
let finance: BrowserContext;
let page: Page;
let adaToken: string;
let balanceBefore: number;
const withdrawalOf: Record<number, string> = {};

const adaBalance = () => accountBalanceOf(e2e.api, adaToken);

beforeAll(async () => {
  e2e = await startE2e();
  adaToken = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  const adminToken = await e2e.api.adminToken();
  balanceBefore = await adaBalance();
  for (const amount of [2100, 2300]) {
    await e2e.api.call('POST', '/users/withdraw', { amount, type: 'withdrawal' }, adaToken);
    const mine = await e2e.api.call<{ id: string; amount: number; status: string }[]>(
      'GET',
      '/users/withdrawals',
      undefined,
      adaToken,
    );
    const asked = mine.find((w) => w.amount === amount && w.status === 'pending')!;
    withdrawalOf[amount] = asked.id;
    await e2e.api.call('POST', '/admin/withdrawals/approve', { transactionId: asked.id }, adminToken);
  }
  finance = await e2e.newContext();
  page = await finance.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await finance?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) =>
  keepingScreenshot(page, `finance-payouts-${name}`, run);

const rowFor = (amount: number) => page.locator('tr', { hasText: naira(amount) });

test('finance signs in, opens Payouts, and marks a payout paid with the bank reference', () =>
  step('paid', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(DEMO_FINANCE);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pathIs(page, '/finance');

    await page.getByRole('link', { name: 'Payouts' }).first().click();
    await pathIs(page, '/finance/payouts');
    await visible(page.getByRole('heading', { name: 'Payouts', level: 1 }));
    const row = rowFor(2100);
    await visible(row);
    expect(await textOf(row)).toContain('Approved');
    expect(await textOf(rowFor(2300))).toContain('Approved');

    // The bank file is a plain download of the awaiting list, with the session cookie.
    const exportLink = page.getByRole('link', { name: 'Export bank file (CSV)' });
    expect(await exportLink.getAttribute('href')).toBe('/api/finance/payouts.csv?state=pending');
    const csv = await page.evaluate(async () =>
      (await fetch('/api/finance/payouts.csv?state=pending')).text(),
    );
    expect(csv).toContain(withdrawalOf[2100]);

    await row.getByRole('button', { name: /^Mark paid: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payout paid' });
    await visible(dialog);
    // The reference is required: nothing is sent without it.
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await visible(dialog.getByText('The bank reference is required.'));
    await dialog.getByLabel(/Bank reference/).fill(REFERENCE);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await visible(page.getByText('Payout marked as paid.'));

    await page.goto('/finance/payouts?state=paid');
    await eventually(
      'the paid row',
      () => textOf(rowFor(2100)),
      (text) => text.includes('Paid') && text.includes(REFERENCE),
    );

    const transactions = await e2e.api.call<{ id: string; status: string }[]>(
      'GET',
      '/users/transactions',
      undefined,
      adaToken,
    );
    expect(transactions.find((t) => t.id === withdrawalOf[2100])?.status).toBe('Completed');
  }));

test('a payout marked failed with a reason puts the money back on Ada’s balance', () =>
  step('failed', async () => {
    // Both withdrawals were held; the paid one has left for good.
    expect(await adaBalance()).toBe(balanceBefore - 2100 - 2300);
    await page.goto('/finance/payouts');
    const row = rowFor(2300);
    await visible(row);
    await row.getByRole('button', { name: /^Mark failed: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payout failed' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Mark failed' }).click();
    await visible(dialog.getByText('A reason is required when a payout fails.'));
    await dialog.getByLabel(/Reason/).fill(REASON);
    await dialog.getByRole('button', { name: 'Mark failed' }).click();
    await visible(page.getByText("Payout marked as failed; the money is back in the user's balance."));

    expect(await adaBalance()).toBe(balanceBefore - 2100);
    await page.goto('/finance/payouts?state=failed');
    await eventually(
      'the failed row',
      () => textOf(rowFor(2300)),
      (text) => text.includes('Failed') && text.includes(REASON),
    );
  }));

test('finance cannot use the admin’s calls or pages', () =>
  step('not-admin', async () => {
    const financeToken = await e2e.api.adminToken(DEMO_FINANCE, DEMO_PASSWORD);
    const answer = await fetch(`${e2e.server.url}/api/admin/users`, {
      headers: { authorization: `Bearer ${financeToken}` },
    });
    expect(answer.status).toBe(403);

    await page.goto('/admin/withdrawals');
    await eventually(
      'where finance is sent',
      async () => new URL(page.url()).pathname,
      (path) => path === '/admin/login' || path === '/finance',
    );
    expect(await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).count()).toBe(0);
  }));
