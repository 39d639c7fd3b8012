import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { z } from 'zod';
import type { Pool } from '@kobo/platform';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import {
  commandIdOf,
  createIdempotencyStore,
  defineRoute,
  requestFingerprint,
  type IdempotencyStore,
} from '../../src/http';
import { tinyApp, type TinyApp } from './tiny-app';

let db: TestDatabase;
let store: IdempotencyStore;
let app: TinyApp['app'];
let auth: TinyApp['auth'];

// What the withdraw handler did, and switches the tests flip.
const executions: Array<{ userId: string; amount: number }> = [];
let gate: Promise<void> | undefined;
let entered: (() => void) | undefined;
let failNext = false;

// The ledger of the rejection route: each command by its id, with its first run's answer; a
// command run again answers from here (decisions/0015). And what each run does once the command
// is recorded, in turn: a run can be held there, then answer or be cut off.
const recorded = new Map<string, { withdrawalId: string; rejected: string }>();
const afterRecording: Array<() => Promise<void>> = [];

/** What a query meets when PostgreSQL ends its session (a restart, a failover): 57P01. */
const CONNECTION_KILLED = new Error('terminating connection due to administrator command');

/** One run of a command, held after recording it until the test lets it answer or cuts it off. */
function heldRun() {
  let reached!: () => void;
  let go!: () => void;
  let cutOff!: (error: Error) => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const decided = new Promise<void>((resolve, reject) => {
    go = resolve;
    cutOff = reject;
  });
  return {
    run: () => {
      reached();
      return decided;
    },
    arrived,
    answer: () => go(),
    // A run whose command is recorded, cut off: its read-back's connection killed.
    cutOff: () => cutOff(CONNECTION_KILLED),
  };
}

beforeAll(async () => {
  db = await createTestDatabase(4);
  store = createIdempotencyStore(db.pool);
  const built = tinyApp(
    [
      defineRoute({
        method: 'post',
        path: '/users/withdraw',
        summary: 'Request a withdrawal',
        access: ['user'],
        idempotency: 'required',
        body: z.object({
          amount: z.number().int().positive(),
          type: z.enum(['withdrawal', 'activityWithdrawal']),
        }),
        responses: {
          201: { description: 'requested' },
          422: { description: 'Insufficient balance', problem: true },
        },
        handler: async ({ body, principal }) => {
          entered?.();
          if (gate) await gate;
          if (failNext) {
            failNext = false;
            throw new Error('database went away');
          }
          if (body.amount > 1_000_000)
            throw { name: 'DomainError', code: 'insufficient_balance', message: 'Insufficient balance' };
          executions.push({ userId: principal.userId, amount: body.amount });
          return { withdrawalId: randomUUID(), amount: body.amount };
        },
      }),
      defineRoute({
        method: 'post',
        path: '/admin/withdrawals/reject',
        summary: 'Reject a withdrawal',
        access: ['admin'],
        idempotency: 'optional',
        body: z.object({ transactionId: z.string() }),
        responses: { 200: { description: 'rejected' } },
        handler: async ({ body, res }) => {
          const commandId = commandIdOf(res)!;
          if (!recorded.has(commandId))
            recorded.set(commandId, { withdrawalId: body.transactionId, rejected: new Date().toISOString() });
          await afterRecording.shift()?.();
          return recorded.get(commandId);
        },
      }),
    ],
    {
      idempotencyStore: store,
      sessionsPool: db.pool,
      commandRecorded: async (commandId) => recorded.has(commandId),
    },
  );
  app = built.app;
  auth = built.auth;
});

afterAll(async () => {
  await auth.sessions.close();
  await db.drop();
});

beforeEach(() => {
  executions.length = 0;
  gate = undefined;
  entered = undefined;
  afterRecording.length = 0;
});

const ada = () => ({ Authorization: `Bearer ${auth.tokens.issue({ userId: 'user-ada', role: 'user' }, 0)}` });
const ben = () => ({ Authorization: `Bearer ${auth.tokens.issue({ userId: 'user-ben', role: 'user' }, 0)}` });
const withdraw = (key: string | undefined, body: object, auth = ada()) => {
  const req = request(app).post('/api/users/withdraw').set(auth);
  if (key !== undefined) req.set('Idempotency-Key', key);
  return req.send(body);
};

