/**
 * Confirm before money moves, in a real Chromium against the real server paying through Paystack:
 * a new person, on a 360×740 phone and on a 1366 desktop, is sent from Withdraw to Settings → Bank,
 * picks the bank from the list, sees the name the bank holds for the number, saves and is back on
 * Withdraw;
 * sets a transaction PIN (in Settings on the desktop, inside the confirm sheet on the phone); then
 * withdraws through the confirm sheet, a wrong PIN first and the right one next. Screenshots of each
 * step go to a temporary folder (printed).
 *
 * Paystack cannot be reached from here: the server talks to the local double of its API
 * (`startPaystackDouble` from @kobo/jobs/testing: bearer secret key, `{ status, message, data }`,
 * Paystack's Nigerian banks and codes, the name enquiry of the accounts registered with it), with
 * its webhooks sent to the server. These screens request a withdrawal but never pay one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPaystackDouble, type PaystackDouble } from '@kobo/jobs/testing';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  type E2e,
  keepingScreenshot,
  PHONE,
  startE2e,
  stopExpectingNoViolations,
} from './support/e2e';
import { signInContext } from './support/pages';
import { eventually, gone, pathIs, textOf, visible, WAIT_MS } from './support/wait';

const SECRET_KEY = 'sk_test_e2e_withdraw_confirm';
/** Accounts the double's banks hold (valid NUBANs at Guaranty Trust Bank, code 058). */
const ACCOUNTS = [
  { bankCode: '058', accountNumber: '0002124567', accountName: 'ADA OKAFOR' },
  { bankCode: '058', accountNumber: '1004234568', accountName: 'CHIDI EZE' },
];
const WRONG_PIN = 'Wrong PIN. 4 tries left.';
const PIN_SET = 'Your transaction PIN is set.';

const naira = (amount: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    amount,
  );

const shots = mkdtempSync(join(tmpdir(), 'kobo-withdraw-confirm-'));
let paystack: PaystackDouble;
let e2e: E2e;
let adminToken: string;

beforeAll(async () => {
  paystack = await startPaystackDouble({ secretKey: SECRET_KEY, accounts: ACCOUNTS });
  e2e = await startE2e({
    PAYOUT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
  });
  paystack.setWebhookUrl(`${e2e.server.url}/api/webhooks/paystack`);
  adminToken = await e2e.api.adminToken();
  console.log(`withdraw-confirm screenshots: ${shots}`);
});

afterAll(async () => {
  await stopExpectingNoViolations(e2e);
  await paystack?.close();
});

/** A new person with ₦10,000 on their account balance (an admin's opening balance). */
async function newPerson(tag: string) {
  const stamp = `${tag}${Date.now().toString(36)}`;
  const person = { email: `confirm.${stamp}@e2e.kobo.test`, password: `pass-${stamp}` };
  await e2e.api.call(
    'POST',
    '/admin/users',
    {
      firstName: 'Ada',
      lastName: 'Okafor',
      email: person.email,
      password: person.password,
      balance: 10_000,
      reason: 'Opening balance for the confirm-before-withdrawal journey',
    },
    adminToken,
  );
  return person;
}

const journeys = [
  { name: 'phone', viewport: PHONE, account: '0002124567', holder: 'ADA OKAFOR', pinInSheet: true },
  { name: 'desktop', viewport: DESKTOP, account: '1004234568', holder: 'CHIDI EZE', pinInSheet: false },
] as const;

