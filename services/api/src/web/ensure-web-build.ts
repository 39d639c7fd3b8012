/**
 * `npm start` builds the web app when the build is missing or older than its sources, so a fresh
 * clone and an edited checkout both serve what the sources say. Processes started at once on one
 * checkout (two API processes, a test's servers) build one at a time: a build empties `dist/` and
 * the pre-render's folder under any other.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const webAppDir = join(__dirname, '..', '..', '..', '..', 'frontend', 'web');
export const webDistDir = join(webAppDir, 'dist');

const sources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'vite-precompress.ts',
  'vite-brand-blueprint.ts',
  'vite-icon-paths.ts',
  'vite-prerender.ts',
  'package.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function webBuildIsStale(appDir = webAppDir): boolean {
  const built = join(appDir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestChange(join(appDir, source)) > builtAt);
}

export function ensureWebBuild(log: (message: string) => void = console.log, appDir = webAppDir): void {
  if (!webBuildIsStale(appDir)) return;
  withBuildLock(appDir, () => {
    // Another process may have built it while this one waited.
    if (webBuildIsStale(appDir)) build(log, appDir);
  });
}

/** A build lock older than this is a crashed builder's, and is taken over. */
const STALE_LOCK_MS = 5 * 60_000;

/** Runs `work` holding the checkout's build lock, a folder (made atomically, or not at all). */
function withBuildLock(appDir: string, work: () => void): void {
  const lock = join(appDir, 'node_modules', '.kobo-web-build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
          rmSync(lock, { recursive: true, force: true });
      } catch {
        // Its holder just released it.
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function build(log: (message: string) => void, appDir: string): void {
  log('[kobo] building the web app (vite build)...');
  // Vite sits in the web workspace's own node_modules or is hoisted to the root.
  const vite = [join(appDir, 'node_modules'), join(appDir, '..', '..', 'node_modules')]
    .map((modules) => join(modules, 'vite', 'bin', 'vite.js'))
    .find((path) => existsSync(path));
  if (!vite) throw new Error('vite is not installed: run npm install');
  // A production build whatever the caller runs as (Jest sets NODE_ENV=test, which would bundle
  // React's development runtime).
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: appDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
