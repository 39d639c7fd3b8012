/**
 * The real start command (services/api/src/main.ts, as `npm start` runs it) in a child process:
 * Ctrl-C and SIGTERM end it with exit code 0, without a stack trace, with the request in flight
 * answered, also when the database ended our sessions first. A port another process holds ends the
 * start with the reason (it once printed its address while the other process answered there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { embeddedServerUrl } from '@kobo/platform';
import {
  createTestDatabase,
  onFreePort,
  portTaken,
  printedAddress,
  type TestDatabase,
} from '@kobo/platform/testing';

const TEST_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

jest.setTimeout(300_000);

const root = resolve(__dirname, '../../../..');

interface Started {
  child: ChildProcess;
  port: number;
  pgPort: number;
  dataDir: string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The HTTP server listens on port 0 and prints the port it got; the embedded PostgreSQL must be told
 * its port before it binds, so the start is tried again on another free one when another process
 * took it first.
 */
function start(env: Record<string, string>): Promise<Started> {
  return onFreePort((pgPort) => startWith(pgPort, env), embeddedPortTaken);
}

/**
 * The embedded PostgreSQL's port was taken: worth another try. The HTTP port given in PORT is the
 * test's own choice, and another try would meet the same refusal.
 */
function embeddedPortTaken(error: unknown): boolean {
  return portTaken(error) && !/\(PORT\): listen EADDRINUSE/.test(String(error));
}

async function startWith(pgPort: number, env: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-start-'));
  chmodSync(dataDir, 0o755);
  const inherited = { ...process.env };
  // The embedded mode, whatever servers the shell points at (npm run stack:up's settings, in CI).
  const distributed = [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'KAFKA_BROKERS',
    'S3_ENDPOINT',
    'S3_ACCESS_KEY',
  ];
  for (const name of [...distributed, 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION']) delete inherited[name];
  // Its own process group, as a terminal runs it: a Ctrl-C reaches every process in the group.
  // As npm start runs it: node with tsx's loader, one process (tsx's own CLI would relay signals
  // through a parent that kills a child it finds busy for 30 ms).
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'], // stdout: the address it got
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: '0',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
      // Every process on one database seals personal data under the same master key.
      KOBO_MASTER_KEY: TEST_MASTER_KEY,
      ...env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const address = await printedAddress(child);
  const port = Number(new URL(address).port);
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`main.ts exited during start-up:\n${stderr}`);
    if (waited > 240_000) throw new Error(`main.ts never became ready:\n${stderr}`);
    const ready = await fetch(`${address}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port, pgPort, dataDir, stderr: () => stderr, exit };
}

/** Resolves once `port` refuses a new connection (the server stopped listening). */
async function listenerClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((done) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        done(false);
      });
      probe.once('error', () => done(true));
    });
    if (refused) return;
    await new Promise((r) => setImmediate(r));
  }
}

function withoutEnvironmentNoise(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !/^npm warn|ExperimentalWarning|--trace-warnings/.test(line))
    .join('\n');
}

describe('the start command', () => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('ends on Ctrl-C with exit code 0 and no stack trace, and stops its embedded PostgreSQL', async () => {
    const started = await start({});
    process.kill(-started.child.pid!, 'SIGINT');
    // A second Ctrl-C (or npm passing the first one on) while it shuts down changes nothing.
    await listenerClosed(started.port);
    process.kill(-started.child.pid!, 'SIGINT');
    const { code } = await started.exit;
    const stderr = withoutEnvironmentNoise(started.stderr());
    expect(stderr).not.toMatch(/Error|\n\s+at /);
    expect(code).toBe(0);
    // The embedded server was stopped by our shutdown, not left behind.
    const serverUrl = embeddedServerUrl({ dataDir: started.dataDir, embeddedPgPort: started.pgPort });
    expect(serverUrl).toBeDefined();
    const left = new pg.Client({ connectionString: serverUrl });
    await expect(left.connect()).rejects.toThrow();
    await left.end().catch(() => undefined);
  });

  it('ends on SIGTERM with exit code 0, answering the request in flight, after the database ended our sessions', async () => {
    db = await createTestDatabase(2);
    const started = await start({ DATABASE_URL: db.url });

    // A request in flight: its headers are in, its body is still coming. `Expect: 100-continue`
    // makes the server say when it has taken the request (Node answers 100 as it hands it on).
    const body = JSON.stringify({ email: 'nobody@kobo.test', password: 'not-the-password' });
    const socket = connect(started.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    const heard = (text: RegExp) =>
      new Promise<void>((done) => {
        const check = () => {
          if (!text.test(answer)) return;
          socket.off('data', check);
          done();
        };
        socket.on('data', check);
        check();
      });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await heard(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    answer = '';

    // The database goes first: every session of ours is ended (57P01), as a server shutdown does.
    await db.pool.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    process.kill(started.child.pid!, 'SIGTERM');
    // Shutdown has begun once the port takes no new connection; then the body arrives.
    await listenerClosed(started.port);
    socket.write(body);
    await closed;
    // The server's last words say why, when there is no answer (it died, or never got to it).
    if (!answer)
      throw new Error(`no answer to the request in flight; the server wrote:\n${started.stderr()}`);
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);

    const { code } = await started.exit;
    const stderr = withoutEnvironmentNoise(started.stderr());
    expect(stderr).not.toMatch(/Error|\n\s+at /);
    expect(code).toBe(0);
  });

  it('refuses a port another process holds: it says so and exits, printing no address', async () => {
    db ??= await createTestDatabase(2);
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const { port } = holder.address() as { port: number };
    try {
      const refused = start({ DATABASE_URL: db.url, PORT: String(port) });
      await expect(refused).rejects.toThrow(
        `exited before it listened:\ncannot listen on 127.0.0.1:${port} (PORT): listen EADDRINUSE`,
      );
    } finally {
      holder.close();
    }
  });
});
