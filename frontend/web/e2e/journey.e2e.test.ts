/**
 * One person's whole life on Kobo, in a real Chromium against the real server: sign up through a
 * friend's link, sign in, the welcome popup once, find a Spotify task, send a proof, watch the
 * reward arrive on the open dashboard when an admin approves it, withdraw (the refusals first, then
 * once despite a double click), check the statement against the balance, change the password and
 * delete the account. The steps run in order and share the person; texts are the spec's.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api';
import { type E2e, journeySteps, startE2e, stopExpectingNoViolations } from './support/e2e';
import { proofPng } from './support/files';
import { eventually, gone, pathIs, textOf, visible, WAIT_MS } from './support/wait';

const stamp = Date.now().toString(36);
const person = {
  firstName: 'Amaka',
  lastName: 'Nwosu',
  username: `amaka_${stamp}`,
  email: `amaka.${stamp}@e2e.kobo.test`,
  phone: '08031112222',
  password: 'first-pass-1',
  newPassword: 'second-pass-2',
};
const task = {
  taskName: `Stream "Kobo Anthem" on Spotify (${stamp})`,
  taskPlatform: 'spotify',
  taskVariation: 'Stream Song',
  taskInstructions: 'Stream the song to the end, then upload a screenshot that shows it playing.',
  taskUnits: 3,
  taskPrice: 2500,
  taskUrl: 'https://open.spotify.com/track/kobo-anthem',
};

let e2e: E2e;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let adaToken: string;
let referralCode: string;
let campaignId: string;
let userId: string;
let withdrawalId: string;

beforeAll(async () => {
  e2e = await startE2e();
  adminToken = await e2e.api.adminToken();
  adaToken = (await e2e.api.signIn('ada@demo.kobo.ng', DEMO_PASSWORD)).token;
  referralCode = (
    await e2e.api.call<{ referralCode: string }>('GET', '/users/dashboard', undefined, adaToken)
  ).referralCode;
  const created = await e2e.api.call<{ task: { _id: string } }>('POST', '/admin/tasks', task, adminToken);
  campaignId = created.task._id;
  context = await e2e.newContext();
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

const step = journeySteps('journey', () => page);

afterAll(async () => {
  await context?.close();
  await stopExpectingNoViolations(e2e);
});

/** The card or panel around a piece of text: its nearest ancestor that also holds `alsoHolding`. */
function around(text: string, alsoHolding: string) {
  return page
    .getByText(text, { exact: true })
    .first()
    .locator(`xpath=ancestor::*[contains(normalize-space(.), ${JSON.stringify(alsoHolding)})][1]`);
}

async function signIn(password: string) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

step('signs up through a referral link: the code is filled in, the username is checked', async () => {
  await page.goto(`/signup?ref=${referralCode}`);
  // The pre-rendered form is drawn before the app's code, which fills the code in from the link.
  const referral = await visible(page.getByLabel(/referral code/i));
  await eventually(
    'the referral code from the link',
    () => referral.inputValue(),
    (value) => value === referralCode,
  );

  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Username').fill('adaokafor'); // the demo user's
  await visible(page.getByText(/taken/i));
  await page.getByLabel('Username').fill(person.username);
  await visible(page.getByText(/available/i));
  await page.getByLabel(/email/i).fill(person.email);
  await page.getByLabel(/phone/i).fill(person.phone);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel(/confirm password/i).fill(person.password);
  // Blueprint draws its own box over the input: the click lands on it, as a person's does.
  await page.getByRole('checkbox', { name: /terms/i }).check({ force: true });
  await page.getByRole('button', { name: /create account|sign up/i }).click();

  await pathIs(page, '/login');
  await visible(page.getByText('Account created successfully!, Please sign in to start earning.'));
});

step('signs in and lands on the dashboard, greeted by username', async () => {
  await signIn(person.password);
  await pathIs(page, '/dashboard');
  await visible(page.getByText(`Hi, ${person.firstName}`));
  userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('kobo.session') ?? '{}').userId as string,
  );
  expect(userId).toBeTruthy();
});