describe.each(journeys)('on a $name', ({ name, viewport, account, holder, pinInSheet }) => {
  let context: BrowserContext;
  let page: Page;
  let person: { email: string; password: string };
  const shot = (step: string) =>
    page.screenshot({ path: join(shots, `${name}-${step}.png`), animations: 'disabled', caret: 'hide' });
  const step = (title: string, run: () => Promise<void>) =>
    test(title, () => keepingScreenshot(page, `withdraw-confirm-${name}-${title}`, run));

  beforeAll(async () => {
    person = await newPerson(name);
    context = await e2e.newContext({ viewport });
    await signInContext(context, person.email, person.password);
    page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** The history entry the page is at (React Router numbers them). */
  const historyIndex = () => page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx);
  let withdrawEntry: number | undefined;

  step('Withdraw sends them to Settings → Bank, which knows the way back', async () => {
    await page.goto('/dashboard/withdraw');
    await visible(page.getByText('Bank Details Required'));
    withdrawEntry = await historyIndex();
    await page.getByRole('button', { name: 'Go to Settings' }).click();
    await pathIs(page, '/dashboard/settings');
    const address = new URL(page.url()).searchParams;
    expect([address.get('tab'), address.get('back')]).toEqual(['bank', '/dashboard/withdraw']);
    await visible(page.getByRole('heading', { name: 'Bank details' }));
    expect(await page.getByRole('tab', { name: 'Bank' }).getAttribute('aria-selected')).toBe('true');
    await visible(page.getByText('Once they are saved, you go back to Withdraw.'));
  });

  step('the bank is picked from the list and the bank’s name for the account shows', async () => {
    const panel = page.getByRole('tabpanel');
    const bank = panel.getByRole('combobox', { name: /^Bank/ });
    await bank.fill('guar');
    await panel.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
    expect(await bank.inputValue()).toBe('Guaranty Trust Bank');
    await panel.getByLabel('Account number').fill(account);
    await visible(panel.getByText('Name confirmed by the bank'));
    const accountName = panel.getByRole('textbox', { name: 'Account name' });
    expect(await accountName.inputValue()).toBe(holder);
    expect(await accountName.getAttribute('readonly')).not.toBeNull();
    await shot('1-bank-name-confirmed');

    await panel.getByLabel(/current password/i).fill(person.password);
    await panel.getByRole('button', { name: 'Update Bank Details' }).click();
    // Saved: back on Withdraw by itself, at the entry it left (Back does not return to the form).
    await pathIs(page, '/dashboard/withdraw');
    await visible(page.getByText(/Bank details updated/).first());
    await visible(page.getByText(holder).first());
    expect(await historyIndex()).toBe(withdrawEntry);
    await shot('2-bank-saved-back-on-withdraw');
  });

  if (!pinInSheet)
    step('sets a transaction PIN in Settings → Security', async () => {
      await page.goto('/dashboard/settings?tab=security');
      const panel = page.getByRole('region', { name: 'Transaction PIN' });
      await visible(panel.getByText('No PIN yet'));
      await panel.getByLabel('PIN', { exact: true }).fill('4821');
      await panel.getByLabel('Confirm PIN').fill('4821');
      await panel.getByLabel(/current password/i).fill(person.password);
      await panel.getByRole('button', { name: 'Set PIN' }).click();
      await visible(page.getByText(PIN_SET));
      await visible(panel.getByText('PIN set'));
      await shot('3-pin-set');
      await page.goto('/dashboard/withdraw');
    });

  step('withdraws through the confirm sheet: a wrong PIN, then the right one', async () => {
    const { token } = await e2e.api.signIn(person.email, person.password);
    const { withdrawalRules } = await e2e.api.call<{ withdrawalRules: { fee: number } }>(
      'GET',
      '/users/dashboard',
      undefined,
      token,
    );
    const fee = withdrawalRules.fee;
    const form = page.getByRole('tabpanel'); // the Account Balance tab, shown first
    await (await visible(form.getByLabel('Amount to withdraw'))).fill('2000');
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();

    const sheet = page.getByRole('dialog', { name: 'Confirm withdrawal' });
    await visible(sheet);
    expect(await textOf(sheet)).toContain(
      `Send ${naira(2000 - fee)} to ${holder} · Guaranty Trust Bank ••${account.slice(-4)} · fee ${naira(fee)} · arrives within 24-48 hours`,
    );
    expect(await textOf(sheet)).not.toContain(account);
    // The sheet fits the screen: nothing to scroll sideways on a phone.
    const box = await sheet.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await shot('4-confirm');
    await sheet.getByRole('button', { name: 'Continue' }).click();

    if (pinInSheet) {
      const setPin = page.getByRole('dialog', { name: 'Set your transaction PIN' });
      await visible(setPin);
      await setPin.getByLabel('PIN', { exact: true }).fill('4821');
      await setPin.getByLabel('Confirm PIN').fill('4821');
      await setPin.getByLabel(/current password/i).fill(person.password);
      await shot('3-pin-in-sheet');
      await setPin.getByRole('button', { name: 'Set PIN and continue' }).click();
    }

    const pinStep = page.getByRole('dialog', { name: 'Enter your transaction PIN' });
    const pin = await visible(pinStep.getByLabel('Transaction PIN'));
    expect(await pin.getAttribute('type')).toBe('password');
    expect(await pin.getAttribute('inputmode')).toBe('numeric');
    expect(await pin.evaluate((element) => element === document.activeElement)).toBe(true);
    await pin.fill('1111');
    await pin.press('Enter');
    await visible(pinStep.getByText(WRONG_PIN));
    expect(await pin.inputValue()).toBe('');
    await shot('5-wrong-pin');

    await pin.fill('4821');
    await pin.press('Enter');
    await visible(page.getByText('Withdrawal request submitted successfully!'));
    await gone(pinStep);
    await shot('6-sent');

    const withdrawals = await eventually(
      'the withdrawal',
      () => e2e.api.call<{ amount: number; type: string }[]>('GET', '/users/withdrawals', undefined, token),
      (list) => list.length > 0,
    );
    // One withdrawal: the wrong PIN moved nothing.
    expect(withdrawals.map((w) => [w.amount, w.type])).toEqual([[2000, 'withdrawal']]);
  });
});
