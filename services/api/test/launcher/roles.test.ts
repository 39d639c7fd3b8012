/**
 * The roles as separate processes on one database (decisions/0026), each the real start command
 * with KOBO_ROLES: two API processes, two projectors processes, one workers process. A person
 * signs up on one API and reads on the other; the projectors' leader is killed (SIGKILL, no
 * goodbye) and the other projectors process takes every projection over and carries on.
 * Each process names itself to PostgreSQL (application_name), so the leadership locks in
 * pg_locks say which process leads what. The projectors and workers processes answer /healthz and
 * /metrics (their consumers' lag) on METRICS_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, eventually, printedAddress, type TestDatabase } from '@kobo/platform/testing';
import { projectionNames } from '@kobo/projector';

const TEST_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

jest.setTimeout(300_000);

const root = resolve(__dirname, '../../../..');

interface Started {
  name: string;
  child: ChildProcess;
  /** http://127.0.0.1:<port>: the API's, or, for the other roles, the /healthz and /metrics listener's. */
  address: Promise<string>;
  stderr: () => string;
  exit: Promise<unknown>;
}

const METRICS_TOKEN = 'a-metrics-token-for-the-roles-test';

let db: TestDatabase;
const started: Started[] = [];

/** The start command with KOBO_ROLES=`roles`, named `name` to PostgreSQL. */
async function start(name: string, roles: string): Promise<Started> {
  const inherited = { ...process.env };
  // The servers CI exports (npm run stack:up) are not this test's: images on disk, queues in PostgreSQL.
  for (const setting of Object.keys(inherited))
    if (/^(REDIS_URL|SMTP_URL|KAFKA_|S3_)/.test(setting)) delete inherited[setting];
  const url = new URL(db.url);
  url.searchParams.set('application_name', name);
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-roles-'));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'], // stdout: the address it got
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      KOBO_ROLES: roles,
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
      // Every process on one database seals personal data under the same master key.
      KOBO_MASTER_KEY: TEST_MASTER_KEY,
      METRICS_TOKEN,
      // Any free port, the process's own, read from what it prints.
      ...(roles.includes('api') ? { PORT: '0' } : { METRICS_PORT: '0' }),
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exit = new Promise((done) => child.once('exit', done));
  const address = printedAddress(child);
  address.catch(() => undefined); // a process that died is reported where its address is awaited
  const process_ = { name, child, address, stderr: () => stderr, exit };
  started.push(process_);
  return process_;
}

async function ready(api: Started): Promise<void> {
  await eventually(
    `${api.name} ready`,
    async () => {
      if (api.child.exitCode !== null) throw new Error(`${api.name} exited:\n${api.stderr()}`);
      const res = await fetch(`${await api.address}/readyz`).catch(() => undefined);
      return res?.ok ? true : undefined;
    },
    240_000,
  );
}

/** Which process (application_name) holds each consumer's leadership lock. */
async function leaders(names: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.pool.query<{ consumer: string; process: string }>(
    `SELECT c.name AS consumer, a.application_name AS process
       FROM unnest($1::text[]) AS c(name)
       JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = 741001
                      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND l.objid = (hashtext(c.name)::bigint & 4294967295)::oid
       JOIN pg_stat_activity a ON a.pid = l.pid`,
    [names],
  );
  return new Map(rows.map((row) => [row.consumer, row.process]));
}

/**
 * Resolves once every one of `names` is led by `process` (a process that died says so, with what it
 * printed). A process just spawned first compiles and loads the whole service, which on a loaded
 * machine (CI runs suites side by side) takes as long as an API's start: `ready`'s deadline.
 */
const allLedBy = (names: readonly string[], process: Started, timeoutMs = 60_000) =>
  eventually(
    `${names.join(', ')} led by ${process.name}`,
    async () => {
      if (process.child.exitCode !== null) throw new Error(`${process.name} exited:\n${process.stderr()}`);
      const led = await leaders(names);
      return names.every((name) => led.get(name) === process.name) ? true : undefined;
    },
    timeoutMs,
  );

