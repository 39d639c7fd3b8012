/**
 * `npm run bench:web`: what each route costs a first visit on a cheap phone on a weak network,
 * measured in a real Chromium against the real server (npm start's code, built app, loopback): a
 * 360×740 screen, the network held to 400 kbps down and up with 400 ms round trips
 * (Network.emulateNetworkConditions) and the CPU slowed 4× (CDP):
 *
 * - the JavaScript and CSS requested before Largest Contentful Paint and in all until the page is
 *   idle, in gzip bytes as sent (the server's pre-compressed .gz twins; Chromium itself is sent
 *   brotli, shown for reference);
 * - First and Largest Contentful Paint (Performance API) and the Cumulative Layout Shift until the
 *   page is idle, the median of 5 cold visits (a fresh browser context, so an empty cache, each time).
 *
 * Then the goals: the landing page's first paint ≤ 1.5 s, LCP ≤ 2.5 s and ≤ 100 KB of JS in all;
 * layout shift ≤ 0.1 on every page; the dashboard ≤ 300 KB of JS before LCP, the admin dashboard and
 * the finance journal ≤ 350 KB (KB = 1,000 bytes).
 * Signed-in routes are visited as the demo user Ada (welcome popup already seen), the demo admin
 * or the demo finance staff.
 *
 * Then a second visit offline: the demo user opens /dashboard once online (the service worker
 * installs, the balances are kept as last-known data), the network goes away, and a new page is
 * cold-started at /dashboard: the time from its navigation until the balances of the last visit
 * are on screen (median of 5 new pages), or FAILED with what went wrong.
 *
 * Last, long lists: with 1,000 withdrawal requests and a campaign with 1,000 submissions in the
 * ledger, the time until the withdrawals and task review lists are drawn and the page is idle
 * (time to interactive), and until the next page is drawn after a click on Next.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { DESKTOP, PHONE } from './support/e2e';
import { apiClient } from './support/api';
import { seedLongLists } from './support/long-lists';
import { ALL_PAGES, signInAs, type SitePage, type Viewer } from './support/pages';
import { startStandaloneServer } from './support/standalone';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_ONLY=landing,long-lists measures only those (page names from e2e/support/pages.ts). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const CPU_SLOWDOWN = 4;
const KB = 1000;
/** A weak mobile network: 400 kbps each way, 400 ms round trips (bytes per second for CDP). */
const NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: 400_000 / 8,
  uploadThroughput: 400_000 / 8,
};
const MAX_CLS = 0.1;

/** js: before LCP; jsTotal: everything the visit downloads. */
const goals: Record<string, { js?: number; jsTotal?: number; fcp?: number; lcp?: number }> = {
  landing: { jsTotal: 100 * KB, fcp: 1500, lcp: 2500 },
  dashboard: { js: 300 * KB },
  'admin-dashboard': { js: 350 * KB },
  'finance-journal': { js: 350 * KB },
};
const LONG_LIST = 1000;
const LONG_LIST_PAGE_SIZE = 100;

