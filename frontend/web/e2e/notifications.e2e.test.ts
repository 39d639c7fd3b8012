/**
 * The notification centre, in a real Chromium against the real server, on a phone: Ada has read
 * everything and has her dashboard open; an admin approves her proof; the bell shows 1 without a
 * reload (the live stream), the centre shows the approval in words with the reward in naira, and
 * opening it marks it read.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api';
import { journeySteps, PHONE, startE2e, stopExpectingNoViolations, type E2e } from './support/e2e';
import { proofPng } from './support/files';
import { signInContext } from './support/pages';
import { eventually, gone, visible, WAIT_MS } from './support/wait';

const stamp = Date.now().toString(36);
const task = {
  taskName: `Follow the Jollof Hub page (${stamp})`,
  taskPlatform: 'facebook',
  taskVariation: 'Follow Page',
  taskInstructions: 'Follow the page, then upload a screenshot that shows it followed.',
  taskUnits: 5,
  taskPrice: 125.5,
  taskUrl: 'https://facebook.com/jollofhub',
};
const ADA = 'ada@demo.kobo.ng';

let e2e: E2e;
let context: BrowserContext;
let page: Page;
let campaignId: string;
let adaToken: string;
let adaId: string;

beforeAll(async () => {
  e2e = await startE2e();
  const adminToken = await e2e.api.adminToken();
  campaignId = (await e2e.api.call<{ task: { _id: string } }>('POST', '/admin/tasks', task, adminToken)).task
    ._id;
  const signedIn = await e2e.api.signIn(ADA, DEMO_PASSWORD);
  adaToken = signedIn.token;
  adaId = signedIn.id;
  const form = new FormData();
  form.append('taskId', campaignId);
  form.append('proofImage', new Blob([readFileSync(await proofPng())], { type: 'image/png' }), 'proof.png');
  const submitted = await fetch(`${e2e.server.url}/api/tasks/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adaToken}` },
    body: form,
  });
  expect(submitted.status).toBe(201);
  // Ada has read what the demo history told her, once the centre has all of it.
  await eventually(
    'the notifications read model at the head of the log',
    () =>
      e2e.api.call<{ projectors: { name: string; lag: number }[] }>(
        'GET',
        '/finance/projections',
        undefined,
        adminToken,
      ),
    ({ projectors }) => projectors.find((projector) => projector.name === 'notifications')?.lag === 0,
    60_000,
  );
  await e2e.api.call('POST', '/users/notifications/read', {}, adaToken);

  context = await e2e.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await signInContext(context, ADA);
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await context?.close();
  await stopExpectingNoViolations(e2e);
});

const step = journeySteps('notifications', () => page);
const bell = () => page.getByRole('button', { name: /^Notifications/ });

step('shows the bell without a count while everything is read', async () => {
  await page.goto('/dashboard');
  await visible(bell());
  expect(await bell().getAttribute('aria-label')).toBe('Notifications');
  expect(await page.getByTestId('notification-badge').count()).toBe(0);
});

step('counts the approval on the bell as soon as the admin approves, without a reload', async () => {
  const adminToken = await e2e.api.adminToken();
  await e2e.api.call('POST', '/admin/tasks/approve', { taskId: campaignId, userId: adaId }, adminToken);
  await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));
  expect(await page.getByTestId('notification-badge').textContent()).toBe('1');
});

step('opens the centre: the approval in words, the reward in naira, and marks it read', async () => {
  await bell().click();
  const list = page.getByRole('list', { name: 'Notifications' });
  const first = list.getByRole('listitem').first();
  await visible(first.getByText('Proof approved (new)'));
  await visible(
    first.getByText(
      `Your proof for "${task.taskName}" was approved: ₦125.50 was added to your account balance.`,
    ),
  );
  // Read on opening: the count is gone once the server has it.
  await visible(page.getByRole('status').filter({ hasText: 'All read' }));
  await page.keyboard.press('Escape');
  await gone(list);
  await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
  const answer = await e2e.api.call<{ unreadCount: number }>(
    'GET',
    '/users/notifications',
    undefined,
    adaToken,
  );
  expect(answer.unreadCount).toBe(0);
});

step('goes to the notification’s page when it is tapped', async () => {
  await bell().click();
  await page
    .getByRole('link', { name: /Proof approved/ })
    .first()
    .click();
  await page.waitForURL('**/dashboard/tasks');
});
