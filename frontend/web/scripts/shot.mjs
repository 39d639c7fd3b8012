#!/usr/bin/env node
/* global fetch, localStorage, window -- these lines run inside the page (page.evaluate) */
// A developer's look at one page: node frontend/web/scripts/shot.mjs <path> <out.png>
//   [--width 360] [--dark] [--login email] [--password pw] [--full] [--base http://127.0.0.1:5173]
//   [--scroll 600] (scroll down this many pixels before the picture)
// Signs in through the page's own origin (so the session cookie is set), then screenshots.
import { existsSync } from 'node:fs';
import { chromium as playwright } from 'playwright-core';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const [path = '/', out = '/tmp/shot.png'] = args.filter(
  (a, i) => !a.startsWith('--') && !args[i - 1]?.match(/^--(width|login|password|base|scroll)$/),
);
const width = Number(option('width', '1366'));
const height = width <= 480 ? 740 : 768;
const base = option('base', process.env.KOBO_WEB ?? 'http://127.0.0.1:5173');

async function executable() {
  if (existsSync('/usr/bin/chromium')) return { path: '/usr/bin/chromium', args: [] };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return { path: await sparticuz.executablePath(), args: sparticuz.args };
}

const chrome = await executable();
const browser = await playwright.launch({
  executablePath: chrome.path,
  args: [...chrome.args, '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  headless: true,
});
try {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: flag('dark') ? 'dark' : 'light',
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => message.type() === 'error' && console.error('console:', message.text()));
  await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
  const email = option('login');
  if (email) {
    const answer = await page.evaluate(
      async ({ email, password }) => {
        const signIn = (door) =>
          fetch(`/api/auth/${door}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          });
        // Staff sign in at their own door only (the users' door answers them 401).
        let res = await signIn('login');
        if (res.status === 401) res = await signIn('admin-login');
        const body = await res.json();
        return { status: res.status, body: { ...body, id: body.id ?? body._id } };
      },
      { email, password: option('password', 'password123') },
    );
    if (answer.status !== 200)
      throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    await page.evaluate((session) => localStorage.setItem('kobo.session', JSON.stringify(session)), {
      userId: answer.body.id,
      role: answer.body.role,
    });
  }
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400); // let transitions settle before the picture
  const scroll = Number(option('scroll', '0'));
  if (scroll > 0) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), scroll);
    await page.waitForTimeout(400);
  }
  await page.screenshot({ path: out, fullPage: flag('full') });
  console.log(`wrote ${out} (${width}px${flag('dark') ? ', dark' : ''})`);
} finally {
  await browser.close();
}
