/**
 * The review queue across campaigns, in a real Chromium against the real server: the dashboard's
 * "Proofs awaiting review" card opens it, and the admin reviews three proofs of two campaigns from
 * the keyboard alone, the queue moving on by itself after each decision, to its finished state.
 * Then, on a 360 px phone, a flagged proof (the demo data's look-alike screenshot) fits the screen
 * on the queue and on its campaign's Task Review, Reject included.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support/api';
import { type E2e, PHONE, journeySteps, startE2e, stopExpectingNoViolations } from './support/e2e';
import { proofPng } from './support/files';
import { signInContext, DEMO_ADMIN } from './support/pages';
import { eventually, pathIs, visible, WAIT_MS } from './support/wait';

const stamp = Date.now().toString(36);
const campaign = (taskName: string, taskPlatform: string, taskVariation: string) => ({
  taskName: `${taskName} (${stamp})`,
  taskPlatform,
  taskVariation,
  taskInstructions: 'Do it, then upload a screenshot that shows it done.',
  taskUnits: 5,
  taskPrice: 150,
  taskUrl: 'https://example.com/queue',
});
const suya = campaign('Like the Suya Spot page', 'facebook', 'Like Page');
const single = campaign('Stream the new single', 'boomplay', 'Stream Song');
const reason = 'The screenshot does not show the song playing.';

interface Proof {
  _id: string;
  campaignId: string;
  taskName: string;
  fullName: string;
  flags: string[];
}

let e2e: E2e;
let adminToken: string;
let context: BrowserContext;
let page: Page;
let ids: { suya: string; single: string };
const tokens: Record<'ada' | 'chioma', string> = { ada: '', chioma: '' };
let adaBefore: number;
/** The demo data's pending proofs, decided out of the way before the journey (the flagged one kept aside). */
let flagged: Proof;

