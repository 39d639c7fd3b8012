/**
 * One withdrawal reads the same everywhere, in a real Chromium against the real server: Ada (demo
 * user) asks for a withdrawal and the admin declines it. In History it is a withdrawal whose money
 * came back (Declined, "money returned", the amount struck through and unsigned, never a red
 * debit) and opens its details with the reason and a short reference; on the withdraw page it is
 * Declined with the reason and "The money is back on your balance."; in the admin's list it is
 * Declined, under the Declined filter. At 360 px and 1366 px, in the light and the dark theme, each
 * view's picture kept in artifacts/e2e/ to be looked at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import {
  DESKTOP,
  type E2e,
  keepingScreenshot,
  PHONE,
  startE2e,
  stopExpectingNoViolations,
} from './support/e2e';
import { DEMO_USER, signInContext } from './support/pages';
import { repoRoot } from './support/server';
import { eventually, textOf, visible, WAIT_MS } from './support/wait';

const AMOUNT = 2700;
const REASON = 'The account name does not match your profile name';
const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    amount,
  );

let e2e: E2e;
let withdrawalId: string;
/** 'W-' and the id's first six characters, as every heading names it. */
let reference: string;

beforeAll(async () => {
  e2e = await startE2e();
  const ada = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  const asked = await e2e.api.call<{ withdrawal: { id: string } }>(
    'POST',
    '/users/withdraw',
    { amount: AMOUNT, type: 'withdrawal' },
    ada,
  );
  withdrawalId = asked.withdrawal.id;
  reference = `W-${withdrawalId
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 6)
    .toUpperCase()}`;
  const admin = await e2e.api.adminToken(DEMO_ADMIN, DEMO_PASSWORD);
  await e2e.api.call(
    'POST',
    '/admin/withdrawals/reject',
    { transactionId: withdrawalId, reason: REASON },
    admin,
  );
  // The declined withdrawal has reached the read models the screens read.
  await eventually(
    'the declined withdrawal in the history',
    () => e2e.api.call<{ id: string; state: string | null }[]>('GET', '/users/transactions', undefined, ada),
    (rows) => rows.some((row) => row.id === withdrawalId && row.state === 'declined'),
  );
});

afterAll(() => stopExpectingNoViolations(e2e));

const shots = join(repoRoot(), 'artifacts', 'e2e');
async function keepPicture(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `money-states-view-${name}.png`), fullPage: true });
}

const views = [PHONE, DESKTOP].flatMap((viewport) =>
  (['light', 'dark'] as const).map((theme) => ({ viewport, theme, name: `${viewport.width}-${theme}` })),
);

describe.each(views)('a declined withdrawal at $name', ({ viewport, theme, name }) => {
  test('reads as money returned in History, and opens its details', async () => {
    const context = await e2e.newContext({ viewport, colorScheme: theme });
    await signInContext(context, DEMO_USER);
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    try {
      await keepingScreenshot(page, `money-states-history-${name}`, async () => {
        await page.goto('/dashboard/history');
        const row = page.locator(`[data-transaction="${withdrawalId}"]`);
        await visible(row);
        const text = await textOf(row);
        expect(text).toContain('Withdrawal');
        expect(text).toContain('Declined');
        expect(text).toContain('money returned');
        expect(text).toContain(naira(AMOUNT));
        expect(text).not.toContain(`-${naira(AMOUNT)}`);
        expect(text).not.toContain('Failed');
        // Struck through and not coloured as a debit.
        await visible(row.locator('s', { hasText: naira(AMOUNT) }));
        expect(await row.locator('.kobo-debit').count()).toBe(0);
        await keepPicture(page, `history-${name}`);

        await row.getByRole('link').click();
        const dialog = page.getByRole('dialog', { name: `Withdrawal ${reference}` });
        await visible(dialog);
        const details = await eventually(
          'the withdrawal in the dialog',
          () => textOf(dialog),
          (shown) => !shown.includes('Loading'),
        );
        expect(details).toContain('Declined');
        expect(details).toContain(REASON);
        expect(details).toContain('The money is back on your balance.');
        expect(details).not.toContain(withdrawalId);
        expect(new URL(page.url()).searchParams.get('withdrawal')).toBe(withdrawalId);
        await keepPicture(page, `history-details-${name}`);
      });
    } finally {
      await context.close();
    }
  });

  test('reads Declined, with the reason and the money back, on the withdraw page', async () => {
    const context = await e2e.newContext({ viewport, colorScheme: theme });
    await signInContext(context, DEMO_USER);
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    try {
      await keepingScreenshot(page, `money-states-withdraw-${name}`, async () => {
        await page.goto('/dashboard/withdraw');
        const item = page.locator(`li[data-withdrawal="${withdrawalId}"]`);
        await visible(item);
        const text = await textOf(item);
        expect(text).toContain('Declined');
        expect(text).toContain(reference);
        expect(text).toContain(REASON);
        expect(text).toContain('The money is back on your balance.');
        await item.scrollIntoViewIfNeeded();
        await keepPicture(page, `withdraw-${name}`);
      });
    } finally {
      await context.close();
    }
  });

  test("reads Declined in the admin's list, under the Declined filter", async () => {
    const context = await e2e.newContext({ viewport, colorScheme: theme });
    await signInContext(context, DEMO_ADMIN);
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    try {
      await keepingScreenshot(page, `money-states-admin-${name}`, async () => {
        await page.goto('/admin/withdrawals?state=declined');
        expect(await page.getByLabel('State').inputValue()).toBe('declined');
        // A table row on a desktop, a list item on a phone: the same request either way.
        const row = page.locator(`[data-withdrawal="${withdrawalId}"]`);
        await visible(row);
        const text = await textOf(row);
        expect(text).toContain('Declined');
        expect(text).toContain(naira(AMOUNT));
        expect(text).not.toMatch(/Rejected|Payout failed|Pending/);
        await keepPicture(page, `admin-${name}`);
      });
    } finally {
      await context.close();
    }
  });
});
