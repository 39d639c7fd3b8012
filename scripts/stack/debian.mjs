// Debian's packages through apt-get, as root (as on these machines); elsewhere the message says
// what to install by hand.
import { run } from './home.mjs';

const quiet = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };

export function aptInstall(name) {
  if (process.getuid?.() !== 0)
    throw new Error(`Debian's ${name} is not installed and this is not root: run apt-get install ${name}`);
  try {
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', name], quiet);
  } catch {
    // A fresh machine's package lists may be missing or old.
    run('apt-get', ['update', '-q'], quiet);
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', name], quiet);
  }
}
