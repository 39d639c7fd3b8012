/**
 * axe on every page, light and dark: the public site, the account pages, the 404, and each page
 * of the user area signed in as a demo user with data. Any serious or critical violation fails,
 * listed with the elements it was found on.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from 'playwright-core';
import { type E2e, startE2e, stopExpectingNoViolations } from './support/e2e';
import { ALL_PAGES, openPage, signInAs, type SitePage, type Viewer } from './support/pages';

const VIEWERS: Viewer[] = ['visitor', 'user', 'admin', 'finance'];

type Theme = 'light' | 'dark';
let e2e: E2e;
/** Per theme and viewer (visitor, user, admin, finance), one context. */
const contexts = new Map<string, BrowserContext>();

beforeAll(async () => {
  e2e = await startE2e();
  for (const theme of ['light', 'dark'] as const)
    for (const viewer of VIEWERS)
      contexts.set(
        `${theme} ${viewer}`,
        await signInAs(await e2e.newContext({ colorScheme: theme }), viewer),
      );
});

afterAll(async () => {
  await stopExpectingNoViolations(e2e);
});

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

function readable(page: SitePage, theme: Theme, violations: Violation[]): string {
  return [
    `${violations.length} serious or critical accessibility violation(s) on ${page.path} (${theme}):`,
    ...violations.map((v) =>
      [
        `- ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})`,
        ...v.nodes
          .slice(0, 8)
          .map(
            (n) =>
              `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n\s*/g, '\n      ')}`,
          ),
        ...(v.nodes.length > 8 ? [`    ... and ${v.nodes.length - 8} more`] : []),
      ].join('\n'),
    ),
  ].join('\n');
}

const cases = ALL_PAGES.flatMap((page) => (['light', 'dark'] as const).map((theme) => ({ page, theme })));

test.each(cases)(
  '$page.name ($theme) has no serious or critical violations',
  async ({ page: sitePage, theme }) => {
    const page = await contexts.get(`${theme} ${sitePage.viewer}`)!.newPage();
    try {
      await openPage(page, sitePage);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const results = await new AxeBuilder({ page })
        // axe.run in the page itself: the app has no frames, let alone another origin's, which is
        // what the default (axe.runPartial in each frame, axe.finishRun in a new blank page with
        // axe injected again) is for. Only violations are read, and they stay complete: the other
        // result types keep one node each instead of a selector computed for every node checked.
        .setLegacyMode()
        .options({ resultTypes: ['violations'] })
        .analyze();
      const serious = (results.violations as Violation[]).filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      if (serious.length) throw new Error(readable(sitePage, theme, serious));
    } finally {
      await page.close();
    }
  },
);

describe('by keyboard alone', () => {
  it('signs in and reaches the withdraw page without a mouse', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    try {
      await page.goto('/login');
      const email = page.getByLabel('Email address');
      await email.focus();
      await page.keyboard.type('ada@demo.kobo.ng');
      await page.keyboard.press('Tab');
      const password = page.getByLabel('Password', { exact: true });
      expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type('password123');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard');

      // The welcome popup takes focus and Escape closes it.
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Tab from the top of the page until the menu's Withdraw link has focus, then follow it.
      let reached = false;
      for (let presses = 0; presses < 40 && !reached; presses += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(
          () =>
            (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href') ===
            '/dashboard/withdraw',
        );
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard/withdraw');
      await page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("signs in with what was typed and sent before the page's code arrived", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    // The app's code is held back, as on a slow network, until the form has been filled and sent.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    try {
      // The pre-rendered form is there before the code (which DOMContentLoaded waits for).
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel('Email address').fill('ada@demo.kobo.ng');
      await page.getByLabel('Password', { exact: true }).fill('password123');
      await page.keyboard.press('Enter');
      // Held, not sent: the page neither reloads nor forgets what was typed.
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.getByLabel('Email address').inputValue()).toBe('ada@demo.kobo.ng');
      release();
      await page.waitForURL('**/dashboard');
    } finally {
      release();
      await context.close();
    }
  });
});
