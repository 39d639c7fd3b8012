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
import { projectionNames, watchConsumers, watchProjectors, type ProjectorsHandle } from '@kobo/projector';
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
    banks: h.context.banks,
    payouts: h.context.payouts,
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
  await b.context.auth.sessions.close();
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

it('a withdrawal in flight on A: the same request on B is answered as its first run, another refused (422)', async () => {
  // The key is claimed by the command's append (decisions/0048): B's copy waits for A's append,
  // finds the command recorded and answers as its first run; a copy with another amount finds the
  // key taken. Money moves once.
  const user = await registerUser(h, 'ngozi', { accountBalance: 500_000 });
  const key = randomUUID();
  const body = { amount: 2000, type: 'withdrawal' };
  const send = (api: typeof h.http, sent: object) =>
    api
      .post('/api/users/withdraw')
      .set(user.auth)
      .set('Idempotency-Key', key)
      .send(sent)
      .then((res) => res);
  const appendsWaiting = async () =>
    (
      await h.db.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE 'SELECT kobo_append_events%'`,
      )
    ).rowCount ?? 0;
  // Every append waits on the chain head: A's withdrawal stays in flight.
  const { release } = await holdLock(h, 'SELECT 1 FROM event_chain_head FOR UPDATE');
  try {
    const first = send(h.http, body);
    await eventually("A's append waiting", async () => ((await appendsWaiting()) >= 1 ? true : undefined));
    const again = send(b.http, body);
    const other = send(b.http, { amount: 3000, type: 'withdrawal' });
    await eventually("B's appends waiting too", async () =>
      (await appendsWaiting()) >= 2 ? true : undefined,
    );
    await release();
    const answered = await first;
    expect(answered.status).toBe(201);
    const [repeated, refused] = [await again, await other];
    expect({ status: repeated.status, replayed: repeated.headers['idempotent-replayed'] }).toEqual({
      status: 201,
      replayed: 'true',
    });
    expect(repeated.body.withdrawal.id).toBe(answered.body.withdrawal.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('idempotency_key_reused');
    const replayed = await send(b.http, body);
    expect(replayed.status).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.withdrawal.id).toBe(answered.body.withdrawal.id);
    const held = (await h.store.readStream(streams.user(user.userId))).filter(
      (e) => e.type === 'WithdrawalRequested',
    );
    expect(held).toHaveLength(1);
  } finally {
    await release();
  }
});

it('a rejection cut off after the ledger took it keeps its key; the retry on A is answered as its first run', async () => {
  // The bank test's flake (seed 2: "rejectWithdrawal sent again with the same key was not a
  // replay"), on a rejection that reads back after its command (a balance change's: the
  // adjustment). C's run is cut off after the ledger recorded it: the connection of its read-back
  // is killed (as a database restart or failover ends sessions), so it answers 5xx. The key was
  // claimed by the command's append, so it stays with the recorded command, and the client's
  // retries on A are answered as the first run, marked replayed (decisions/0048).
  const user = await registerUser(h, 'amaka');
  const edit = await h.http
    .put(`/api/admin/users/${user.userId}`)
    .set('Authorization', `Bearer ${h.adminToken}`)
    .send({ balance: 60_000, reason: 'Campaign refund' })
    .expect(200);
  const adjustmentId: string = edit.body.pendingAdjustment.adjustmentId; // above the threshold: pending
  await settled(h);
  // C: an API process with its own connections, named so that the test finds them.
  const pool = createPool(`${h.db.url}?application_name=api-c`, 4);
  const store = createPostgresEventStore(pool);
  const c = request(
    createApiApp(
      {
        ...h.context,
        pool,
        store,
        commands: createLedgerCommands(store, { rules: moneyRules(h.config.money) }),
        // A late read model is read after 100 ms, not the usual 5 s.
        writes: createReadYourWrites(h.projectors, writtenPositionsIn(pool), h.context.logger, {
          timeoutMs: 100,
        }),
      },
      { webOrigin: 'http://localhost:5173' },
    ),
  );
  const key = randomUUID();
  const reject = (api: ReturnType<typeof request>) =>
    api
      .post(`/api/finance/adjustments/${adjustmentId}/reject`)
      .set('Authorization', `Bearer ${h.financeToken}`)
      .set('Idempotency-Key', key)
      .send({ reason: 'Not agreed with the user' });
  const rejections = async () =>
    (await h.store.readStream(streams.user(user.userId))).filter(
      (e) => e.type === 'BalanceAdjustmentRejected',
    );
  /** The backend of C's statement waiting for a lock (on `relation` if given), if one is. */
  const waitingOnC = async (relation?: string) => {
    const { rows } = await h.db.pool.query<{ pid: number }>(
      `SELECT a.pid FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted
        WHERE a.application_name = 'api-c' AND ($1::regclass IS NULL OR l.relation = $1::regclass)`,
      [relation ?? null],
    );
    return rows[0]?.pid;
  };

  const chain = await holdLock(h, 'SELECT 1 FROM event_chain_head FOR UPDATE');
  let readModel: { release: () => Promise<void> } | undefined;
  try {
    const onC = reject(c).then((res) => res);
    await eventually('C, its key taken and the adjustment found, appending the rejection', () =>
      waitingOnC(),
    );
    // C's read-back of the adjustment will wait for this lock, and its connection be killed there.
    readModel = await holdLock(h, 'LOCK TABLE balance_adjustments IN ACCESS EXCLUSIVE MODE');
    await chain.release();
    const readBack = await eventually('the rejection recorded, and C reading it back', async () =>
      (await rejections()).length ? waitingOnC('balance_adjustments') : undefined,
    );
    await h.db.pool.query('SELECT pg_terminate_backend($1)', [readBack]);
    await readModel.release();
    expect((await onC).status).toBe(500);
    // The key stays with the recorded command: nothing gives it up (decisions/0048).
    const { rows } = await h.db.pool.query('SELECT response_status FROM idempotency_keys WHERE key = $1', [
      key,
    ]);
    expect(rows).toEqual([{ response_status: null }]);
    const answered = await reject(h.http);
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
    await readModel?.release();
    await store.close();
    await pool.end();
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
