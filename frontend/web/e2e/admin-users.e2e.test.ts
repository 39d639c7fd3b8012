/**
 * The admin manages users, in a real Chromium against the real server: adds a user, finds them by
 * a search the server runs (kept in the address, so a reload keeps it), edits their status and
 * balance, reads their details, deletes them after the spec's confirmation with a reason, then
 * finds them under Deleted as "Deleted user", erased today. A user can reach neither the screen nor
 * the API.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_USER, signInContext } from './support/pages';
import { eventually, gone, pathIs, textOf, visible, WAIT_MS } from './support/wait';

let e2e: E2e;
let admin: BrowserContext;
let page: Page;
const stamp = Date.now().toString(36);
const email = `funke.${stamp}@kobo.test`;

beforeAll(async () => {
  e2e = await startE2e();
  admin = await e2e.newContext();
  await signInContext(admin, DEMO_ADMIN);
  page = await admin.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await admin?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) => keepingScreenshot(page, `admin-users-${name}`, run);

const funkeRow = () => page.locator('tr', { hasText: email });

test('the admin adds a user; a missing name is named first', () =>
  step('add', async () => {
    await page.goto('/admin/users');
    await visible(page.getByRole('heading', { name: 'Users', level: 1 }));
    await page.getByRole('button', { name: 'Add New User' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await visible(dialog);
    await dialog.getByLabel('Email (required)').fill(email);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await visible(dialog.getByText('Please fill in all required fields.'));
    await visible(dialog.getByText('First name and last name are required.').first());

    await dialog.getByLabel('First name (required)').fill('funke');
    await dialog.getByLabel('Last name (required)').fill('adeyemi');
    await dialog.getByLabel('Account balance (₦)').fill('1500');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await visible(page.getByText('User created successfully.'));
    await gone(dialog);
  }));

test('the server finds them by email, ignoring case; the search survives a reload', () =>
  step('search', async () => {
    await page.getByLabel('Search').fill(email.toUpperCase());
    await eventually(
      'the search in the address',
      async () => new URL(page.url()).searchParams.get('q'),
      (q) => q === email.toUpperCase(),
    );
    // The server's answer for the search replaces the first page.
    await eventually(
      'only the searched user listed',
      () => page.locator('tbody tr').count(),
      (rows) => rows === 1,
    );
    await visible(funkeRow());
    // Names are stored capitalised; the opening balance was posted.
    expect(await textOf(funkeRow())).toContain('Funke Adeyemi');
    expect(await textOf(funkeRow())).toContain('₦1,500.00');

    await page.reload();
    expect(await page.getByLabel('Search').inputValue()).toBe(email.toUpperCase());
    await visible(funkeRow());
  }));

test('the admin makes them inactive and changes the balance; the status filter finds them', () =>
  step('edit', async () => {
    await funkeRow().getByRole('button', { name: 'Edit Funke Adeyemi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Funke Adeyemi' });
    await visible(dialog);
    await dialog.getByLabel('Status').selectOption('inactive');
    await dialog.getByLabel('Account balance (₦)').fill('2000');
    // A balance change carries a reason (separation of duties).
    await dialog.getByLabel(/^Reason for the balance change/).fill('Correction agreed with the user');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('User updated successfully.'));
    await gone(dialog);

    await page.getByLabel('Status', { exact: true }).selectOption('inactive');
    await eventually(
      'the inactive row',
      () => textOf(funkeRow()),
      (text) => text.includes('Inactive') && text.includes('₦2,000.00'),
    );
    expect(new URL(page.url()).searchParams.get('status')).toBe('inactive');

    await funkeRow().getByRole('button', { name: 'View Funke Adeyemi' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await visible(details);
    expect(await textOf(details)).toContain(email);
    expect(await textOf(details)).toContain('₦2,000.00');
    // The footer's Close (the title bar has its own).
    await details.getByRole('button', { name: 'Close' }).last().click();
    await gone(details);
  }));

test('the admin deletes them after the exact confirmation and a reason', () =>
  step('delete', async () => {
    await funkeRow().getByRole('button', { name: 'Delete Funke Adeyemi' }).click();
    await visible(
      page.getByText('Are you sure you want to delete Funke Adeyemi? This action cannot be undone.'),
    );
    await visible(page.getByText(/will be erased and cannot be recovered\. Their transactions are kept\./));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByText('Please give the reason for deleting this user.'));
    await page.getByLabel('Reason for deleting (required)').fill('Asked by email to close the account');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByText('User deleted successfully.'));
    await visible(page.getByText('No users found'));
  }));

test('a user can reach neither the users screen nor its API', () =>
  step('guard', async () => {
    const user = await e2e.newContext();
    try {
      await signInContext(user, DEMO_USER);
      const userPage = await user.newPage();
      await userPage.goto('/admin/users');
      await pathIs(userPage, '/admin/login');
      const { token } = await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD);
      await expect(e2e.api.call('GET', '/admin/users?pageSize=5', undefined, token)).rejects.toThrow(/403/);
    } finally {
      await user.close();
    }
  }));
