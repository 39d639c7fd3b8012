/**
 * A cheap phone on a weak network, in a real Chromium against the real server: the dashboard seen
 * once opens again with no answer from the API, showing the last-known balances "as of" their
 * time and the offline bar; a logout forgets them, so the next account never sees them; an API
 * that fails or hangs is said on the page, with "Try again", within 10 s; a big screenshot is made
 * small before it is sent, with a progress bar; a reload in the middle of a task keeps the task and
 * the chosen screenshot. At 360 px and 1366 px, light and dark, the pictures kept in artifacts/e2e/.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_PASSWORD } from './support/api';
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
import { eventually, gone, textOf, visible } from './support/wait';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => stopExpectingNoViolations(e2e));

const shots = join(repoRoot(), 'artifacts', 'e2e');
async function keepPicture(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `weak-network-${name}.png`), fullPage: true });
}

/** Every API call of the page fails as with no connection (the page itself is already loaded). */
async function cutTheApi(page: Page) {
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

const accountCard = (page: Page) => page.getByRole('region', { name: 'Account Balance' });

const views = [PHONE, DESKTOP].flatMap((viewport) =>
  (['light', 'dark'] as const).map((theme) => ({ viewport, theme, name: `${viewport.width}-${theme}` })),
);

describe.each(views)('last-known data at $name', ({ viewport, theme, name }) => {
  let context: BrowserContext;
  let page: Page;
  afterEach(() => context?.close());

  test('the dashboard seen once opens again without the API: balances "as of", the offline bar', async () => {
    context = await e2e.newContext({ viewport, colorScheme: theme });
    await signInContext(context, DEMO_USER);
    const first = await context.newPage();
    let balance = '';
    await keepingScreenshot(first, `weak-network-first-visit-${name}`, async () => {
      await first.goto('/dashboard');
      balance = await eventually(
        'the balance from the server',
        () => textOf(accountCard(first)),
        (t) => /₦[\d,]+\.\d\d/.test(t),
      );
      expect(await first.getByText(/^as of /).count()).toBe(0);
    });
    await first.close();
    page = await context.newPage();
    await keepingScreenshot(page, `weak-network-last-known-${name}`, async () => {
      await cutTheApi(page);
      await page.goto('/dashboard');
      await visible(page.getByRole('heading', { name: /^Hi, Ada/i }));
      expect(await textOf(accountCard(page))).toBe(balance);
      const asOf = await visible(page.getByText(/^as of \d\d:\d\d$/));
      // The refresh failed: said, with the time of what is shown, and a retry.
      await visible(page.getByText(/Showing what we had at \d\d:\d\d/));
      await visible(page.getByRole('button', { name: 'Try again' }));

      await context.setOffline(true);
      await visible(page.getByText(/You're offline — showing what we had at \d\d:\d\d/));
      await keepPicture(page, `dashboard-offline-${name}`);

      // Back online with the API answering: the page refreshes by itself and the label goes.
      await page.unroute('**/api/**');
      await context.setOffline(false);
      await gone(asOf);
      await gone(page.getByText(/You're offline/));
    });
  });
});

describe('leaving', () => {
  test("a logout forgets the last-known data: the next account never sees the first one's", async () => {
    const context = await e2e.newContext({ viewport: DESKTOP });
    await signInContext(context, DEMO_USER);
    const page = await context.newPage();
    try {
      await keepingScreenshot(page, 'weak-network-logout', async () => {
        await page.goto('/dashboard');
        await visible(page.getByRole('heading', { name: /^Hi, Ada/i }));
        await eventually(
          'kept on the device',
          () => page.evaluate(() => localStorage.getItem('kobo.lastKnown')),
          (v) => Boolean(v?.includes('accountBalance')),
        );
        await page.getByRole('button', { name: 'Logout' }).first().click();
        await page.waitForURL((url) => url.pathname === '/');
        expect(await page.evaluate(() => localStorage.getItem('kobo.lastKnown'))).toBeNull();

        await signInContext(context, 'tunde@demo.kobo.ng', DEMO_PASSWORD);
        await cutTheApi(page);
        await page.goto('/dashboard');
        await visible(page.getByText('Your dashboard is unavailable'));
        expect(await page.getByText(/Ada/i).count()).toBe(0);
        await keepPicture(page, 'after-logout-other-account');
      });
    } finally {
      await context.close();
    }
  });
});

describe('an API that fails or hangs', () => {
  test.each([
    ['fails', 'abort'],
    ['hangs', 'hang'],
  ] as const)('the dashboard says so with "Try again" within 10 s when the API %s', async (_what, how) => {
    const context = await e2e.newContext({ viewport: PHONE });
    await signInContext(context, DEMO_USER);
    const page = await context.newPage();
    try {
      await keepingScreenshot(page, `weak-network-api-${how}`, async () => {
        let cut = true;
        const held: Route[] = [];
        await page.route('**/api/users/dashboard', (route) => {
          if (!cut) return route.fallback();
          if (how === 'abort') return route.abort('connectionreset');
          held.push(route); // not answered while the API hangs
          return undefined;
        });
        let asked = 0;
        page.on('request', (request) => {
          if (!asked && request.url().endsWith('/api/users/dashboard')) asked = Date.now();
        });
        await page.goto('/dashboard');
        await visible(page.getByText('Your dashboard is unavailable'), 15_000);
        // From the first time the page asked: within 10 s (and a little for drawing it).
        expect(Date.now() - asked).toBeLessThan(10_800);
        // Said, not a spinner in its place.
        expect(await page.getByText('Loading your dashboard...').count()).toBe(0);
        await keepPicture(page, `api-${how}-360`);

        // The API is back: what it held is answered now (a request the page gave up on is gone),
        // and "Try again" brings the dashboard.
        cut = false;
        for (const route of held.splice(0)) await route.fallback().catch(() => undefined);
        const back = page.getByRole('heading', { name: /^Hi, Ada/i });
        await eventually(
          'the dashboard after Try again',
          async () => {
            const retry = page.getByRole('button', { name: 'Try again' }).first();
            if (await retry.isVisible()) await retry.click({ timeout: 1_000 }).catch(() => undefined);
            return back.isVisible();
          },
          Boolean,
          30_000,
        );
      });
    } finally {
      await context.close();
    }
  });
});

/** A phone's big screenshot: 1080 × 2400, about 5 MB as PNG. */
async function bigScreenshot(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'kobo-big-')), 'Screenshot_big.png');
  await sharp({
    create: {
      width: 1080,
      height: 2400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 8 },
    },
  })
    .png()
    .toFile(path);
  return path;
}

describe('a proof screenshot', () => {
  test('a big one is sent small (≤ 400 KB, long side ≤ 1,600 px), with a progress bar', async () => {
    const context = await e2e.newContext({ viewport: PHONE });
    await signInContext(context, 'chioma@demo.kobo.ng');
    const page = await context.newPage();
    try {
      await keepingScreenshot(page, 'weak-network-upload', async () => {
        await page.goto('/dashboard/tasks');
        const card = page.getByRole('article', { name: 'Install the PayQuick app' });
        await card.getByRole('button', { name: 'Perform Task' }).click();
        const dialog = page.getByRole('dialog');
        const submit = dialog.getByRole('button', { name: 'Submit Task' });
        const original = await bigScreenshot();
        await dialog.locator('input[type="file"]').setInputFiles(original);
        await eventually('Submit Task enabled', () => submit.isEnabled(), Boolean);
        const shownSize = await textOf(dialog.locator('.kobo-campaigns-preview-meta .kobo-muted'));
        expect(shownSize).toMatch(/KB$/);

        // A slow uplink, so the progress shows: 400 kbps, 400 ms round trips.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 400,
          downloadThroughput: 50_000,
          uploadThroughput: 50_000,
        });
        const answered = page.waitForResponse((response) => response.url().endsWith('/api/tasks/submit'));
        await submit.click();
        await visible(dialog.getByText(/Uploading [1-9]\d*%/));
        await keepPicture(page, 'upload-progress-360');
        const answer = (await (await answered).json()) as { submission: { proofImage: string } };
        await visible(page.getByText('Success!'), 30_000);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });

        // What the server stored is what was sent.
        const token = (await e2e.api.signIn('chioma@demo.kobo.ng', DEMO_PASSWORD)).token;
        const link = await e2e.api.call<{ url: string }>(
          'GET',
          `/uploads/link?key=${encodeURIComponent(answer.submission.proofImage)}`,
          undefined,
          token,
        );
        const stored = Buffer.from(await (await fetch(new URL(link.url, e2e.server.url))).arrayBuffer());
        expect(stored.length).toBeLessThanOrEqual(400 * 1024);
        const { width = 0, height = 0 } = await sharp(stored).metadata();
        expect(Math.max(width, height)).toBeLessThanOrEqual(1600);
      });
    } finally {
      await context.close();
    }
  });

  test.each([PHONE, DESKTOP])(
    'a reload in the middle of a task keeps the task and the screenshot ($width px)',
    async (viewport) => {
      const context = await e2e.newContext({ viewport });
      await signInContext(context, 'tunde@demo.kobo.ng');
      const page = await context.newPage();
      try {
        await keepingScreenshot(page, `weak-network-reload-${viewport.width}`, async () => {
          await page.goto('/dashboard/tasks');
          // Tunde's own tasks, one for each width (the phone's is sent at the end).
          const title = viewport === PHONE ? 'Review the PayQuick iOS app' : 'Follow Kemi on Audiomack';
          await page
            .getByRole('article', { name: title })
            .getByRole('button', { name: 'Perform Task' })
            .click();
          const dialog = page.getByRole('dialog');
          await dialog.locator('input[type="file"]').setInputFiles(await bigScreenshot());
          await visible(dialog.getByText('Screenshot_big.webp').or(dialog.getByText('Screenshot_big.jpg')));

          await page.reload();
          const again = page.getByRole('dialog');
          await visible(again.getByText('We kept your screenshot', { exact: false }));
          await visible(again.getByRole('heading', { name: title }));
          await visible(again.getByText('Screenshot_big.webp').or(again.getByText('Screenshot_big.jpg')));
          expect(await again.getByRole('button', { name: 'Submit Task' }).isEnabled()).toBe(true);
          await keepPicture(page, `reload-kept-${viewport.width}`);

          // Offline, a submission keeps the file and says so.
          await context.setOffline(true);
          await again.getByRole('button', { name: 'Submit Task' }).click();
          await visible(again.getByText(/You're offline. We kept your screenshot/));
          await keepPicture(page, `offline-submit-${viewport.width}`);
          // Back online, it goes by itself.
          await context.setOffline(false);
          await visible(page.getByText('Success!'), 20_000);
        });
      } finally {
        await context.close();
      }
    },
  );
});