/** The lines of `process`'s /metrics, asked for with the token. */
async function scrape(process: Started): Promise<string[]> {
  const res = await fetch(`${await process.address}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return (await res.text()).split('\n');
}

async function signUp(api: Started, name: string) {
  const body = {
    firstName: name,
    lastName: 'Tester',
    username: `${name}_${Date.now()}`,
    email: `${name}.${Date.now()}@example.ng`,
    password: 'secret-123',
    phone: '08031234567',
    referredBy: '',
  };
  const res = await fetch(`${await api.address}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return body;
}

async function signIn(api: Started, credentials: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${await api.address}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The person's dashboard on `api`, once the read models have their sign-up (the bonus credited). */
const dashboard = (api: Started, token: string) =>
  eventually(
    `the dashboard on ${api.name}`,
    async () => {
      const res = await fetch(`${await api.address}/api/users/dashboard`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = res.ok ? ((await res.json()) as { activityBalance: number }) : undefined;
      return body && body.activityBalance > 0 ? body : undefined;
    },
    30_000,
  );

beforeAll(async () => {
  db = await createTestDatabase(2);
});
afterAll(async () => {
  for (const each of started) if (each.child.exitCode === null) each.child.kill('SIGTERM');
  await Promise.all(started.map((each) => each.exit));
  await db?.drop();
});

it('runs two APIs, two projectors and a worker as separate processes; the projectors fail over', async () => {
  const projectorsA = await start('kobo-projectors-a', 'projectors');
  const [apiA, apiB] = [await start('kobo-api-a', 'api'), await start('kobo-api-b', 'api')];
  const workers = await start('kobo-workers', 'workers');
  await allLedBy(projectionNames, projectorsA, 240_000);
  const projectorsB = await start('kobo-projectors-b', 'projectors');
  await Promise.all([ready(apiA), ready(apiB)]);
  await allLedBy(['jobs', 'notices'], workers, 240_000);
  // The second projectors process is up and following (its leadership connection is open).
  await eventually('kobo-projectors-b following', async () => {
    const { rowCount } = await db.pool.query(
      "SELECT 1 FROM pg_stat_activity WHERE application_name = 'kobo-projectors-b'",
    );
    return rowCount ? true : undefined;
  });

  // The processes without HTTP are scraped on METRICS_PORT, as the API's /metrics is guarded. A
  // consumer may be scraped in any state, "catching-up" too (its leader is, while it runs a step,
  // which every poll does): hence state="[a-z-]+".
  expect((await fetch(`${await workers.address}/healthz`)).status).toBe(200);
  expect((await fetch(`${await workers.address}/metrics`)).status).toBe(404);
  expect(await scrape(workers)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^kobo_consumer_lag_events\{consumer="jobs",kind="reactor",state="[a-z-]+"\} \d+$/,
      ),
      expect.stringMatching(/^kobo_consumer_failed\{consumer="notices",kind="reactor"\} 0$/),
    ]),
  );
  expect(await scrape(projectorsA)).toEqual(
    expect.arrayContaining(
      projectionNames.map((name) =>
        expect.stringMatching(
          new RegExp(`^kobo_projection_lag_events\\{projector="${name}",state="[a-z-]+"\\} \\d+$`),
        ),
      ),
    ),
  );

  // A journey through both APIs: sign up on A, sign in on B, read on A and on B.
  const ada = await signUp(apiA, 'ada');
  const token = await signIn(apiB, ada);
  const seenOnA = await dashboard(apiA, token);
  expect(await dashboard(apiB, token)).toEqual(seenOnA);

  // The leader dies without a word; the other projectors process takes every projection over.
  projectorsA.child.kill('SIGKILL');
  await projectorsA.exit;
  await allLedBy(projectionNames, projectorsB);

  // And the read models move on: a new person's sign-up reaches both APIs' reads.
  const bola = await signUp(apiB, 'bola');
  const bolaToken = await signIn(apiA, bola);
  expect((await dashboard(apiA, bolaToken)).activityBalance).toBe(seenOnA.activityBalance);
  expect(projectorsB.child.exitCode).toBeNull();
  expect(workers.child.exitCode).toBeNull();
});
