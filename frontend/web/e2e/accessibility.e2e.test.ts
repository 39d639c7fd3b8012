/**
 * axe on every page, light and dark: the public site, the account pages, the 404, and each page
 * of the user area signed in as a demo user with data. Any serious or critical violation fails,
 * listed with the elements it was found on. Each page is opened once, light, and checked; then the
 * device turns dark (the app follows it as it changes, shared/theme/theme.tsx) and it is checked
 * again, so the themes cost one page load, not two.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { type E2e, startE2e, stopExpectingNoViolations } from './support/e2e';
import { ALL_PAGES, openPage, signInAs, type SitePage, type Viewer } from './support/pages';
import { WAIT_MS } from './support/wait';

const VIEWERS: Viewer[] = ['visitor', 'user', 'admin', 'finance'];

type Theme = 'light' | 'dark';
let e2e: E2e;
/** Per viewer (visitor, user, admin, finance), one context, its device light to begin with. */
const contexts = new Map<Viewer, BrowserContext>();

beforeAll(async () => {
  e2e = await startE2e();
  for (const viewer of VIEWERS)
    contexts.set(viewer, await signInAs(await e2e.newContext({ colorScheme: 'light' }), viewer));
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

/** Every serious or critical violation axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself: the app has no frames, let alone another origin's, which is
    // what the default (axe.runPartial in each frame, axe.finishRun in a new blank page with
    // axe injected again) is for. Only violations are read, and they stay complete: the other
    // result types keep one node each instead of a selector computed for every node checked.
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return (results.violations as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe.each(ALL_PAGES)('$name', (sitePage) => {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await contexts.get(sitePage.viewer)!.newPage();
    await openPage(page, sitePage);
  });
  afterAll(() => page?.close());

  test.each(['light', 'dark'] as const)('(%s) has no serious or critical violations', async (theme) => {
    const shown = page!;
    await shown.emulateMedia({ colorScheme: theme });
    // The theme the page draws, once it has followed the device.
    await shown.waitForFunction((want) => document.documentElement.dataset.theme === want, theme, {
      timeout: WAIT_MS,
    });
    expect(await shown.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    // Colours that ease into the new theme are read once they have arrived, not on the way.
    await shown.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const serious = await seriousViolations(shown);
    if (serious.length) throw new Error(readable(sitePage, theme, serious));
  });
});

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
