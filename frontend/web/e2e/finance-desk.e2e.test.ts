/**
 * Finance reconciles, in a real Chromium against the real server: Ada (demo user) asks for a
 * withdrawal, the admin approves it and finance records it paid with the bank's reference (API).
 * Finance then finds Ada by name in the journal (her money events, the payout among them) and the
 * paid payout by its reference on the Paid tab, which says when it was paid and by whom, by name.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_FINANCE, DEMO_USER, signInContext } from './support/pages';
import { eventually, textOf, textsOf, visible, WAIT_MS } from './support/wait';

const REFERENCE = 'ZEN-E2E-314159';

let e2e: E2e;
let finance: BrowserContext;
let page: Page;
let withdrawalId: string;

beforeAll(async () => {
  e2e = await startE2e();
  const adaToken = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  const adminToken = await e2e.api.adminToken();
  const financeToken = await e2e.api.adminToken(DEMO_FINANCE, DEMO_PASSWORD);
  await e2e.api.call('POST', '/users/withdraw', { amount: 2400, type: 'withdrawal' }, adaToken);
  const mine = await e2e.api.call<{ id: string; amount: number; status: string }[]>(
    'GET',
    '/users/withdrawals',
    undefined,
    adaToken,
  );
  withdrawalId = mine.find((w) => w.amount === 2400 && w.status === 'pending')!.id;
  await e2e.api.call('POST', '/admin/withdrawals/approve', { transactionId: withdrawalId }, adminToken);
  await e2e.api.call(
    'POST',
    `/finance/payouts/${withdrawalId}/mark-paid`,
    { reference: REFERENCE },
    financeToken,
  );
  finance = await e2e.newContext();
  await signInContext(finance, DEMO_FINANCE);
  page = await finance.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await finance?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) => keepingScreenshot(page, `finance-desk-${name}`, run);

test('finance finds Ada by name in the journal, with her money events only', () =>
  step('journal-person', async () => {
    await page.goto('/finance');
    await page.getByRole('searchbox', { name: 'Person' }).fill('Ada Okafor');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const found = page.getByLabel('People found');
    await visible(found);
    expect(await textOf(found)).toContain('Ada Okafor');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Ada Okafor');
    const table = page.locator('table.kobo-finance-journal-table');
    await eventually(
      "Ada's payout in the list",
      () => textOf(table),
      (text) => text.includes('PayoutSucceeded'),
    );
    // Only money moves by default: her registration's claims are not listed.
    expect(await textOf(table)).not.toContain('UniqueValueClaimed');
    expect(await textOf(table)).not.toContain('No money moved');
  }));

test('finance finds the paid payout by its reference, with when it was paid and by whom', () =>
  step('paid-by-reference', async () => {
    await page.goto('/finance/payouts?state=paid');
    await page.getByRole('searchbox', { name: 'Search' }).fill('E2E-314159');
    await eventually(
      'the search in the address',
      async () => new URL(page.url()).searchParams.get('q'),
      (q) => q === 'E2E-314159',
    );
    // The list shown before the search stays until the search's answer replaces it.
    const rows = page.locator('tbody tr');
    const [text] = await eventually(
      'only the paid payout with that reference listed',
      () => textsOf(rows),
      (texts) => texts.length === 1 && texts[0]!.includes(REFERENCE),
    );
    expect(text).toContain('Ada Okafor');
    expect(text).toMatch(/Paid \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} by Finance Kobo/);
    expect(text).not.toMatch(/by staff/);
    const csv = page.getByRole('link', { name: 'Export CSV' });
    expect(await csv.getAttribute('href')).toBe('/api/finance/payouts.csv?state=paid&q=E2E-314159');
  }));