interface Visit {
  /** All the JS the visit downloaded, gzip. */
  jsTotal: number;
  cls: number;
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
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // Each visit is a first one: no worker serves from its cache.
    serviceWorkers: 'block',
    ...(state ? { storageState: JSON.parse(state) } : {}),
  });
  // Layout shifts from the first one on (an observer added later would miss the early ones).
  await context.addInitScript(() => {
    const shifts = { cls: 0 };
    Object.assign(window, { koboShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Bytes on the wire per URL (CDP): headers and body as Chromium received them.
    const urls = new Map<string, string>();
    const sent = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event) => {
      const url = urls.get(event.requestId);
      if (url) sent.set(url, event.encodedDataLength);
    });

    await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
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
      cls: (window as unknown as { koboShifts: { cls: number } }).koboShifts.cls,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    if (!timing.lcp) throw new Error(`no Largest Contentful Paint on ${path}`);
    const landed = new URL(page.url());
    if (landed.pathname + landed.search !== path) throw new Error(`${path} went to ${page.url()}`);

    const result: Visit = {
      jsTotal: 0,
      cls: timing.cls,
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
      const kind = /\.js(\?|$)/.test(resource.url) ? 'js' : /\.css(\?|$)/.test(resource.url) ? 'css' : null;
      if (!kind) continue;
      const gzip = await gzipSize(resource.url);
      if (kind === 'js') result.jsTotal += gzip;
      if (resource.start >= timing.lcp) continue;
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
  let longLists: LongListTimes[];
  let offline: OfflineDashboard | null = null;
  try {
    const states = new Map<Viewer, string>();
    for (const viewer of ['user', 'admin', 'finance'] as const) {
      const context = await signInAs(await browser.newContext({ baseURL: server.url }), viewer);
      states.set(viewer, JSON.stringify(await context.storageState()));
      await context.close();
    }

    const pages = ALL_PAGES.filter(
      (page) => page.name !== 'reset-password-invalid' && (!ONLY || ONLY.includes(page.name)),
    );
    for (const page of pages) {
      const state = states.get(page.viewer);
      await visit(browser, server.url, page.path, state); // warm the server
      const visits: Visit[] = [];
      for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, server.url, page.path, state));
      const pick = (key: Exclude<keyof Visit, 'list'>) => median(visits.map((v) => v[key]));
      results.push({
        page,
        visit: {
          jsTotal: pick('jsTotal'),
          cls: pick('cls'),
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
    if (!ONLY || ONLY.includes('offline-dashboard'))
      offline = await measureOfflineDashboard(browser, server.url, states.get('user')!);
    longLists =
      !ONLY || ONLY.includes('long-lists')
        ? await measureLongLists(browser, server.url, server.db.url, states.get('admin')!)
        : [];
  } finally {
    await browser.close();
    await server.stop();
  }

  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  const widths = [34, 10, 10, 9, 13, 6, 8, 8, 6, 8];
  console.log(
    `\n\nWeb benchmark: first visit on a ${PHONE.width}×${PHONE.height} phone, ${(NETWORK.downloadThroughput * 8) / 1000} kbps ` +
      `down and up, ${NETWORK.latency} ms round trips, CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS}\n`,
  );
  console.log(
    row(
      [
        'route',
        'JS<LCP KB',
        'JS all KB',
        'CSS gz KB',
        'sent (br) KB',
        'files',
        'FCP ms',
        'LCP ms',
        'CLS',
        'goals',
      ],
      widths,
    ),
  );
  const verdicts: string[] = [];
  for (const { page, visit: v } of results) {
    const goal = goals[page.name] ?? {};
    const checks: [string, boolean][] = [[`CLS ${v.cls.toFixed(3)} of ${MAX_CLS}`, v.cls <= MAX_CLS]];
    if (goal.js !== undefined)
      checks.push([`JS before LCP ${kb(v.jsGzip)} KB of ${goal.js / KB} KB`, v.jsGzip <= goal.js]);
    if (goal.jsTotal !== undefined)
      checks.push([`JS ${kb(v.jsTotal)} KB of ${goal.jsTotal / KB} KB`, v.jsTotal <= goal.jsTotal]);
    if (goal.fcp !== undefined)
      checks.push([`FCP ${Math.round(v.fcp)} ms of ${goal.fcp} ms`, v.fcp <= goal.fcp]);
    if (goal.lcp !== undefined)
      checks.push([`LCP ${Math.round(v.lcp)} ms of ${goal.lcp} ms`, v.lcp <= goal.lcp]);
    const missed = checks.filter(([, met]) => !met).length;
    verdicts.push(
      `${page.path}: ${checks.map(([what, met]) => `${what} ${met ? 'met' : 'MISSED'}`).join('; ')}`,
    );
    console.log(
      row(
        [
          page.path,
          kb(v.jsGzip),
          kb(v.jsTotal),
          kb(v.cssGzip),
          kb(v.jsSent + v.cssSent),
          String(v.files),
          String(Math.round(v.fcp)),
          String(Math.round(v.lcp)),
          v.cls.toFixed(3),
          missed ? `${missed} MISSED` : 'met',
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
  if (offline)
    console.log(
      `\n/dashboard on a second visit, offline: shows the last-known balances ` +
        ('failed' in offline
          ? `FAILED (${offline.failed})`
          : `in ${Math.round(offline.shown)} ms (median of ${offline.runs} cold starts, CPU ${CPU_SLOWDOWN}× slower)`),
    );
  console.log(
    `\nLong lists: ${LONG_LIST.toLocaleString('en')} rows in the ledger, ${LONG_LIST_PAGE_SIZE} rows a page, ` +
      `CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS}\n`,
  );
  console.log(row(['list', 'rows drawn', 'interactive ms', 'next page ms'], [34, 11, 15, 13]));
  for (const list of longLists)
    console.log(
      row(
        [
          list.name,
          String(list.rows),
          String(Math.round(list.interactive)),
          String(Math.round(list.nextPage)),
        ],
        [34, 11, 15, 13],
      ),
    );
}

type OfflineDashboard = { shown: number; runs: number } | { failed: string };

/** Where the dashboard shows the account balance (its StatCard's label). */
const BALANCE = '[aria-label="Account Balance"]';

/**
 * The dashboard's second visit, offline (see the top of the file): the time from navigation start
 * until the balance of the first visit is on screen, seen by a MutationObserver from the start.
 */
async function measureOfflineDashboard(
  browser: Browser,
  baseURL: string,
  userState: string,
): Promise<OfflineDashboard> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    storageState: JSON.parse(userState),
  });
  try {
    const first = await context.newPage();
    await first.goto('/dashboard');
    await first.waitForFunction(
      (selector) => /₦[\d,]+\.\d\d/.test(document.querySelector(selector)?.textContent ?? ''),
      BALANCE,
      { timeout: 60_000 },
    );
    const balance = /₦[\d,]+\.\d\d/.exec((await first.locator(BALANCE).first().textContent()) ?? '')![0];
    // The worker installed (its precache complete) and the answer kept as last-known data.
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.waitForFunction(() =>
      (localStorage.getItem('kobo.lastKnown') ?? '').includes('getDashboard'),
    );
    await first.close();

    await context.setOffline(true);
    await context.addInitScript(
      ({ selector, expected }) => {
        const seen = { at: 0 };
        Object.assign(window, { koboBalanceSeen: seen });
        // Inline, unnamed: a named function would be wrapped in a helper the page does not have.
        new MutationObserver((_records, observer) => {
          if (seen.at || !document.querySelector(selector)?.textContent?.includes(expected)) return;
          seen.at = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      { selector: BALANCE, expected: balance },
    );
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const page = await context.newPage();
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto('/dashboard', { waitUntil: 'commit', timeout: 60_000 });
        await page
          .waitForFunction(
            () => (window as unknown as { koboBalanceSeen?: { at: number } }).koboBalanceSeen?.at,
            undefined,
            { timeout: 30_000 },
          )
          .catch(async (error: unknown) => {
            const shown = await page
              .evaluate(
                (selector) =>
                  JSON.stringify({
                    seen: (window as unknown as { koboBalanceSeen?: unknown }).koboBalanceSeen ?? null,
                    card: document.querySelector(selector)?.textContent ?? null,
                  }),
                BALANCE,
              )
              .catch(() => '');
            throw new Error(
              `${String(error).split('\n')[0]}; the page showed: ${shown.replace(/\s+/g, ' ')}`,
            );
          });
        times.push(
          await page.evaluate(
            () => (window as unknown as { koboBalanceSeen: { at: number } }).koboBalanceSeen.at,
          ),
        );
      } finally {
        await page.close();
      }
    }
    return { shown: median(times), runs: times.length };
  } catch (error) {
    return { failed: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  } finally {
    await context.close();
  }
}

interface LongListTimes {
  name: string;
  rows: number;
  /** From navigation start until the rows are drawn and the main thread has been idle once. */
  interactive: number;
  /** From the click on Next until the next page's rows are drawn. */
  nextPage: number;
}

async function until(what: string, timeoutMs: number, done: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Fills the ledger with long lists, waits for the read models, and times the two review lists. */
async function measureLongLists(
  browser: Browser,
  baseURL: string,
  databaseUrl: string,
  adminState: string,
): Promise<LongListTimes[]> {
  const api = apiClient(baseURL);
  const admin = await api.call<{ _id: string; token: string }>('POST', '/auth/admin-login', {
    email: 'admin@demo.kobo.ng',
    password: 'password123',
  });
  const seeded = Date.now();
  const { campaignId, lastPosition } = await seedLongLists(databaseUrl, admin._id, LONG_LIST);
  const appended = Date.now();
  await until('the read models caught up with the long lists', 10 * 60_000, async () => {
    const status = await api.call<{ projectors: { position: number }[] }>(
      'GET',
      '/finance/projections',
      undefined,
      admin.token,
    );
    return status.projectors.every((projector) => projector.position >= lastPosition);
  });
  // Each submission is checked for look-alike proofs in the background: measuring the screens
  // while that runs would time the verification, not the screens.
  await until('the proof verifications finished', 40 * 60_000, async () => {
    const metrics = await (await fetch(`${baseURL}/metrics`)).text();
    const open = [
      ...metrics.matchAll(/kobo_queue_jobs\{queue="[^"]+",state="(?:waiting|active|delayed)"\} (\d+)/g),
    ];
    return open.every((match) => Number(match[1]) === 0);
  });
  const drained = Date.now();
  console.log(
    `\n${LONG_LIST} submissions and ${LONG_LIST} withdrawals appended in ${((appended - seeded) / 1000).toFixed(0)} s; ` +
      `read models and proof verification done ${((drained - appended) / 1000).toFixed(0)} s later`,
  );

  const lists = [
    {
      name: `/admin/withdrawals (${LONG_LIST} pending)`,
      path: `/admin/withdrawals?state=requested&pageSize=${LONG_LIST_PAGE_SIZE}`,
      row: '[data-withdrawal]',
    },
    {
      name: `task review (${LONG_LIST} pending)`,
      path: `/admin/active-campaigns/${campaignId}/review?pageSize=${LONG_LIST_PAGE_SIZE}`,
      row: '.kobo-review-submission',
    },
  ];
  const results: LongListTimes[] = [];
  for (const list of lists) {
    const runs: { rows: number; interactive: number; nextPage: number }[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const context = await browser.newContext({
        baseURL,
        viewport: DESKTOP,
        storageState: JSON.parse(adminState),
      });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(list.path);
        await page.waitForFunction((selector) => document.querySelectorAll(selector).length > 0, list.row, {
          timeout: 60_000,
        });
        const interactive = await page.evaluate(
          () => new Promise<number>((resolve) => requestIdleCallback(() => resolve(performance.now()))),
        );
        const rows = await page.locator(list.row).count();
        const first = await page
          .locator(list.row)
          .first()
          .evaluate((element) => element.textContent);
        const clicked = await page.evaluate(() => performance.now());
        await page.getByRole('button', { name: 'Next page' }).first().click();
        await page.waitForFunction(
          ([selector, before]) => document.querySelector(selector!)?.textContent !== before,
          [list.row, first] as const,
          { timeout: 60_000 },
        );
        const drawn = await page.evaluate(
          () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
        );
        // The first run warms the server and its caches.
        if (run > 0) runs.push({ rows, interactive, nextPage: drawn - clicked });
      } finally {
        await context.close();
      }
    }
    results.push({
      name: list.name,
      rows: runs[0]!.rows,
      interactive: median(runs.map((r) => r.interactive)),
      nextPage: median(runs.map((r) => r.nextPage)),
    });
  }
  return results;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
