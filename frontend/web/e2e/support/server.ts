/**
 * The real product for the end-to-end tests: the web app built once (when missing or older than its
 * sources), then `npm start`'s entry point (services/api/src/main.ts under tsx) on a port of its own
 * (PORT=0, the address read from what it prints) with a fresh database cloned from the Jest template, its own data folder and a fixed signing secret.
 * Demo data loads on the empty ledger, as on a developer's machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestDatabase, printedAddress, type TestDatabase } from '@kobo/platform/testing';
// npm start's own build step, so the server finds the build fresh and does not build again.
import { ensureWebBuild } from '@kobo/api/web-build';

export interface KoboServer {
  /** http://127.0.0.1:<port>, the app at / and the API at /api. */
  url: string;
  db: TestDatabase;
  /** The server's output so far (for a failure message). */
  output(): string;
  stop(): Promise<void>;
}

/** The repository root: the folder whose package.json declares the workspaces. */
export function repoRoot(): string {
  let dir = process.cwd();
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).workspaces) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('repository root not found above ' + process.cwd());
    dir = parent;
  }
}

const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a server that listens may take to answer /readyz 200 (it loaded its demo data before). */
const READY_MS = 30_000;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals the whole process group (tsx, node and anything they started). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts the server, the web app built first if it is stale. The build takes the checkout's build
 * lock (ensureWebBuild's, which npm start's own build step takes too, checking again under it), so
 * servers of two Jest workers start side by side and build once.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<KoboServer> {
  const root = repoRoot();
  // The folder given explicitly: loaded from this ESM package, the module's __dirname is relative.
  ensureWebBuild(() => undefined, join(root, 'frontend', 'web'));
  return launch(root, extraEnv);
}

async function launch(root: string, extraEnv: Record<string, string>): Promise<KoboServer> {
  const db = await createTestDatabase(2);
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: root,
    detached: true, // its own process group, so teardown can end all of it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      // Any free port, the server's own (a port chosen here could be taken before it listened).
      PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      // One master key for every server a test starts on its database (personal data is sealed under it).
      KOBO_MASTER_KEY: Buffer.alloc(32, 5).toString('base64'),
      LOG_LEVEL: 'warn',
      // The journeys and page checks sign in more often from one address than a person would.
      AUTH_RATE_LIMIT_SCALE: '20',
      // Finance pays approvals at once in these journeys; the undo journey asks for its window.
      WITHDRAWAL_UNDO_SECONDS: '0',
      ...extraEnv,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    signalGroup(child, 'SIGTERM');
    // The deadline's timer does not hold the test process open once the server has gone.
    const deadline = new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000).unref());
    const killed = await Promise.race([exited(child).then(() => true), deadline]);
    if (!killed) {
      signalGroup(child, 'SIGKILL');
      await exited(child);
    }
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A server that cannot start says so at once (it exits: printedAddress rejects with its output).
  // Once it listens, its demo data is loaded and its /readyz answers 200 at once: one that does not
  // within READY_MS is broken, and the error says what /readyz answered instead.
  let url: string;
  try {
    url = await printedAddress(child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const deadline = Date.now() + READY_MS;
  let answered: string;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server stopped before it was ready:\n${output}`);
    }
    try {
      const answer = await fetch(`${url}/readyz`);
      if (answer.ok) break;
      answered = `${answer.status} ${await answer.text()}`;
    } catch (error) {
      answered = String(error);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server listens at ${url} but was not ready within ${READY_MS / 1000} s: ` +
          `GET /readyz answered ${answered}\n${output}`,
      );
    }
    await until(250);
  }
  return { url, db, output: () => output, stop };
}
