// PostgreSQL from Debian's package (postgresql), its own cluster on 127.0.0.1:25432, trust
// authentication for the user postgres, with a database `kobo`. Disposable data: fsync off.
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dir, run, runDir } from '../home.mjs';
import { aptInstall } from '../debian.mjs';

const port = 25432;
const database = 'kobo';

function binDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

/** PostgreSQL refuses to run as root: as root, the cluster runs as Debian's postgres user. */
function account() {
  if (process.getuid?.() !== 0) return {};
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * The data directory. The postgres user cannot reach into root's home (mode 700), so as root
 * the cluster lives under /var/tmp/kobo-stack instead of the run directory.
 */
function dataDir() {
  return process.getuid?.() === 0 ? '/var/tmp/kobo-stack/postgres' : join(runDir, 'postgres');
}

export const postgres = {
  name: 'postgres',
  program: 'postgres',
  port,
  stopSignal: 'SIGINT', // fast shutdown: SIGTERM would wait for every client to leave
  source: "Debian's postgresql package",

  obtain() {
    if (binDir()) return 'already installed';
    aptInstall('postgresql');
    if (!binDir()) throw new Error('apt-get installed postgresql but no /usr/lib/postgresql/*/bin/postgres');
    return 'apt-get install postgresql';
  },

  command() {
    const bin = binDir();
    const data = dataDir();
    const user = account();
    if (!existsSync(join(data, 'PG_VERSION'))) {
      dir(data);
      if (user.uid !== undefined) chownSync(data, user.uid, user.gid);
      run(
        join(bin, 'initdb'),
        ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions'],
        {
          ...user,
          cwd: '/',
        },
      );
    }
    const args = ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
    args.push('-c', 'unix_socket_directories=', '-c', 'max_connections=300', '-c', 'fsync=off');
    return { command: join(bin, 'postgres'), args, options: { ...user, cwd: '/' } };
  },

  async answers() {
    const bin = binDir();
    const probe = { encoding: 'utf8', cwd: '/' };
    run(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)], probe);
    return true;
  },

  /** Makes the product's database once. */
  async prepare() {
    const bin = binDir();
    const psql = (sql) =>
      run(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-tAc', sql], {
        cwd: '/',
      });
    if (psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`).trim() !== '1')
      psql(`CREATE DATABASE ${database}`);
  },

  settings() {
    return { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${database}` };
  },
};
