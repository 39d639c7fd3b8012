/**
 * What every end-to-end file starts with: the real server (fresh database, demo data), one
 * Chromium, an API client for what the test does as someone else (the admin), and the contract
 * check on the browser's API traffic.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { apiClient, type ApiClient } from './api';
import { launchBrowser } from './browser';
import { startContractCheck, type ContractCheck } from './contract';
import { repoRoot, startServer, type KoboServer } from './server';

export interface E2e {
  server: KoboServer;
  browser: Browser;
  api: ApiClient;
  contract: ContractCheck;
  /** A new browser context on the server's origin, its API calls under the contract check. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/**
 * The screen as it was when a test failed, kept in artifacts/e2e/ (ignored by git) for CI to upload,
 * and said in one line beside the error: where the page was and what it showed. CI's log may keep
 * only the lines around the first failure, and the picture may not reach a reader.
 */
export async function keepScreenshot(page: Page | undefined, name: string, error?: unknown): Promise<void> {
  if (!page || page.isClosed()) return;
  const dir = join(repoRoot(), 'artifacts', 'e2e');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  // The page's own content and any toast, not the shell around them (else the whole page).
  const shown = await page
    .evaluate(() => {
      // Each text node once, a select's options left out (the journal's lists every event type).
      const textOf = (root: Node) => {
        const texts: string[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (!node.parentElement?.closest('select, script, style')) texts.push(node.textContent ?? '');
        return texts.join(' ');
      };
      const parts = [...document.querySelectorAll('main, .bp6-toast')].map(textOf);
      return parts.length > 0 ? parts.join(' | ') : textOf(document.body);
    })
    .then((text) => text.replace(/\s+/g, ' ').trim().slice(0, 800))
    .catch((caught: unknown) => `(unreadable: ${String(caught).split('\n')[0]})`);
  const failure = error === undefined ? '' : ` failed with: ${String(error).split('\n')[0]};`;
  console.error(`${name}:${failure} the page at ${page.url()} showed: ${shown}; screenshot: ${file}`);
}

/** Runs one step of a journey, keeping a picture of `page` when it fails. */
export async function keepingScreenshot(
  page: Page | undefined,
  name: string,
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    await keepScreenshot(page, name, error);
    throw error;
  }
}

/**
 * The steps of one journey, each a test: a failing step keeps a picture of `page()` (named
 * `<journey>-<step>`), and once one has failed the later ones (which need it) fail at once.
 */
export function journeySteps(journey: string, page: () => Page | undefined) {
  let broken = false;
  return (name: string, run: () => Promise<void>) =>
    test(name, async () => {
      if (broken) throw new Error('not run: an earlier step failed');
      try {
        await run();
      } catch (error) {
        broken = true;
        await keepScreenshot(page(), `${journey}-${name}`, error);
        throw error;
      }
    });
}

/** Stops the server, then expects every API call the browsers made to have matched the contract. */
export async function stopExpectingNoViolations(e2e: E2e | undefined): Promise<void> {
  const violations = (await e2e?.contract.violations()) ?? [];
  await e2e?.stop();
  expect(violations).toEqual([]);
}

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 360, height: 740 };

/** `env`: settings for the server beyond the defaults (a payout provider, for instance). */
export async function startE2e(env: Record<string, string> = {}): Promise<E2e> {
  // The three start at once: each takes seconds, mostly waiting (the contract check's prism waits
  // for the server's address only to forward the first call).
  const serving = startServer(env);
  const [server, browser, checking] = await Promise.allSettled([
    serving,
    launchBrowser(),
    startContractCheck(serving.then((started) => started.url)),
  ]);
  if (server.status === 'rejected' || browser.status === 'rejected' || checking.status === 'rejected') {
    if (checking.status === 'fulfilled') await checking.value.stop();
    if (server.status === 'fulfilled') await server.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw [server, browser, checking].find((started) => started.status === 'rejected')!.reason;
  }
  const contract = checking.value;
  return {
    server: server.value,
    browser: browser.value,
    api: apiClient(server.value.url),
    contract,
    async newContext(options = {}) {
      const context = await browser.value.newContext({
        baseURL: server.value.url,
        viewport: DESKTOP,
        deviceScaleFactor: 1,
        ...options,
      });
      await contract.attach(context);
      return context;
    },
    async stop() {
      await browser.value.close().catch(() => undefined);
      await Promise.all([contract.stop(), server.value.stop()]);
    },
  };
}
