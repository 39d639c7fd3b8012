/**
 * Processes started at once on one checkout build the web app one at a time, and only once: the
 * second finds the build the first made. Vite is stood in for by a script that records when it
 * runs and takes a while, in a checkout of its own.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ensureWebBuild = join(__dirname, '..', '..', 'src', 'web', 'ensure-web-build.ts');

it('builds once when two processes start at once', async () => {
  const appDir = mkdtempSync(join(tmpdir(), 'kobo-web-build-'));
  mkdirSync(join(appDir, 'src'));
  writeFileSync(join(appDir, 'src', 'main.ts'), 'export {};\n');
  mkdirSync(join(appDir, 'node_modules', 'vite', 'bin'), { recursive: true });
  const log = join(appDir, 'builds.log');
  writeFileSync(
    join(appDir, 'node_modules', 'vite', 'bin', 'vite.js'),
    `const fs = require('node:fs');
     fs.appendFileSync(${JSON.stringify(log)}, 'start\\n');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 700);
     fs.mkdirSync('dist', { recursive: true });
     fs.writeFileSync('dist/index.html', '<!doctype html>');
     fs.appendFileSync(${JSON.stringify(log)}, 'end\\n');`,
  );
  const start = () =>
    run(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require(${JSON.stringify(ensureWebBuild)}).ensureWebBuild(() => undefined, ${JSON.stringify(appDir)})`,
      ],
      { cwd: join(__dirname, '..', '..', '..', '..') },
    );
  await Promise.all([start(), start()]);
  expect(readFileSync(log, 'utf8')).toBe('start\nend\n');
}, 60_000);
