/**
 * Two API processes on one database (decisions/0026): process A is the harness (it runs the
 * projectors), process B is built as `KOBO_ROLES=api` builds it (its own pool, auth, event store
 * and read-your-writes, the projectors watched, not run). What one process learns, the other
 * must know: the person's written position, rate-limit counts, ended sessions, keys in flight.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createLedgerCommands, createPostgresEventStore, moneyRules, streams } from '@kobo/ledger';
import { createPool, type Pool } from '@kobo/platform';
import { eventually } from '@kobo/platform/testing';
import {
  createCheckpointWaiter,
  projectionNames,
  watchConsumers,
  watchProjectors,
  type ProjectorsHandle,
} from '@kobo/projector';
import { createApiApp } from '../../src/app';
import type { ApiContext } from '../../src/context';
import { createAuth, createReadYourWrites, writtenPositionsIn } from '../../src/http';
import { holdLock, holdProjector, settled, startHarness, type Harness } from '../support/harness';
import { registerUser } from '../user-area/support';

let h: Harness;
let b: { http: ReturnType<typeof request>; context: ApiContext; pool: Pool; projectors: ProjectorsHandle };

beforeAll(async () => {
  h = await startHarness();
  const pool = createPool(h.db.url, 5);
  const store = createPostgresEventStore(pool);
  const projectors = await watchProjectors({ pool, store, pollIntervalMs: 200 });
  const context: ApiContext = {
    config: h.config,
    logger: h.context.logger,
    pool,
    store,
    commands: createLedgerCommands(store, { rules: moneyRules(h.config.money) }),
    projectors,
    // The notices reactor, which no process runs here.
    reactors: watchConsumers(pool, store, [{ kind: 'reactor', name: 'notices', description: 'notices' }]),
    auth: createAuth('test-secret-that-is-long-enough-for-hs256-signing', pool),
    writes: createReadYourWrites(projectors, writtenPositionsIn(pool), h.context.logger),
  };
  b = {
    http: request(createApiApp(context, { webOrigin: 'http://localhost:5173' })),
    context,
    pool,
    projectors,
  };
});
afterAll(async () => {
  await b.projectors.stop();
  await b.context.store.close();
  await b.pool.end();
  await h.close();
});

it('a withdrawal answered by A: the next read, on B, waits until the projections have it', async () => {
  const user = await registerUser(h, 'kemi', { accountBalance: 500_000 });
  const { release } = await holdProjector(h, 'withdrawals');
  try {
    const answer = await h.http
      .post('/api/users/withdraw')
      .set(user.auth)
      .send({ amount: 2000, type: 'withdrawal' })
      .expect(201);
    const list = b.http
      .get('/api/users/withdrawals')
      .set(user.auth)
      .then((res) => res);
    await eventually('the read on B waiting for the write on A', async () =>
      b.context.writes.waiting() === 1 ? true : undefined,
    );
    await release();
    const res = await list;
    expect(res.status).toBe(200);
    expect(res.body.map((w: { id: string }) => w.id)).toEqual([answer.body.withdrawal.id]);
  } finally {
    await release();
  }
});

it("counts an account's failed sign-ins on A and on B against one limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const app = i % 2 ? b.http : h.http;
    statuses.push(
      (await app.post('/api/auth/login').send({ email: 'shared@x.ng', password: `g${i}` })).status,
    );
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
});

it('a logout on A ends the session on B (within the one second B may remember it)', async () => {
  const user = await registerUser(h, 'tolu');
  await b.http.get('/api/users/dashboard').set(user.auth).expect(200);
  await h.http.post('/api/auth/logout').set(user.auth).expect(200);
  await eventually('B refusing the ended session', async () => {
    const res = await b.http.get('/api/users/dashboard').set(user.auth);
    return res.status === 401 ? res : undefined;
  });
  const res = await b.http.get('/api/users/dashboard').set(user.auth).expect(401);
  expect(res.body.code).toBe('session_expired');
});

it('an Idempotency-Key in flight on A answers 409 on B, and B replays the answer once A has given it', async () => {
  const user = await registerUser(h, 'ngozi', { accountBalance: 500_000 });
  const key = randomUUID();
  const body = { amount: 2000, type: 'withdrawal' };
  // Every append waits on the chain head: A's withdrawal stays in flight, its key taken.
  const { release } = await holdLock(h, 'SELECT 1 FROM event_chain_head FOR UPDATE');
  try {
    const first = h.http
      .post('/api/users/withdraw')
      .set(user.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .then((res) => res);
    await eventually('the key taken on A', async () => {
      const { rowCount } = await h.db.pool.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
      return rowCount ? true : undefined;
    });
    const inFlight = await b.http
      .post('/api/users/withdraw')
      .set(user.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(409);
    expect(inFlight.body.code).toBe('request_in_progress');
    await release();
    const answered = await first;
    expect(answered.status).toBe(201);
    const replayed = await b.http
      .post('/api/users/withdraw')
      .set(user.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.withdrawal.id).toBe(answered.body.withdrawal.id);
  } finally {
    await release();
  }
});

it('a rejection cut off on a dying API after the ledger took it leaves its key to the retry running it on A', async () => {
  // The bank test's flake (seed 2: "rejectWithdrawal sent again with the same key was not a
  // replay"). The dying API is C: its read-back is cut off when it dies, after the ledger recorded
  // the rejection, so it answers 5xx. Its client's retry on A found the key in flight and ran the
  // rejection again; the 5xx then released the key under it, A's answer was never stored, and the
  // same key once more ran as a new request, not answered as a replay.
  const user = await registerUser(h, 'amaka', { accountBalance: 500_000 });
  const withdrawal = await h.http
    .post('/api/users/withdraw')
    .set(user.auth)
    .set('Idempotency-Key', randomUUID())
    .send({ amount: 2000, type: 'withdrawal' })
    .expect(201);
  await settled(h);
  const waiter = await createCheckpointWaiter(h.db.pool);
  const c = request(
    createApiApp(
      { ...h.context, writes: createReadYourWrites(waiter, writtenPositionsIn(h.db.pool), h.context.logger) },
      { webOrigin: 'http://localhost:5173' },
    ),
  );
  const key = randomUUID();
  const reject = (api: ReturnType<typeof request>) =>
    api
      .post('/api/admin/withdrawals/reject')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .set('Idempotency-Key', key)
      .send({ transactionId: withdrawal.body.withdrawal.id, reason: 'Wrong account' });
  const rejections = async () =>
    (await h.store.readStream(streams.user(user.userId))).filter((e) => e.type === 'WithdrawalRejected');

  const chain = await holdLock(h, 'SELECT 1 FROM event_chain_head FOR UPDATE');
  let keyRow: { release: () => Promise<void> } | undefined;
  try {
    const onC = reject(c).then((res) => res);
    await eventually('the key taken on C', async () => {
      const { rowCount } = await h.db.pool.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
      return rowCount ? true : undefined;
    });
    await waiter.close(); // C dies while its rejection waits to be appended (its connections too,
    // which only loses C's answer to its client: supertest waits for it here)
    // Whatever C then does with the key waits behind this lock, in line before A's answer.
    keyRow = await holdLock(h, 'SELECT 1 FROM idempotency_keys WHERE key = $1 FOR UPDATE', [key]);
    let cutOff: request.Response | undefined;
    void onC.then((res) => (cutOff = res));
    await chain.release();
    await eventually('the rejection recorded, and C done with the key or waiting to release it', async () => {
      if ((await rejections()).length === 0) return undefined;
      if (cutOff) return true;
      const { rowCount } = await h.db.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'DELETE FROM idempotency_keys%'`,
      );
      return rowCount ? true : undefined;
    });
    const retried = reject(h.http).then((res) => res);
    await eventually("A's answer waiting to be stored", async () => {
      const { rowCount } = await h.db.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE idempotency_keys%'`,
      );
      return rowCount ? true : undefined;
    });
    await keyRow.release();
    expect((await onC).status).toBe(500);
    const answered = await retried;
    expect({ status: answered.status, replayed: answered.headers['idempotent-replayed'] }).toEqual({
      status: 200,
      replayed: 'true',
    });

    const again = await reject(h.http);
    expect({
      status: again.status,
      replayed: again.headers['idempotent-replayed'],
      body: again.body,
    }).toEqual({
      status: 200,
      replayed: 'true',
      body: answered.body,
    });
    expect(await rejections()).toHaveLength(1);
  } finally {
    await chain.release();
    await keyRow?.release();
  }
});

it('B shows the projectors A leads (not from B), and a reactor no process runs as stopped', async () => {
  await settled(h);
  const report = await b.http
    .get('/api/finance/projections')
    .set('Authorization', `Bearer ${h.financeToken}`)
    .expect(200);
  expect(
    new Set(report.body.projectors.map((p: { state: string; leader: boolean }) => `${p.state}:${p.leader}`)),
  ).toEqual(new Set(['idle:false']));
  expect(report.body.projectors).toHaveLength(projectionNames.length);
  expect(report.body.reactors).toEqual([
    expect.objectContaining({ name: 'notices', state: 'stopped', leader: false }),
  ]);
});
