// Installs dependencies when a fresh clone has none, so `npm start` and `npm test`
// work straight after `git clone`. Uses only Node built-ins: nothing else exists yet.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');

const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
if (stale) {
  // `npm install`, not `npm ci`: the lock file pins every version, but npm 11 refuses `ci` on a lock
  // written without download addresses (as this project's registry set-up writes them), asking for
  // optional platform packages of other systems. `install` honours the same pins.
  console.log('[kobo] installing dependencies (npm install)...');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
