/**
 * `npm run screenshots`: every page at 360×740 and 1366×768, light and dark, into
 * docs/screenshots/<page>-<width>-<theme>.png, against a server of its own (fresh database, demo
 * data; the user area as the demo user Ada). `SCREENSHOTS_ONLY=statement,withdraw` takes only those
 * pages (names from e2e/support/pages.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { DESKTOP, PHONE } from './support/e2e';
import { ALL_PAGES, openPage, signInAs, type Viewer } from './support/pages';
import { repoRoot } from './support/server';
import { startStandaloneServer } from './support/standalone';

const ONLY = process.env.SCREENSHOTS_ONLY?.split(',');
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.name)) : ALL_PAGES;

async function main() {
  const out = join(repoRoot(), 'docs', 'screenshots');
  mkdirSync(out, { recursive: true });
  const server = await startStandaloneServer();
  const browser = await launchBrowser();
  let written = 0;
  const failed: string[] = [];
  try {
    for (const viewport of [PHONE, DESKTOP])
      for (const theme of ['light', 'dark'] as const) {
        const contexts = {} as Record<Viewer, BrowserContext>;
        for (const viewer of ['visitor', 'user', 'admin', 'finance'] as const)
          contexts[viewer] = await signInAs(
            await browser.newContext({
              baseURL: server.url,
              viewport,
              colorScheme: theme,
              reducedMotion: 'reduce',
            }),
            viewer,
          );
        for (const sitePage of PAGES) {
          const file = join(out, `${sitePage.name}-${viewport.width}-${theme}.png`);
          const page = await contexts[sitePage.viewer].newPage();
          try {
            await openPage(page, sitePage);
            await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
            written += 1;
            console.log(`wrote ${file}`);
          } catch (error) {
            failed.push(
              `${sitePage.path} ${viewport.width} ${theme}: ${(error as Error).message.split('\n')[0]}`,
            );
          } finally {
            await page.close();
          }
        }
        for (const context of Object.values(contexts)) await context.close();
      }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\n${written} screenshots in ${out}`);
  if (failed.length) {
    console.error(`${failed.length} not taken:\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
