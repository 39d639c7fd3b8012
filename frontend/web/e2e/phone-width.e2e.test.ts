/**
 * Every page fits a 360 px phone: nothing wider than the screen, so nothing to scroll sideways and
 * no amount cut off. Each page is opened as the person who would see it (visitor, demo user, demo
 * admin, demo finance staff) with the demo data, and the widest element is named when one sticks
 * out.
 */
import type { BrowserContext } from 'playwright-core';
import { type E2e, PHONE, startE2e, stopExpectingNoViolations } from './support/e2e';
import { ALL_PAGES, openPage, signInAs, type Viewer } from './support/pages';

let e2e: E2e;
const contexts = new Map<Viewer, BrowserContext>();

beforeAll(async () => {
  e2e = await startE2e();
  for (const viewer of ['visitor', 'user', 'admin', 'finance'] as const)
    contexts.set(viewer, await signInAs(await e2e.newContext({ viewport: PHONE }), viewer));
});

afterAll(async () => {
  await stopExpectingNoViolations(e2e);
});

test.each(ALL_PAGES)('$name is no wider than a 360 px phone', async (sitePage) => {
  const page = await contexts.get(sitePage.viewer)!.newPage();
  try {
    await openPage(page, sitePage);
    const overflow = await page.evaluate(() => {
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
    expect(overflow).toEqual({ scrollWidth: PHONE.width, width: PHONE.width, sticking: [] });
  } finally {
    await page.close();
  }
});