async function submitProof(token: string, taskId: string, file: string) {
  const form = new FormData();
  form.append('taskId', taskId);
  form.append('proofImage', new Blob([readFileSync(file)], { type: 'image/png' }), 'proof.png');
  const answer = await fetch(`${e2e.server.url}/api/tasks/submit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (answer.status !== 201) throw new Error(`submit: ${answer.status} ${await answer.text()}`);
}

const pending = () => e2e.api.call<Proof[]>('GET', '/admin/submissions/pending', undefined, adminToken);
const balanceOf = async (token: string) =>
  (await e2e.api.call<{ accountBalance: number }>('GET', '/users/dashboard', undefined, token))
    .accountBalance;

beforeAll(async () => {
  e2e = await startE2e();
  adminToken = await e2e.api.adminToken();
  // The demo data's pending proofs: the look-alike one is flagged by the verification job.
  const demo = await eventually("the demo look-alike proof's flag", pending, (proofs) =>
    proofs.some((p) => p.flags.length > 0),
  );
  flagged = demo.find((p) => p.flags.length > 0)!;
  // The rest are approved, so the journey's queue holds its own three proofs.
  for (const proof of demo.filter((p) => p._id !== flagged._id))
    await e2e.api.call(
      'POST',
      '/admin/tasks/approve',
      { campaignId: proof.campaignId, submissionId: proof._id },
      adminToken,
    );

  const create = async (task: typeof suya) =>
    (await e2e.api.call<{ task: { _id: string } }>('POST', '/admin/tasks', task, adminToken)).task._id;
  ids = { suya: await create(suya), single: await create(single) };
  tokens.ada = (await e2e.api.signIn('ada@demo.kobo.ng', DEMO_PASSWORD)).token;
  tokens.chioma = (await e2e.api.signIn('chioma@demo.kobo.ng', DEMO_PASSWORD)).token;
  adaBefore = await balanceOf(tokens.ada);
  const file = await proofPng();
  // Oldest first: Ada's Suya proof, then Chioma's stream, then Chioma's Suya proof.
  await submitProof(tokens.ada, ids.suya, file);
  await submitProof(tokens.chioma, ids.single, file);
  await submitProof(tokens.chioma, ids.suya, file);
  // The queue's read model has caught up with the decisions and the submissions above: the flagged
  // demo proof and the journey's three, nothing else.
  await eventually(
    'the queue to hold the flagged demo proof and the three new ones',
    pending,
    (proofs) =>
      proofs.length === 4 &&
      proofs[0]!._id === flagged._id &&
      proofs.filter((p) => p.campaignId === ids.suya || p.campaignId === ids.single).length === 3,
  );

  context = await e2e.newContext();
  await signInContext(context, DEMO_ADMIN);
  page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
});

afterAll(async () => {
  await context?.close();
  await stopExpectingNoViolations(e2e);
});

const step = journeySteps('review-queue', () => page);

/** The card that has the keyboard focus: its person and its campaign, or '' when none has it. */
function focusedCard(): Promise<string> {
  return page.evaluate(() => {
    const card = document.activeElement?.closest('article');
    return card && card === document.activeElement ? (card.textContent ?? '') : '';
  });
}

const focusedOn = (who: string, what: string) =>
  eventually(
    `the focus on ${who}'s proof for ${what}`,
    focusedCard,
    (text) => text.includes(who) && text.includes(what),
  );

step("the dashboard's proofs card opens the queue, oldest first across campaigns", async () => {
  await page.goto('/admin');
  await page.getByRole('link', { name: /Proofs awaiting review/ }).click();
  await pathIs(page, '/admin/review');
  // The flagged demo proof is the oldest; the three of the journey follow.
  await visible(page.getByText('4 proofs to review', { exact: true }));
  const cards = page.getByRole('article');
  // The count line can be drawn before the cards under it.
  await eventually(
    'the four proofs drawn',
    () => cards.count(),
    (count) => count >= 4,
  );
  expect(await cards.count()).toBe(4);
  const texts = await cards.allTextContents();
  expect(texts[1]).toContain(suya.taskName);
  expect(texts[1]).toContain('Ada');
  expect(texts[2]).toContain(single.taskName);
  expect(texts[3]).toContain(suya.taskName);
  expect(texts[3]).toContain('Chioma');
});

step('approves, rejects and approves with the keyboard alone, moving on by itself', async () => {
  // j past the flagged demo proof to Ada's.
  await page.keyboard.press('j');
  await focusedOn(flagged.fullName.split(' ')[0]!, '');
  await page.keyboard.press('j');
  await focusedOn('Ada', suya.taskName);
  await page.keyboard.press('a');
  await visible(page.getByText(/^Approved Ada .*'s proof for Like the Suya Spot page/));
  // No key pressed: the queue moved on to the next proof.
  await focusedOn('Chioma', single.taskName);
  await visible(page.getByText('3 proofs to review', { exact: true }));

  await page.keyboard.press('r');
  await visible(page.getByRole('dialog'));
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
  await page.keyboard.type(reason);
  await page.keyboard.press('Enter');
  await visible(page.getByText(/^Rejected Chioma .*'s proof for Stream the new single/));
  await focusedOn('Chioma', suya.taskName);

  await page.keyboard.press('v');
  const dialog = await visible(page.getByRole('dialog'));
  await eventually(
    'the proof image to load',
    () =>
      dialog
        .getByRole('img', { name: /proof screenshot/i })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    (width) => width > 0,
  );
  await page.keyboard.press('a');
  await visible(page.getByText(/^Approved Chioma .*'s proof for Like the Suya Spot page/));
  await visible(page.getByText('1 proof to review', { exact: true }));
  // One confirmation line, no toast stacking up.
  expect(await page.locator('.bp6-toast').count()).toBe(0);

  const mine = await e2e.api.call<{ taskId: string; status: string; rejectionReason: string | null }[]>(
    'GET',
    '/users/submissions',
    undefined,
    tokens.chioma,
  );
  expect(mine.find((s) => s.taskId === ids.single)).toMatchObject({
    status: 'rejected',
    rejectionReason: reason,
  });
  const ada = await eventually(
    "the reward on Ada's balance",
    () => balanceOf(tokens.ada),
    (b) => b > adaBefore,
  );
  expect(ada).toBeCloseTo(adaBefore + suya.taskPrice, 2);
});

step('the emptied queue says it is finished and leads back', async () => {
  await page.getByLabel('Platform').selectOption('facebook');
  await visible(page.getByText('No proofs match these filters'));
  await page.getByRole('link', { name: 'Show the whole queue' }).click();
  await visible(page.getByText('1 proof to review', { exact: true }));
  // The last one, the flagged demo proof, from the keyboard too.
  await page.keyboard.press('j');
  await focusedOn(flagged.fullName.split(' ')[0]!, '');
  await page.keyboard.press('a');
  await visible(page.getByText('All proofs reviewed'));
  await page.getByRole('main').getByRole('link', { name: 'Active Campaigns' }).click();
  await pathIs(page, '/admin/active-campaigns');
});

step('a flagged proof fits a 360 px phone, on the queue and on its Task Review', async () => {
  // A fresh flagged proof: Tunde sends the screenshot Chioma sent for the Suya page.
  const phone = await e2e.newContext({ viewport: PHONE });
  await signInContext(phone, DEMO_ADMIN);
  const tunde = (await e2e.api.signIn('tunde@demo.kobo.ng', DEMO_PASSWORD)).token;
  await submitProof(tunde, ids.suya, await proofPng());
  await eventually('the look-alike flag', pending, (proofs) => proofs.some((p) => p.flags.length > 0));
  const small = await phone.newPage();
  try {
    for (const path of ['/admin/review', `/admin/active-campaigns/${ids.suya}/review`]) {
      await small.goto(path, { waitUntil: 'domcontentloaded' });
      await visible(small.getByText(/Possible duplicate/).first());
      const widths = await small.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        reject: document
          .querySelector('.kobo-review-submission-actions button:last-child')!
          .getBoundingClientRect().right,
      }));
      expect({ path, ...widths, fits: widths.reject <= PHONE.width }).toEqual({
        path,
        page: PHONE.width,
        reject: widths.reject,
        fits: true,
      });
    }
  } finally {
    await phone.close();
  }
});
