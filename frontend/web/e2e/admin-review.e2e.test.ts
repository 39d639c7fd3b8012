/**
 * The admin's proof review, in a real Chromium against the real server: two people send proofs
 * for a new campaign, the admin finds it on Active Campaigns, opens its review queue and, from
 * the keyboard alone, approves one (the reward reaches the person's balance) and rejects the
 * other with a reason (the person reads it in their submissions).
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD } from './support/api';
import { type E2e, journeySteps, startE2e, stopExpectingNoViolations } from './support/e2e';
import { proofPng } from './support/files';
import { eventually, gone, pathIs, visible, WAIT_MS } from './support/wait';

const stamp = Date.now().toString(36);
const task = {
  taskName: `Like the Suya Spot page (${stamp})`,
  taskPlatform: 'facebook',
  taskVariation: 'Like Page',
  taskInstructions: 'Like the page, then upload a screenshot that shows it liked.',
  taskUnits: 5,
  taskPrice: 150,
  taskUrl: 'https://facebook.com/suyaspot',
};
const approvedUser = { email: 'ada@demo.kobo.ng', name: 'Ada' };
const rejectedUser = { email: 'chioma@demo.kobo.ng', name: 'Chioma' };
const reason = 'The screenshot does not show the page as liked.';

let e2e: E2e;
let context: BrowserContext;
let page: Page;
let campaignId: string;
let adaToken: string;
let chiomaToken: string;
let balanceBefore: number;
const reviewCalls: Request[] = [];

async function submitProof(token: string, file: string) {
  const form = new FormData();
  form.append('taskId', campaignId);
  form.append('proofImage', new Blob([readFileSync(file)], { type: 'image/png' }), 'proof.png');
  const answer = await fetch(`${e2e.server.url}/api/tasks/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`submit: ${answer.status} ${await answer.text()}`);
}

async function balanceOf(token: string): Promise<number> {
  return (await e2e.api.call<{ accountBalance: number }>('GET', '/users/dashboard', undefined, token))
    .accountBalance;
}

beforeAll(async () => {
  e2e = await startE2e();
  const adminToken = await e2e.api.adminToken();
  campaignId = (await e2e.api.call<{ task: { _id: string } }>('POST', '/admin/tasks', task, adminToken)).task
    ._id;
  adaToken = (await e2e.api.signIn(approvedUser.email, DEMO_PASSWORD)).token;
  chiomaToken = (await e2e.api.signIn(rejectedUser.email, DEMO_PASSWORD)).token;
  balanceBefore = await balanceOf(adaToken);
  const file = await proofPng();
  await submitProof(adaToken, file);
  await submitProof(chiomaToken, file);

  context = await e2e.newContext();
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('request', (request) => {
    if (/\/api\/admin\/tasks\/(approve|reject)$/.test(request.url())) reviewCalls.push(request);
  });
  // The admin signs in through the page's origin, as the admin login form does.
  await page.goto('/');
  const session = await page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/api/auth/admin-login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { _id: string; role: string };
      localStorage.setItem('kobo.session', JSON.stringify({ userId: body._id, role: body.role }));
      return res.status;
    },
    { email: DEMO_ADMIN, password: DEMO_PASSWORD },
  );
  expect(session).toBe(200);
});

afterAll(async () => {
  await context?.close();
  await stopExpectingNoViolations(e2e);
});

const step = journeySteps('admin-review', () => page);

/** The name on the submission card that has the keyboard focus, or '' when none has it. */
function focusedText(): Promise<string> {
  return page.evaluate(() => {
    const card = document.activeElement?.closest('article');
    return card && card === document.activeElement ? (card.querySelector('h3')?.textContent ?? '') : '';
  });
}

step('finds the campaign on Active Campaigns by search and opens its review queue', async () => {
  await page.goto(`/admin/active-campaigns?q=${encodeURIComponent(stamp)}`);
  await visible(page.getByRole('heading', { name: task.taskName }));
  expect(await page.getByRole('heading', { level: 2 }).count()).toBe(1);
  await page.getByRole('link', { name: new RegExp(`^Review Tasks for .*${stamp}`) }).click();
  await pathIs(page, `/admin/active-campaigns/${campaignId}/review`);
  await visible(page.getByText('Task Review', { exact: true }));
  await visible(page.getByText(`Review and approve user task submissions for Campaign #${campaignId}`));
  await visible(page.getByText('Showing 2 submission(s)'));
});

step('approves one proof from the keyboard: move, open the screenshot, a', async () => {
  // j until the keyboard focus is on Ada's submission (the newest comes first).
  await eventually(
    "the focus on Ada's submission",
    async () => {
      if (!(await focusedText()).includes(approvedUser.name)) await page.keyboard.press('j');
      return focusedText();
    },
    (text) => text.includes(approvedUser.name),
  );
  await page.keyboard.press('Enter');
  const dialog = await visible(page.getByRole('dialog'));
  const image = dialog.getByRole('img', { name: /proof screenshot/i });
  await eventually(
    'the proof image to load',
    () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    (width) => Number(width) > 0,
  );
  await page.keyboard.press('a');
  await gone(page.getByRole('dialog'));
  await visible(page.getByText('Task Approved Successfully'));
  await visible(page.getByText('Showing 1 submission(s)'));

  const after = await eventually(
    "the reward on Ada's balance",
    () => balanceOf(adaToken),
    (b) => b > balanceBefore,
  );
  expect(after).toBeCloseTo(balanceBefore + task.taskPrice, 2);
});

step('rejects the other with a reason: r, type, Enter; the person reads the reason', async () => {
  // The focus moved on to the remaining submission.
  await eventually("the focus on Chioma's submission", focusedText, (text) =>
    text.includes(rejectedUser.name),
  );
  await page.keyboard.press('r');
  const dialog = await visible(page.getByRole('dialog'));
  await visible(dialog.getByText(/Reject the proof sent by/));
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
  await page.keyboard.type(reason);
  await page.keyboard.press('Enter');
  await gone(page.getByRole('dialog'));
  await visible(page.getByText(/^Task Rejected Successfully/));
  // The campaign's last proof: on to the queue's next campaign (the demo data's), or the queue.
  await page.waitForURL(
    (url) =>
      url.pathname === '/admin/review' ||
      (/^\/admin\/active-campaigns\/[^/]+\/review$/.test(url.pathname) && !url.pathname.includes(campaignId)),
  );
  await visible(page.getByText(/Every proof of .* is reviewed/));
  await page.goto(`/admin/active-campaigns/${campaignId}/review`, { waitUntil: 'domcontentloaded' });
  await visible(page.getByText('No submissions found'));
  await visible(page.getByText('No pending submissions to review at this time.'));

  const mine = await e2e.api.call<{ taskId: string; status: string; rejectionReason: string | null }[]>(
    'GET',
    '/users/submissions',
    undefined,
    chiomaToken,
  );
  expect(mine.find((s) => s.taskId === campaignId)).toMatchObject({
    status: 'rejected',
    rejectionReason: reason,
  });
});

step('sent each decision with its own Idempotency-Key, and the filters count them', async () => {
  const keys = reviewCalls.map((request) => request.headers()['idempotency-key']);
  expect(keys).toHaveLength(2);
  expect(new Set(keys).size).toBe(2);
  expect(keys.every((key) => typeof key === 'string' && key.length >= 16)).toBe(true);

  await page.getByRole('tab', { name: /All Submissions/ }).click();
  await visible(page.getByText('Showing 2 submission(s)'));
  await page.getByRole('tab', { name: /Rejected/ }).click();
  await visible(page.getByText(reason));
});