describe('Idempotency-Key over HTTP', () => {
  it('replays the first answer for a retry and runs the command once', async () => {
    const key = randomUUID();
    const first = await withdraw(key, { amount: 250_000, type: 'withdrawal' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await withdraw(key, { type: 'withdrawal', amount: 250_000 }); // same body, keys reordered
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/json/);
    expect(retry.body).toEqual(first.body);
    expect(executions).toEqual([{ userId: 'user-ada', amount: 250_000 }]);
  });

  it('keeps the key, the user, the request hash and the first answer in PostgreSQL', async () => {
    const key = randomUUID();
    const first = await withdraw(key, { amount: 300_000, type: 'withdrawal' });
    const { rows } = await db.pool.query(
      'SELECT user_id, request_hash, method, path, response_status, response_body FROM idempotency_keys WHERE key = $1',
      [key],
    );
    expect(rows).toEqual([
      {
        user_id: 'user-ada',
        request_hash: requestFingerprint('POST', '/api/users/withdraw', {
          type: 'withdrawal',
          amount: 300_000,
        }),
        method: 'POST',
        path: '/api/users/withdraw',
        response_status: 201,
        response_body: first.text,
      },
    ]);
  });

  it('refuses the same key with a different body (422)', async () => {
    const key = randomUUID();
    await withdraw(key, { amount: 250_000, type: 'withdrawal' });
    const reused = await withdraw(key, { amount: 999_000, type: 'withdrawal' });
    expect(reused.status).toBe(422);
    expect(reused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reused.body).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'Idempotency-Key reused with a different request',
    });
    expect(executions).toHaveLength(1);
  });

  it('answers 409 to a duplicate that arrives while the first is still running', async () => {
    const key = randomUUID();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const inHandler = new Promise<void>((resolve) => (entered = resolve));

    const first = withdraw(key, { amount: 400_000, type: 'withdrawal' }).then((res) => res);
    await inHandler;
    entered = undefined;
    const duplicate = await withdraw(key, { amount: 400_000, type: 'withdrawal' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers['retry-after']).toBe('1');
    expect(duplicate.body.code).toBe('request_in_progress');

    open();
    expect((await first).status).toBe(201);
    const later = await withdraw(key, { amount: 400_000, type: 'withdrawal' });
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(executions).toHaveLength(1);
  });

  it('replays a refusal (4xx) as it was first given', async () => {
    const key = randomUUID();
    const first = await withdraw(key, { amount: 5_000_000, type: 'withdrawal' });
    expect(first.status).toBe(422);
    expect(first.body.message).toBe('Insufficient balance');
    const retry = await withdraw(key, { amount: 5_000_000, type: 'withdrawal' });
    expect(retry.status).toBe(422);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(retry.body).toEqual(first.body);
  });

  it('forgets the key after a 5xx so the retry runs again', async () => {
    const key = randomUUID();
    failNext = true;
    const failed = await withdraw(key, { amount: 260_000, type: 'withdrawal' });
    expect(failed.status).toBe(500);
    const retry = await withdraw(key, { amount: 260_000, type: 'withdrawal' });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(executions).toHaveLength(1);
  });

  /** An admin's rejection of `transactionId`, sent each time with the same new key. */
  const rejectionSender = (transactionId: string) => {
    const key = randomUUID();
    return () =>
      request(app)
        .post('/api/admin/withdrawals/reject')
        .set({ Authorization: `Bearer ${auth.tokens.issue({ userId: 'admin-1', role: 'admin' }, 0)}` })
        .set('Idempotency-Key', key)
        .send({ transactionId });
  };

  it('keeps the answer of a run going on while another run of its recorded command is cut off (5xx)', async () => {
    // The simulation's flake: a run of a rejection whose command the ledger had recorded was cut
    // off; the client's retry found the key in flight and ran the command again; the cut-off
    // run's 5xx then released the key under the retry, whose answer was never stored, so the same
    // key sent once more ran as new and was not answered as a replay.
    const reject = rejectionSender('w-1');
    const killed = heldRun();
    const retried = heldRun();
    afterRecording.push(killed.run, retried.run);

    const lost = reject().then((res) => res);
    await killed.arrived;
    const retry = reject().then((res) => res);
    await retried.arrived;
    killed.cutOff();
    expect((await lost).status).toBe(500);
    retried.answer();
    const answered = await retry;
    expect(answered.status).toBe(200);
    expect(answered.headers['idempotent-replayed']).toBe('true');

    const again = await reject();
    expect({
      status: again.status,
      replayed: again.headers['idempotent-replayed'],
      body: again.body,
    }).toEqual({
      status: 200,
      replayed: 'true',
      body: answered.body,
    });
  });

  it('answers a retry after a 5xx whose command the ledger recorded as a replay of it', async () => {
    const reject = rejectionSender('w-2');
    afterRecording.push(() => Promise.reject(CONNECTION_KILLED));
    expect((await reject()).status).toBe(500);
    const retry = await reject();
    expect({ status: retry.status, replayed: retry.headers['idempotent-replayed'] }).toEqual({
      status: 200,
      replayed: 'true',
    });
  });

  describe('when the answer cannot be stored', () => {
    // A real fault in PostgreSQL: storing the answer of a key starting "unstorable-" fails.
    beforeAll(async () => {
      await db.pool.query(`
        CREATE FUNCTION refuse_unstorable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.key LIKE 'unstorable-%' AND NEW.response_status IS NOT NULL THEN
            RAISE EXCEPTION 'the disk is full';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_unstorable BEFORE UPDATE ON idempotency_keys
          FOR EACH ROW EXECUTE FUNCTION refuse_unstorable();`);
    });
    afterAll(async () => {
      await db.pool.query(
        'DROP TRIGGER refuse_unstorable ON idempotency_keys; DROP FUNCTION refuse_unstorable()',
      );
    });

    const rejection = (key: string) =>
      request(app)
        .post('/api/admin/withdrawals/reject')
        .set({ Authorization: `Bearer ${auth.tokens.issue({ userId: 'admin-1', role: 'admin' }, 0)}` })
        .set('Idempotency-Key', key)
        .send({ transactionId: 'w-unstorable' });

    it('answers 503 instead of an answer a retry could not repeat, and the retry replays the command', async () => {
      const key = `unstorable-${randomUUID()}`;
      const first = await rejection(key);
      expect({
        status: first.status,
        message: first.body.message,
        retryAfter: first.headers['retry-after'],
      }).toEqual({
        status: 503,
        message: 'The answer could not be recorded; please retry with the same Idempotency-Key',
        retryAfter: '1',
      });
      await db.pool.query('ALTER TABLE idempotency_keys DISABLE TRIGGER refuse_unstorable');
      try {
        const retry = await rejection(key);
        expect({ status: retry.status, replayed: retry.headers['idempotent-replayed'] }).toEqual({
          status: 200,
          replayed: 'true',
        });
        const again = await rejection(key);
        expect({
          status: again.status,
          replayed: again.headers['idempotent-replayed'],
          body: again.body,
        }).toEqual({
          status: 200,
          replayed: 'true',
          body: retry.body,
        });
      } finally {
        await db.pool.query('ALTER TABLE idempotency_keys ENABLE TRIGGER refuse_unstorable');
      }
    });

    it('gives the key up when the ledger did not record the command, so the retry runs as the first', async () => {
      const key = `unstorable-${randomUUID()}`;
      const first = await withdraw(key, { amount: 270_000, type: 'withdrawal' });
      expect(first.status).toBe(503);
      const { rows } = await db.pool.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
      expect(rows).toEqual([]);
    });
  });

  it('scopes keys to the user', async () => {
    const key = randomUUID();
    const forAda = await withdraw(key, { amount: 270_000, type: 'withdrawal' }, ada());
    const forBen = await withdraw(key, { amount: 270_000, type: 'withdrawal' }, ben());
    expect(forBen.status).toBe(201);
    expect(forBen.headers['idempotent-replayed']).toBeUndefined();
    expect(forBen.body.withdrawalId).not.toBe(forAda.body.withdrawalId);
    expect(executions.map((e) => e.userId)).toEqual(['user-ada', 'user-ben']);
  });

  it('requires a well-formed key on a route that declares it required', async () => {
    const missing = await withdraw(undefined, { amount: 250_000, type: 'withdrawal' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      'Idempotency-Key': 'Idempotency-Key header is required for this request',
    });
    const malformed = await withdraw('x'.repeat(300), { amount: 250_000, type: 'withdrawal' });
    expect(malformed.status).toBe(400);
    expect(executions).toHaveLength(0);
  });

  it('checks authentication and input before taking the key', async () => {
    const key = randomUUID();
    const anonymous = await request(app).post('/api/users/withdraw').set('Idempotency-Key', key).send({});
    expect(anonymous.status).toBe(401);
    const invalid = await withdraw(key, { amount: -5, type: 'withdrawal' });
    expect(invalid.status).toBe(400);
    const { rowCount } = await db.pool.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
    expect(rowCount).toBe(0);
  });
});

