/**
 * Finance reads the journal, in a real Chromium against the real server: finance signs in at
 * /admin/login and lands on /finance; filters the journal by Ada's account; opens the newest
 * event (an admin's balance change made after a noted moment) and sees its postings and
 * 'Verified'; opens Ada's account and reads its balance at the noted moment, which is the figure
 * before the change. A user cannot open /finance, and the API refuses them the events.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_FINANCE, DEMO_USER, signInContext } from './support/pages';
import { eventually, pathIs, textOf, textsOf, visible, WAIT_MS } from './support/wait';

const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    amount,
  );
/** A moment as a `datetime-local` value with seconds, in this machine's zone (the browser's too). */
const localValue = (time: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())}T${two(time.getHours())}:${two(
    time.getMinutes(),
  )}:${two(time.getSeconds())}`;
};

let e2e: E2e;
let finance: BrowserContext;
let page: Page;
let user: BrowserContext | undefined;
let ada: { token: string; id: string };
let account: string;
let balanceBefore: number;
let noted: Date;
const ADDED = 1234.5;

beforeAll(async () => {
  e2e = await startE2e();
  ada = await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD);
  account = `user:${ada.id}:account`;
  const adminToken = await e2e.api.adminToken();
  // The ledger's own figure, not the dashboard's: on a busy machine the read model may still be
  // folding the demo data in, and the admin's change below is computed against the ledger.
  const financeToken = await e2e.api.adminToken(DEMO_FINANCE);
  balanceBefore = (
    await e2e.api.call<{ balance: number }>(
      'GET',
      `/finance/accounts/${encodeURIComponent(account)}/balance`,
      undefined,
      financeToken,
    )
  ).balance;
  // The noted moment is a whole second (the form takes seconds): the first one after the last
  // posting to Ada's account. The change is made once the server's clock has passed it, and is
  // checked to have been recorded after it.
  const newestPosting = async () =>
    (
      await e2e.api.call<{ events: { type: string; recordedAt: string }[] }>(
        'GET',
        `/finance/events?account=${encodeURIComponent(account)}&limit=1`,
        undefined,
        financeToken,
      )
    ).events[0];
  const last = await newestPosting();
  noted = new Date((Math.floor(Date.parse(last?.recordedAt ?? '1970-01-01T00:00:00Z') / 1000) + 1) * 1000);
  await eventually(
    "the server's clock at the noted moment",
    // The Date header: the server's time, whole seconds, rounded down.
    async () => Date.parse((await fetch(`${e2e.server.url}/healthz`)).headers.get('date') ?? ''),
    (serverNow) => serverNow >= noted.getTime(),
  );
  await e2e.api.call(
    'PUT',
    `/admin/users/${ada.id}`,
    { balance: balanceBefore + ADDED, reason: 'E2E journal check' },
    adminToken,
  );
  const change = await newestPosting();
  expect(change?.type).toBe('BalanceAdjusted');
  expect(Date.parse(change?.recordedAt ?? '')).toBeGreaterThan(noted.getTime());
  finance = await e2e.newContext();
  page = await finance.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await finance?.close();
  await user?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) =>
  keepingScreenshot(page, `finance-journal-${name}`, run);

test('finance signs in, filters the journal by an account and opens its newest event: postings and Verified', () =>
  step('journal', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(DEMO_FINANCE);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pathIs(page, '/finance');

    await page.getByLabel('Account', { exact: true }).fill(account);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(
      'the filter in the address',
      async () => new URL(page.url()).searchParams.get('account'),
      (value) => value === account,
    );
    const rows = page.locator('.kobo-finance-journal-table tbody tr');
    await eventually(
      'only events that posted to the account',
      () => textsOf(rows),
      (texts) => texts.length > 0 && texts.every((text) => text.includes(account)),
    );
    const newest = rows.first();
    expect(await textOf(newest)).toContain('BalanceAdjusted');
    expect(await textOf(newest)).toContain(`+${naira(ADDED)}`);

    await newest.getByRole('link', { name: 'BalanceAdjusted' }).click();
    await visible(page.getByRole('heading', { name: 'BalanceAdjusted', level: 1 }));
    const postings = page.locator('.kobo-finance-journal-postings-table');
    await visible(postings.getByRole('link', { name: account }));
    expect(await textOf(postings)).toContain(`+${naira(ADDED)}`);
    expect(await textOf(postings)).toContain('Balances to zero');
    await visible(page.getByText('Verified', { exact: true }));
  }));

test('finance opens the account and reads its balance at the noted moment: the figure before the change', () =>
  step('account', async () => {
    await page.locator('.kobo-finance-journal-postings-table').getByRole('link', { name: account }).click();
    await pathIs(page, `/finance/accounts/${encodeURIComponent(account)}`);
    await eventually(
      'the balance now',
      () => textOf(page.getByTestId('balance-now')),
      (text) => text === naira(balanceBefore + ADDED),
    );
    await page.getByLabel('Moment', { exact: true }).fill(localValue(noted));
    await page.getByRole('button', { name: 'Show balance' }).click();
    await eventually(
      'the balance at the noted moment',
      () => textOf(page.getByTestId('balance-at')),
      (text) => text === naira(balanceBefore),
    );
    // The moment in the address, as the input wrote it (a browser drops ":00" seconds).
    const at = new URL(page.url()).searchParams.get('at');
    expect(at && new Date(at).getTime()).toBe(new Date(localValue(noted)).getTime());
    await visible(page.getByText(/the reconciliation the user sees/));
  }));

test('a user cannot open /finance, and the API refuses them the events', () =>
  step('user', async () => {
    user = await e2e.newContext();
    await signInContext(user, DEMO_USER);
    const userPage = await user.newPage();
    await userPage.goto('/finance');
    await pathIs(userPage, '/admin/login');
    const status = await fetch(`${e2e.server.url}/api/finance/events`, {
      headers: { authorization: `Bearer ${ada.token}` },
    }).then((res) => res.status);
    expect(status).toBe(403);
  }));
