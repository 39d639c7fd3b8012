/**
 * `npm start` builds the web app when the build is missing or older than its sources, so a fresh
 * clone and an edited checkout both serve what the sources say.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