step('shows the welcome popup once: not again after it is closed', async () => {
  const dialog = page.getByRole('dialog');
  await visible(dialog);
  await dialog.getByRole('button', { name: /close/i }).first().click();
  await gone(dialog);
  const flag = await page.evaluate(() =>
    Object.keys(localStorage).find((key) => key.includes('hasSeenWelcomeModal')),
  );
  expect(flag).toBeTruthy();

  await page.reload();
  await visible(page.getByText('Account Balance', { exact: true }));
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('dialog').count()).toBe(0);
});

step('filters the tasks: Spotify Only shows only Spotify tasks and the count follows', async () => {
  await page.goto('/dashboard/tasks');
  await visible(page.getByRole('heading', { name: 'Available Tasks' }));
  await visible(page.getByText(/\d+ tasks? available/i));
  // The count of the tasks shown follows the filter ("15 shown", then "2 of 15 shown").
  const count = page.getByText(/\d+ (of \d+ )?shown/);
  const number = async () => Number((await textOf(count)).match(/(\d+) (of \d+ )?shown/)?.[1]);
  const all = await eventually('the task count', number, (n) => n > 1);
  await visible(page.getByText('Like the Jollof Kitchen page')); // a demo Facebook task

  await page.getByLabel('Sort and filter').selectOption({ label: 'Spotify Only' });
  const spotify = await eventually('the Spotify count', number, (n) => n !== all);
  expect(spotify).toBeGreaterThanOrEqual(1);
  expect(await textOf(count)).toBe(`${spotify} of ${all} shown`);
  await visible(page.getByText(task.taskName));
  expect(await page.getByText('Like the Jollof Kitchen page').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Perform Task' }).count()).toBe(spotify);
});

step('submits a proof screenshot and sees it pending verification', async () => {
  const card = page.getByRole('article', { name: task.taskName });
  await card.getByRole('button', { name: 'Perform Task' }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByText(task.taskName));
  const submit = dialog.getByRole('button', { name: 'Submit Task' });
  expect(await submit.isDisabled()).toBe(true);
  await dialog.locator('input[type="file"]').setInputFiles(await proofPng());
  await eventually('Submit Task enabled', () => submit.isEnabled(), Boolean);
  await submit.click();

  await visible(page.getByText('Success!'));
  await visible(page.getByText(/verified within 1-7 hours/i));
  await page.getByRole('button', { name: 'Close' }).first().click();
  await visible(card.getByText('Pending review'));
  await page.getByRole('tab', { name: /My submissions/ }).click();
  const submissions = page.getByRole('tabpanel'); // the shown one: hidden panels have no role
  await visible(submissions.getByText(task.taskName));
  await visible(submissions.getByText('Pending review')); // a new person's only submission
});

step('an admin approves it and the open dashboard shows the new balance without a reload', async () => {
  await page.goto('/dashboard');
  const accountCard = around('Account Balance', 'Available for withdrawal');
  await eventually(
    'the account balance before',
    () => textOf(accountCard),
    (t) => t.includes('₦0.00'),
  );
  await page.evaluate(() => ((window as unknown as { keptOpen: boolean }).keptOpen = true));

  await e2e.api.call('POST', '/admin/tasks/approve', { campaignId, userId }, adminToken);

  await eventually(
    'the account balance after approval',
    () => textOf(accountCard),
    (t) => t.includes('₦2,500.00'),
    10_000,
  );
  expect(await page.evaluate(() => (window as unknown as { keptOpen?: boolean }).keptOpen)).toBe(true);
});

step(
  'withdraws: bank details first, the minimum and the balance refused, then once despite a double click',
  async () => {
    await page.goto('/dashboard/withdraw');
    await visible(page.getByText('Bank Details Required'));
    await page
      .getByRole('button', { name: 'Go to Settings' })
      .or(page.getByRole('link', { name: 'Go to Settings' }))
      .click();
    await pathIs(page, '/dashboard/settings');
    await page.getByRole('tab', { name: 'Bank' }).click();
    const bankPanel = page.getByRole('tabpanel');
    await bankPanel.getByRole('combobox', { name: /^Bank\b/ }).fill('guaranty');
    await bankPanel.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
    await bankPanel.getByLabel('Account number').fill('0002124567');
    // Without a payout provider the bank cannot be asked: the person types the name.
    await bankPanel.getByLabel(/Account name/).fill(`${person.firstName} ${person.lastName}`);
    await bankPanel.getByLabel(/current password/i).fill(person.password);
    await bankPanel.getByRole('button', { name: 'Update Bank Details' }).click();
    await visible(page.getByText('Bank details updated successfully!').first());

    await page.goto('/dashboard/withdraw');
    const accountTab = page.getByRole('tabpanel'); // the Account Balance tab, shown first
    const amount = await visible(accountTab.getByLabel(/amount/i));
    const submit = accountTab.getByRole('button', { name: 'Withdraw', exact: true });
    await amount.fill('1999');
    await submit.click();
    await visible(page.getByText('Minimum withdrawal amount is ₦2,000'));
    await amount.fill('5000');
    await submit.click();
    await visible(page.getByText('Insufficient balance', { exact: true }));

    await amount.fill('2000');
    await submit.dblclick();
    // The confirm sheet, once; a first PIN is set inside it, then the withdrawal goes with it.
    await page
      .getByRole('dialog', { name: 'Confirm withdrawal' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const setPin = page.getByRole('dialog', { name: 'Set your transaction PIN' });
    await setPin.getByLabel('PIN', { exact: true }).fill('4821');
    await setPin.getByLabel('Confirm PIN').fill('4821');
    await setPin.getByLabel(/current password/i).fill(person.password);
    await setPin.getByRole('button', { name: 'Set PIN and continue' }).click();
    const pin = await visible(page.getByRole('dialog').getByLabel('Transaction PIN'));
    await pin.fill('4821');
    await pin.press('Enter');
    await visible(page.getByText('Withdrawal request submitted successfully!'));
    await page.waitForLoadState('networkidle');
    const { token } = await e2e.api.signIn(person.email, person.password);
    const withdrawals = await e2e.api.call<{ id: string; amount: number; type: string }[]>(
      'GET',
      '/users/withdrawals',
      undefined,
      token,
    );
    expect(withdrawals.map((w) => [w.amount, w.type])).toEqual([[2000, 'withdrawal']]);
    withdrawalId = withdrawals[0]!.id;
  },
);

step("the statement's final running balance equals the balance card", async () => {
  await page.goto('/dashboard');
  const accountCard = around('Account Balance', 'Available for withdrawal');
  await eventually(
    'the balance card',
    () => textOf(accountCard),
    (t) => t.includes('₦500.00'),
  );

  await page.goto('/dashboard/statement');
  const reconciliation = page.getByRole('region', { name: 'Reconciliation' });
  await visible(reconciliation.getByText('The running balance equals your balance card: ₦500.00'));
  // The newest entry's running balance (the table's first row) is that same figure.
  await visible(page.getByRole('row').nth(1).getByText('₦500.00'));
});

step('changes the password, then signs in with the new one (and not the old)', async () => {
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  // The transaction PIN panel beside it has a current-password field of its own.
  const password = page.getByRole('region', { name: 'Change Password' });
  await password.getByLabel('Current password').fill(person.password);
  await password.getByLabel('New password', { exact: true }).fill(person.newPassword);
  await password.getByLabel('Confirm new password').fill(person.newPassword);
  await password.getByRole('button', { name: 'Update Password' }).click();
  await visible(page.getByText('Password updated successfully!'));

  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await pathIs(page, '/');
  await signIn(person.password);
  await visible(page.getByText('Invalid email or password'));
  await signIn(person.newPassword);
  await pathIs(page, '/dashboard');
  await visible(page.getByText(`Hi, ${person.firstName}`));
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('dialog').count()).toBe(0); // the welcome popup was seen already
});

step('deletes the account (not while a withdrawal is pending); signing in then fails', async () => {
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const danger = page.getByRole('region', { name: 'Delete Account' });
  const deleteAccount = async () => {
    await danger.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click(); // the "for good?" question
  };
  await danger.getByLabel('Password', { exact: true }).fill(person.newPassword);
  await danger.getByRole('checkbox').check({ force: true });
  await deleteAccount();
  await visible(page.getByText(/A withdrawal is still being processed/));

  await e2e.api.call('POST', '/admin/withdrawals/reject', { transactionId: withdrawalId }, adminToken);
  await deleteAccount();
  await visible(page.getByText('Account deleted successfully!'));
  await pathIs(page, '/');

  await signIn(person.newPassword);
  await visible(page.getByText('Invalid email or password'));
  expect(new URL(page.url()).pathname).toBe('/login');
});
