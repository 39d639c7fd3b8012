/**
 * The admin runs a campaign, in a real Chromium against the real server: creates it in the
 * Campaigns dialog (platform, then its variation, units, price, URL), finds it by search and the
 * platform filter (kept in the address across a reload), pauses and resumes it, edits its price,
 * and deletes it after the confirmation. Ada (demo user) sees it among her tasks only while it is
 * active, at the price it has.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import { type E2e, keepingScreenshot, startE2e, stopExpectingNoViolations } from './support/e2e';
import { DEMO_USER } from './support/pages';
import { eventually, gone, pathIs, textOf, visible, WAIT_MS } from './support/wait';

const stamp = Date.now().toString(36);
const title = `Install PayQuick ${stamp}`;

let e2e: E2e;
let admin: BrowserContext;
let page: Page;
let adaToken: string;

interface UserTask {
  _id: string;
  taskName: string;
  taskPrice: number;
}

/** The campaign as Ada's task list shows it, or undefined when it is not offered to her. */
async function adaSees(): Promise<UserTask | undefined> {
  const tasks = await e2e.api.call<UserTask[]>('GET', '/tasks', undefined, adaToken);
  return tasks.find((task) => task.taskName === title);
}

beforeAll(async () => {
  e2e = await startE2e();
  adaToken = (await e2e.api.signIn(DEMO_USER, DEMO_PASSWORD)).token;
  admin = await e2e.newContext();
  page = await admin.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await admin?.close();
  await stopExpectingNoViolations(e2e);
});

const step = (name: string, run: () => Promise<void>) =>
  keepingScreenshot(page, `admin-campaigns-${name}`, run);

const card = () => page.locator('li', { hasText: title });

test('the admin creates a campaign: the variations follow the platform, the cost follows units and price', () =>
  step('create', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(DEMO_ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pathIs(page, '/admin');
    await page.goto('/admin/campaigns');
    await visible(page.getByRole('heading', { name: 'Campaigns', level: 1 }));

    await page.getByRole('button', { name: 'Create campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create campaign' });
    await visible(dialog);
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Platform/).selectOption('youtube');
    await dialog.getByLabel(/^Task variation/).selectOption('Subscribe Channel');
    // Another platform: the variation starts over, from that platform's list.
    await dialog.getByLabel(/^Platform/).selectOption('playstore');
    expect(await dialog.getByLabel(/^Task variation/).inputValue()).toBe('');
    await dialog.getByLabel(/^Task variation/).selectOption('Install App');
    await dialog.getByLabel(/^URL/).fill('https://play.google.com/store/apps/details?id=ng.payquick');
    await dialog.getByLabel(/^Units/).fill('8');
    await dialog.getByLabel(/^Price per unit/).fill('120');
    await eventually(
      'the total cost',
      () => textOf(dialog.getByTestId('campaign-total-cost')),
      (text) => text === '₦960.00',
    );
    await dialog.getByRole('button', { name: 'Create campaign' }).click();
    await visible(page.getByText('New campaign has been created successfully.'));
    await gone(dialog);

    const offered = await eventually('Ada sees the new task', adaSees, (task) => task !== undefined);
    expect(offered?.taskPrice).toBe(120);
  }));

test('the admin finds it by search and platform filter; the view survives a reload', () =>
  step('find', async () => {
    await page.getByLabel('Search').fill(stamp);
    await page.getByLabel('Platform').selectOption('app-stores');
    await eventually(
      'the address',
      async () => new URL(page.url()).searchParams.toString(),
      (query) => query === `q=${stamp}&platform=app-stores`,
    );
    // The server's answer for the new view replaces the cards shown before it.
    await eventually(
      'only the campaign searched for',
      () => page.locator('.kobo-admin-campaigns-grid > li').count(),
      (cards) => cards === 1,
    );
    await visible(card());
    const text = await textOf(card());
    expect(text).toContain('Google Play Store · Install App');
    expect(text).toContain('Active');
    expect(text).toContain('₦960.00');

    await page.reload();
    await visible(card());
    expect(await page.getByLabel('Search').inputValue()).toBe(stamp);
    expect(await page.getByLabel('Platform').inputValue()).toBe('app-stores');

    // Another group hides it.
    await page.getByLabel('Platform').selectOption('music-streaming');
    await visible(page.getByText('No campaigns found'));
    await page.getByLabel('Platform').selectOption('playstore');
    await visible(card());
  }));

test('the admin pauses it (Ada no longer sees it) and resumes it (she does again)', () =>
  step('pause', async () => {
    await card()
      .getByRole('button', { name: `Pause ${title}` })
      .click();
    await visible(page.getByText('Campaign status changed to paused.'));
    await eventually(
      'the paused card',
      () => textOf(card()),
      (text) => text.includes('Paused'),
    );
    expect(await adaSees()).toBeUndefined();

    await card()
      .getByRole('button', { name: `Resume ${title}` })
      .click();
    await visible(page.getByText('Campaign status changed to active.'));
    await eventually(
      'the active card',
      () => textOf(card()),
      (text) => text.includes('Active'),
    );
    expect(await adaSees()).toBeDefined();
  }));

test('the admin edits its price; Ada sees the new price', () =>
  step('edit', async () => {
    await card()
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
    await visible(dialog);
    expect(await dialog.getByLabel(/^Platform/).inputValue()).toBe('playstore');
    expect(await dialog.getByLabel(/^Task variation/).inputValue()).toBe('Install App');
    await dialog.getByLabel(/^Price per unit/).fill('150');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Campaign has been updated successfully.'));
    await gone(dialog);
    await eventually(
      'the new budget',
      () => textOf(card()),
      (text) => text.includes('₦1,200.00'),
    );
    expect((await adaSees())?.taskPrice).toBe(150);
  }));

test('the admin deletes it after confirming; it is gone for both', () =>
  step('delete', async () => {
    await card()
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const alert = page.getByRole('alertdialog');
    await visible(alert);
    await alert.getByRole('button', { name: 'Delete campaign' }).click();
    await visible(page.getByText('Campaign has been deleted successfully.'));
    await gone(card());
    await visible(page.getByText('No campaigns found'));
    expect(await adaSees()).toBeUndefined();
  }));