describe('idempotency store', () => {
  const requestFor = (key: string, body: unknown) => ({
    userId: 'store-user',
    key,
    method: 'POST',
    path: '/api/x',
    requestHash: requestFingerprint('POST', '/api/x', body),
  });

  it('lets exactly one of many concurrent claims run', async () => {
    const r = requestFor(randomUUID(), { n: 1 });
    const results = await Promise.all(Array.from({ length: 8 }, () => store.claim(r)));
    expect(results.filter((result) => result.kind === 'claimed')).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'in_flight')).toHaveLength(7);
  });

  it('sends the claims of one turn in one statement, and their answers in another', async () => {
    let statements = 0;
    const counted = createIdempotencyStore({
      query: (...args: Parameters<Pool['query']>) => {
        statements++;
        return db.pool.query(...args);
      },
    } as unknown as Pool);
    const requests = [1, 2, 3, 4, 5].map((n) => requestFor(randomUUID(), { n }));

    const claims = await Promise.all(requests.map((r) => counted.claim(r)));
    expect(claims.map((claim) => claim.kind)).toEqual(requests.map(() => 'claimed'));
    expect(statements).toBe(1);

    await Promise.all(
      requests.map((r, i) =>
        counted.complete(r, { status: 201, contentType: 'application/json', body: `{"n":${i + 1}}` }),
      ),
    );
    expect(statements).toBe(2);
    // Each answer is its own key's.
    const replays = await Promise.all(requests.map((r) => store.claim(r)));
    expect(replays.map((claim) => (claim.kind === 'replay' ? claim.response.body : claim.kind))).toEqual(
      requests.map((_, i) => `{"n":${i + 1}}`),
    );
  });

  it('hands a claim whose process died (lock older than the timeout) to exactly one newcomer', async () => {
    const r = requestFor(randomUUID(), { n: 2 });
    expect((await store.claim(r)).kind).toBe('claimed');
    expect((await store.claim(r)).kind).toBe('in_flight');
    await db.pool.query(
      `UPDATE idempotency_keys SET locked_at = now() - interval '2 minutes' WHERE key = $1`,
      [r.key],
    );
    const results = await Promise.all(Array.from({ length: 4 }, () => store.claim(r)));
    expect(results.map((result) => result.kind).sort()).toEqual([
      'claimed',
      'in_flight',
      'in_flight',
      'in_flight',
    ]);
  });

  it('lets an attempt give up only a key it still holds, not one taken over from it', async () => {
    const r = requestFor(randomUUID(), { n: 6 });
    const first = await store.claim(r);
    expect(first.kind).toBe('claimed');
    await db.pool.query(
      `UPDATE idempotency_keys SET locked_at = now() - interval '2 minutes' WHERE key = $1`,
      [r.key],
    );
    const second = await store.claim(r);
    expect(second).toMatchObject({ kind: 'claimed', takenOver: true });

    // The first attempt, presumed dead, fails after all: the key stays with the second.
    await store.release(r, (first as { token: string }).token);
    expect((await store.claim(r)).kind).toBe('in_flight');
    // The second gives it up: a retry runs again.
    await store.release(r, (second as { token: string }).token);
    expect((await store.claim(r)).kind).toBe('claimed');
  });

  it('lets a key be used afresh after the retention, and purges old records', async () => {
    const r = requestFor(randomUUID(), { n: 3 });
    await store.claim(r);
    await store.complete(r, { status: 201, contentType: 'application/json', body: '{}' });
    await db.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`,
      [r.key],
    );
    const fresh = { ...r, requestHash: requestFingerprint('POST', '/api/x', { n: 4 }) };
    expect((await store.claim(fresh)).kind).toBe('claimed');

    const old = requestFor(randomUUID(), { n: 5 });
    await store.claim(old);
    await db.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`,
      [old.key],
    );
    expect(await store.purgeExpired()).toBe(1);
    const { rows } = await db.pool.query('SELECT key FROM idempotency_keys WHERE key = ANY($1)', [
      [r.key, old.key],
    ]);
    expect(rows).toEqual([{ key: r.key }]);
  });
});
