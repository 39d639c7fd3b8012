/**
 * Finance's audit tools and overview, in a real Chromium against the real server: finance signs
 * in at /admin/login, verifies the ledger from the Audit tab (a progress bar, then every check
 * passed), rebuilds one read model with progress and sees its result, and the Overview tab's
 * figures for today are the ones the API gives.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_FINANCE } from './support/pages';
import { eventually, pathIs, textOf, visible, WAIT_MS } from './support/wait';

const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    amount,
  );

interface ChartDay {
  date: string;
  moneyIn: number;
  moneyOut: number;
  pendingWithdrawals: number;
  proofsAwaitingReview: number;
}

let e2e: E2e;
let finance: BrowserContext;
let page: Page;

beforeAll(async () => {
  e2e = await startE2e();
  finance = await e2e.newContext();
  page = await finance.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await finance?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) =>
  keepingScreenshot(page, `finance-audit-${name}`, run);

test('finance signs in and verifies the ledger from the Audit tab', () =>
  step('verify', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(DEMO_FINANCE);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pathIs(page, '/finance');

    await page.goto('/finance?tab=audit');
    const verifyCard = page.locator('section', {
      has: page.getByRole('heading', { name: 'Verify the ledger' }),
    });
    await verifyCard.getByRole('button', { name: 'Verify the ledger' }).click();
    await visible(verifyCard.getByRole('progressbar', { name: 'Verify progress' }));
    await visible(verifyCard.getByText(/^Every check passed \(\d+\)$/), 60_000);
    expect(await verifyCard.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const checks = verifyCard.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    expect(await checks.count()).toBeGreaterThan(4);
    expect(await verifyCard.getByText('failed', { exact: true }).count()).toBe(0);
    expect(await checks.first().locator('strong').textContent()).toBe('hash chain');
    expect(await textOf(checks.first())).toMatch(/^ok\s*hash chain\s*[\d,]+ events chained/);
  }));

test('finance rebuilds one read model from the browser and sees its progress and result', () =>
  step('rebuild', async () => {
    const rebuildCard = page.locator('section', {
      has: page.getByRole('heading', { name: 'Rebuild a read model' }),
    });
    await rebuildCard.getByLabel('Read model').selectOption('withdrawals');
    await rebuildCard.getByRole('button', { name: 'Rebuild' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rebuild withdrawals?' });
    await visible(
      dialog.getByText(/rebuilds the read model from the whole log; the screens keep working meanwhile/),
    );
    await dialog.getByRole('button', { name: 'Rebuild' }).click();
    await visible(rebuildCard.getByRole('progressbar', { name: 'Rebuild progress' }));
    const result = await visible(rebuildCard.getByText(/events replayed up to position/), 60_000);
    expect(await textOf(result)).toMatch(
      /^Rebuilt\s*[\d,]+ events replayed up to position [\d,]+ in [\d.]+ s\.$/,
    );

    // Both runs are in the recent list; the projector table shows the rebuild.
    const runs = page.locator('section', { has: page.getByRole('heading', { name: 'Recent runs' }) });
    await eventually(
      'the recent runs',
      () => textOf(runs),
      (text) => text.includes('Rebuild withdrawals') && text.includes('Every check passed'),
    );
    const row = page.locator('tr', { has: page.getByText('withdrawals', { exact: true }) });
    await eventually(
      'the rebuilt time',
      () => textOf(row),
      (text) => !text.includes('Never'),
    );

    // The reactors follow the log on the same runtime, and are shown the same way.
    const reactors = page.locator('section', { has: page.getByRole('heading', { name: 'Reactors' }) });
    for (const name of ['jobs', 'notices']) {
      const reactor = reactors.locator('tr', { has: page.getByText(name, { exact: true }) });
      await eventually(
        `the ${name} reactor's row`,
        () => textOf(reactor),
        (text) => /idle|catching-up/.test(text) && text.includes('This process'),
      );
    }
  }));

test("the Overview tab's charts show today's figures as the API gives them", () =>
  step('overview', async () => {
    const token = await e2e.api.adminToken(DEMO_FINANCE, DEMO_PASSWORD);
    const { days } = await e2e.api.call<{ days: ChartDay[] }>(
      'GET',
      '/finance/charts?days=7',
      undefined,
      token,
    );
    const today = days.at(-1)!;
    expect(today.moneyIn).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByLabel('Period').selectOption('7');
    await eventually(
      'the period in the address',
      async () => new URL(page.url()).searchParams,
      (params) => params.get('tab') === 'overview' && params.get('days') === '7',
    );
    const chart = await visible(
      page.getByRole('img', { name: /^Money in and out per day over the last 7 days/ }),
    );
    expect(await chart.getAttribute('aria-label')).toContain(
      `Money in ${naira(days.reduce((s, d) => s + d.moneyIn, 0))} in total`,
    );
    const moneyIn = page.getByRole('region', { name: 'Money in, the last 7 days' });
    expect(await textOf(moneyIn)).toContain(`Today ${naira(today.moneyIn)}`);
    const pending = page.getByRole('region', { name: 'Pending withdrawals now' });
    expect(await textOf(pending)).toContain(String(today.pendingWithdrawals));

    const figure = page.locator('figure', { hasText: 'Money in and out per day' });
    await figure.getByRole('button', { name: 'Show as table' }).click();
    const firstRow = figure.getByRole('table').locator('tbody tr').first();
    expect(await firstRow.locator('th, td').allTextContents()).toEqual([
      new Date(`${today.date}T12:00:00Z`).toLocaleDateString('en-NG', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }),
      naira(today.moneyIn),
      naira(today.moneyOut),
    ]);
    const proofs = page.getByRole('img', { name: /^Proofs awaiting review at the end of each day/ });
    expect(await proofs.getAttribute('aria-label')).toContain(`: ${today.proofsAwaitingReview} today`);

    const download = page.getByRole('button', { name: 'Download CSV' });
    expect(await download.getAttribute('href')).toBe('/api/finance/export.csv');
  }));
