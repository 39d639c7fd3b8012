/**
 * Waiting for conditions, never for time: playwright-core has no `expect`, so these poll what a
 * person would look at until it holds, and fail with what was last seen.
 */
import type { Locator, Page } from 'playwright-core';

export const WAIT_MS = 15_000;

export async function visible(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

export async function gone(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Polls `read` until `holds` is true of its answer; returns that answer. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  timeout = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      if (holds(last)) return last;
    } catch (caught) {
      error = caught;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${timeout} ms; last seen ${JSON.stringify(last)}${error ? ` (${String(error)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const squeezed = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

export async function textOf(locator: Locator): Promise<string> {
  return squeezed(await locator.first().textContent());
}

/**
 * The texts of every element the locator matches now, read in one go: rows read one by one can be
 * replaced between the count and the read (a list re-rendering), and a read of a row that is gone
 * waits out the whole timeout.
 */
export async function textsOf(locator: Locator): Promise<string[]> {
  return (await locator.allTextContents()).map(squeezed);
}

export async function pathIs(page: Page, path: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}
