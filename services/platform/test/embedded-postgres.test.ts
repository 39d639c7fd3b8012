/**
 * The embedded PostgreSQL (`npm start` without DATABASE_URL, and the tests without a server): each
 * data directory has a random superuser password of its own, kept in it in a file only its owner
 * can read; postgres/postgres is refused; it listens on 127.0.0.1 only; a data directory made
 * before it had a password gets one at its first start; production refuses it.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createLogger, embeddedServerUrl, loadConfig, provideDatabase } from '../src';
import { freePort, onFreePort, portTaken } from '../src/testing';

jest.setTimeout(180_000);

const child = join(__dirname, 'support', 'embedded-postgres-child.mjs');

interface Running {
  url: string;
  stop(): Promise<void>;
}

/** Runs the child; resolves with its one JSON line (and the process, still running). */
function run(dataDir: string, port: number, mode?: 'legacy') {
  const process_ = spawn(process.execPath, [child, dataDir, String(port), ...(mode ? [mode] : [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  process_.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => process_.once('exit', done));
  const line = new Promise<Record<string, string>>((done, fail) => {
    let out = '';
    process_.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const end = out.indexOf('\n');
      if (end >= 0) done(JSON.parse(out.slice(0, end)) as Record<string, string>);
    });
    process_.once('exit', (code) => fail(new Error(`child exited (${code}) without a word:\n${stderr}`)));
  });
  return { process: process_, line, exited };
}

/**
 * PostgreSQL must be told its port before it binds: a free one is chosen, and when another process
 * took it first the start is tried again on another (portTaken).
 */
const startOnFreePort = (dataDir: string) =>
  onFreePort(async (port) => ({ port, server: await start(dataDir, port) }), portTaken);

async function start(dataDir: string, port: number): Promise<Running> {
  const started = run(dataDir, port);
  const said = await started.line;
  if (!said.url) throw new Error(`embedded PostgreSQL did not start: ${said.error}`);
  return {
    url: said.url,
    stop: async () => {
      started.process.stdin!.end();
      await started.exited;
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);
const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kobo-embedded-'));
  chmodSync(root, 0o755); // as root the server runs as `postgres`, who must reach its directory
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded PostgreSQL', () => {
  it('has a random password of its own, kept in its data directory readable by its owner only; postgres/postgres is refused', async () => {
    const dataDir = join(root, 'pg');
    const { port, server } = await startOnFreePort(dataDir);
    try {
      const password = passwordOf(server.url);
      expect(password).not.toBe('postgres');
      expect(password.length).toBeGreaterThanOrEqual(32);
      const file = join(dataDir, 'kobo-password');
      expect(readFileSync(file, 'utf8').trim()).toBe(password);
      expect(modeOf(file)).toBe(0o600);

      expect(await query(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      // Loopback only: no other machine can reach it.
      expect(await query(server.url, 'SHOW listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);
      await expect(
        query(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, 'SELECT 1'),
      ).rejects.toThrow(/password authentication failed/);
      // What the launcher (and the ledger CLI) use to reach a server already running there.
      expect(embeddedServerUrl({ dataDir: root, embeddedPgPort: port })).toBe(server.url);

      await query(
        server.url,
        `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('before the restart')`,
      );
    } finally {
      await server.stop();
    }

    // A restart keeps the password and the data.
    const again = await start(dataDir, port);
    try {
      expect(again.url).toBe(server.url);
      expect(await query(again.url, 'SELECT note FROM kept')).toEqual([{ note: 'before the restart' }]);
    } finally {
      await again.stop();
    }
  });

  it('gives a data directory made with postgres/postgres a password of its own at its first start, keeping its data', async () => {
    const dataDir = join(root, 'pg');
    // Made by the package on a free port, made again on another when that port was taken first.
    const port = await onFreePort(async (port) => {
      const made = run(dataDir, port, 'legacy');
      const said = await made.line;
      await made.exited;
      if (said.error) {
        rmSync(dataDir, { recursive: true, force: true });
        throw new Error(said.error);
      }
      expect(said).toEqual({ made: dataDir });
      return port;
    }, portTaken);
    expect(existsSync(join(dataDir, 'kobo-password'))).toBe(false);

    const server = await start(dataDir, port);
    try {
      const password = passwordOf(server.url);
      expect(password).not.toBe('postgres');
      expect(readFileSync(join(dataDir, 'kobo-password'), 'utf8').trim()).toBe(password);
      expect(modeOf(join(dataDir, 'kobo-password'))).toBe(0o600);
      expect(await query(server.url, 'SELECT note FROM kept')).toEqual([{ note: 'made before' }]);
      await expect(
        query(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, 'SELECT 1'),
      ).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
    }

    const again = await start(dataDir, port);
    try {
      expect(again.url).toBe(server.url);
      expect(await query(again.url, 'SELECT note FROM kept')).toEqual([{ note: 'made before' }]);
    } finally {
      await again.stop();
    }
  });

  it('is refused in production: DATABASE_URL is required there', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-32-characters!',
      KOBO_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
      DATA_DIR: root,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    await expect(provideDatabase(config, createLogger('silent'))).rejects.toThrow(
      /NODE_ENV=production.*set DATABASE_URL/,
    );
    expect(readdirSync(root)).toEqual([]);
  });
});
