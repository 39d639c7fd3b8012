/**
 * A real Chromium for the end-to-end tests, screenshots and the web benchmark: Debian's when it is
 * installed, else the one shipped in @sparticuz/chromium (unpacked to /tmp on first use).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

// Nothing the browser does on its own may add requests or time to what we measure.
const QUIET = ['--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function executable(): Promise<{ path: string; args: string[] }> {
  if (existsSync('/usr/bin/chromium')) return { path: '/usr/bin/chromium', args: [] };
  // Node's own require (its CommonJS build): Jest's module system cannot import() an ES module.
  const sparticuz = createRequire(join(process.cwd(), 'noop.js'))(
    '@sparticuz/chromium',
  ) as typeof import('@sparticuz/chromium').default;
  // Its Lambda-only flags are dropped: one process for everything crashes when contexts close, and
  // web security stays on so the app's content security policy and CORS are what a person gets.
  // So is its GPU emulated in software (SwiftShader through ANGLE): drawing the app's pages that way
  // made the accessibility file take 128-139 s where Chromium's own software compositor
  // (--disable-gpu) takes 97-102 s, the rest of the suite alike.
  const dropped =
    /^--(single-process|no-zygote|disable-web-security|allow-running-insecure-content|headless|use-gl|use-angle|enable-unsafe-swiftshader|in-process-gpu|ignore-gpu-blocklist)/;
  return {
    path: await sparticuz.executablePath(),
    args: [...sparticuz.args.filter((arg) => !dropped.test(arg)), '--disable-gpu'],
  };
}

export async function launchBrowser(): Promise<Browser> {
  const chrome = await executable();
  return chromium.launch({
    executablePath: chrome.path,
    args: [...chrome.args, ...QUIET],
    headless: true,
  });
}
