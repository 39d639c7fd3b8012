/**
 * `npm run bench:web`: what each route costs a first visit, measured in a real Chromium against
 * the real server (npm start's code, built app, loopback) with the CPU slowed 4× (CDP):
 *
 * - the JavaScript and CSS requested before Largest Contentful Paint, in gzip bytes as sent (the
 *   server's pre-compressed .gz twins; Chromium itself is sent brotli, shown for reference);
 * - First and Largest Contentful Paint (Performance API), the median of 5 cold visits (a fresh
 *   browser context, so an empty cache, each time).
 *
 * Then the goals: the landing page ≤ 150 KB of JS and LCP ≤ 1.0 s; the dashboard ≤ 300 KB and
 * LCP ≤ 1.5 s (KB = 1,000 bytes). Signed-in routes are visited as the demo user Ada, with the
 * welcome popup already seen.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { DESKTOP } from './support/e2e';
import { ALL_PAGES, signInContext, type SitePage } from './support/pages';
import { startStandaloneServer } from './support/standalone';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const KB = 1000;

const goals: Record<string, { js: number; lcp: number }> = {
  landing: { js: 150 * KB, lcp: 1000 },
  dashboard: { js: 300 * KB, lcp: 1500 },
};

interface Visit {
  jsGzip: number;
  cssGzip: number;
  jsSent: number;
  cssSent: number;
  files: number;
  /** The JS and CSS files counted, with their gzip bytes. */
  list: [string, number][];
  fcp: number;
  lcp: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The gzip size of a file as the server sends it to a client that accepts only gzip. */
const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const answer = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = Buffer.from(await answer.arrayBuffer()); // fetch has already decoded it
  const size =
    answer.headers.get('content-encoding') === 'gzip' && answer.headers.get('content-length')
      ? Number(answer.headers.get('content-length'))
      : gzipSync(body, { level: 9 }).length; // the server sent it plain (too small to keep a twin)
  gzipSizes.set(url, size);
  return size;
}

async function visit(browser: Browser, baseURL: string, path: string, state?: string): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    deviceScaleFactor: 1,
    ...(state ? { storageState: JSON.parse(state) } : {}),
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Bytes on the wire per URL (CDP): headers and body as Chromium received them.
    const urls = new Map<string, string>();
    const sent = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event) => {
      const url = urls.get(event.requestId);
      if (url) sent.set(url, event.encodedDataLength);
    });

    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(async () => ({
      // The buffered entries arrive in the observer's first callback; the last one is the LCP.
      lcp: await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(0), 5_000);
      }),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    if (!timing.lcp) throw new Error(`no Largest Contentful Paint on ${path}`);
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} went to ${page.url()}`);

    const result: Visit = {
      jsGzip: 0,
      cssGzip: 0,
      jsSent: 0,
      cssSent: 0,
      files: 0,
      list: [],
      fcp: timing.fcp,
      lcp: timing.lcp,
    };
    for (const resource of timing.resources) {
      if (resource.start >= timing.lcp) continue;
      const kind = /\.js(\?|$)/.test(resource.url) ? 'js' : /\.css(\?|$)/.test(resource.url) ? 'css' : null;
      if (!kind) continue;
      const gzip = await gzipSize(resource.url);
      result.files += 1;
      result.list.push([new URL(resource.url).pathname, gzip]);
      result[`${kind}Gzip`] += gzip;
      result[`${kind}Sent`] += sent.get(resource.url) ?? 0;
    }
    return result;
  } finally {
    await context.close();
  }
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

async function main() {
  const server = await startStandaloneServer();
  const browser = await launchBrowser();
  const results: { page: SitePage; visit: Visit }[] = [];
  try {
    const signedIn = await browser.newContext({ baseURL: server.url });
    await signInContext(signedIn);
    const state = JSON.stringify(await signedIn.storageState());
    await signedIn.close();

    // The admin area is measured with its own issue; here the public site and the user area.
    const pages = ALL_PAGES.filter(
      (page) => page.name !== 'reset-password-invalid' && page.viewer !== 'admin',
    );
    for (const page of pages) {
      await visit(browser, server.url, page.path, page.viewer === 'user' ? state : undefined); // warm the server
      const visits: Visit[] = [];
      for (let run = 0; run < RUNS; run += 1)
        visits.push(await visit(browser, server.url, page.path, page.viewer === 'user' ? state : undefined));
      const pick = (key: Exclude<keyof Visit, 'list'>) => median(visits.map((v) => v[key]));
      results.push({
        page,
        visit: {
          jsGzip: pick('jsGzip'),
          cssGzip: pick('cssGzip'),
          jsSent: pick('jsSent'),
          cssSent: pick('cssSent'),
          files: pick('files'),
          list: visits[0]!.list,
          fcp: pick('fcp'),
          lcp: pick('lcp'),
        },
      });
      process.stdout.write('.');
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  const widths = [34, 9, 9, 13, 6, 8, 8, 28];
  console.log(
    `\n\nWeb benchmark: before LCP, first visit, loopback, CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS}\n`,
  );
  console.log(
    row(['route', 'JS gz KB', 'CSS gz KB', 'sent (br) KB', 'files', 'FCP ms', 'LCP ms', 'goal'], widths),
  );
  const verdicts: string[] = [];
  for (const { page, visit: v } of results) {
    const goal = goals[page.name];
    let verdict = '';
    if (goal) {
      const met = v.jsGzip <= goal.js && v.lcp <= goal.lcp;
      verdict = `${met ? 'met' : 'MISSED'} (≤${goal.js / KB} KB, ≤${goal.lcp} ms)`;
      verdicts.push(
        `${page.path}: JS ${kb(v.jsGzip)} KB of ${goal.js / KB} KB ${v.jsGzip <= goal.js ? 'met' : 'missed'}; ` +
          `LCP ${Math.round(v.lcp)} ms of ${goal.lcp} ms ${v.lcp <= goal.lcp ? 'met' : 'missed'}`,
      );
    }
    console.log(
      row(
        [
          page.path,
          kb(v.jsGzip),
          kb(v.cssGzip),
          kb(v.jsSent + v.cssSent),
          String(v.files),
          String(Math.round(v.fcp)),
          String(Math.round(v.lcp)),
          verdict,
        ],
        widths,
      ),
    );
  }
  for (const { page, visit: v } of results.filter((r) => goals[r.page.name]))
    console.log(
      `\nBefore LCP on ${page.path}, largest first:\n` +
        [...v.list]
          .sort((a, b) => b[1] - a[1])
          .map(([file, bytes]) => `  ${kb(bytes).padStart(7)} KB  ${file}`)
          .join('\n'),
    );
  console.log(`\nGoals:\n  ${verdicts.join('\n  ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
