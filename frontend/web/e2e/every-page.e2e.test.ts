/**
 * Every page, as the person who would see it (visitor, demo user, demo admin, demo finance staff)
 * with the demo data: the public site, the account pages, the 404, the user area and the staff
 * desks. Each is opened once, on a 360 px phone in light, and checked there:
 * - it is no wider than the phone: nothing to scroll sideways and no amount cut off (the widest
 *   element is named when one sticks out);
 * - axe finds no serious or critical violation (listed with the elements it was found on).
 * Then the same page grows to a 1366 px desktop and the device turns dark (the app follows both as
 * they change, shared/theme/theme.tsx), and axe checks it again. So each page is checked at both
 * widths and in both themes for one page load.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, type E2e, PHONE, startE2e, stopExpectingNoViolations } from './support/e2e';
import { ALL_PAGES, openPage, signInAs, type SitePage, type Viewer } from './support/pages';
import { WAIT_MS } from './support/wait';

const VIEWERS: Viewer[] = ['visitor', 'user', 'admin', 'finance'];

type Theme = 'light' | 'dark';
let e2e: E2e;
/** Per viewer (visitor, user, admin, finance), one context: a phone, light to begin with. */
const contexts = new Map<Viewer, BrowserContext>();

beforeAll(async () => {
  e2e = await startE2e();
  for (const viewer of VIEWERS)
    contexts.set(
      viewer,
      await signInAs(await e2e.newContext({ viewport: PHONE, colorScheme: 'light' }), viewer),
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

function readable(page: SitePage, seen: string, violations: Violation[]): string {
  return [
    `${violations.length} serious or critical accessibility violation(s) on ${page.path} (${seen}):`,
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

/** What sticks out past the window's width, outside any box that scrolls or clips it. */
async function widthOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticking = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      // An element inside a scrolling box (a wide table in its own frame) is allowed.
      .filter((el) => {
        for (let up = el.parentElement; up; up = up.parentElement) {
          const { overflowX } = getComputedStyle(up);
          if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ends at ${Math.round(el.getBoundingClientRect().right)}px: "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, sticking };
  });
}

/** Turns the device to `theme` and waits until the page draws it, its colours arrived. */
async function turn(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  // The theme the page draws, once it has followed the device.
  await page.waitForFunction((want) => document.documentElement.dataset.theme === want, theme, {
    timeout: WAIT_MS,
  });
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  // Colours that ease into the new theme are read once they have arrived, not on the way.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

describe.each(ALL_PAGES)('$name', (sitePage) => {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await contexts.get(sitePage.viewer)!.newPage();
    await openPage(page, sitePage);
  });
  afterAll(() => page?.close());

  test('is no wider than a 360 px phone', async () => {
    expect(await widthOf(page!)).toEqual({ scrollWidth: PHONE.width, width: PHONE.width, sticking: [] });
  });

  test('(360 px, light) has no serious or critical violations', async () => {
    await turn(page!, 'light');
    const serious = await seriousViolations(page!);
    if (serious.length) throw new Error(readable(sitePage, '360 px, light', serious));
  });

  test('(1366 px, dark) has no serious or critical violations', async () => {
    await page!.setViewportSize(DESKTOP);
    await turn(page!, 'dark');
    const serious = await seriousViolations(page!);
    if (serious.length) throw new Error(readable(sitePage, '1366 px, dark', serious));
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
