/**
 * The Idempotency-Key claimed by the command's append (decisions/0048), over real HTTP against
 * the real ledger in PostgreSQL: requests that race on one key move money at most once, and the
 * key's record always agrees with the money.
 */
import { randomUUID } from 'node:crypto';
import { streams } from '@kobo/ledger';
import { requestFingerprint } from '../../src/http';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, type TestUser } from '../user-area/support';

describe('the Idempotency-Key claimed in the append', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const withdraw = (user: TestUser, body: object, key: string) =>
    h.http
      .post('/api/users/withdraw')
      .set(user.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .then((res) => res);
  const holds = async (user: TestUser) =>
    (await h.store.readStream(streams.user(user.userId))).filter((e) => e.type === 'WithdrawalRequested');
  const recordOf = async (user: TestUser, key: string) =>
    (
      await h.context.pool.query<{ request_hash: string; response_status: number | null }>(
        'SELECT request_hash, response_status FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [user.userId, key],
      )
    ).rows[0];
  const hashOf = (body: object) => requestFingerprint('POST', '/api/users/withdraw', body);

  it('moves money once when two different withdrawals race on one key: the other is refused (422)', async () => {
    const user = await registerUser(h, 'race-two', { accountBalance: 10_000_000 });
    for (let round = 0; round < 8; round++) {
      const key = randomUUID();
      const small = { amount: 2000, type: 'withdrawal' };
      const large = { amount: 4000, type: 'withdrawal' };
      const before = (await holds(user)).length;
      const [a, b] = await Promise.all([withdraw(user, small, key), withdraw(user, large, key)]);
      expect((await holds(user)).length).toBe(before + 1);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([201, 422]);
      const loser = a.status === 422 ? a : b;
      expect(loser.body.message).toBe('Idempotency-Key reused with a different request');
      const winner = a.status === 201 ? small : large;
      expect(await recordOf(user, key)).toEqual({ request_hash: hashOf(winner), response_status: 201 });
    }
  });

  it('never moves money behind a stored refusal: a refused request and a valid one on one key, in either order and racing', async () => {
    // The refused one claims the key with its answer; the valid one's append finds it taken. Or the
    // valid one appends first, and the refusal's claim loses. Either way the record says what happened.
    const user = await registerUser(h, 'race-refused', { accountBalance: 10_000_000 });
    const valid = { amount: 2000, type: 'withdrawal' };
    const refused = { amount: 900_000, type: 'withdrawal' }; // more than the balance
    type Order = 'refusal first' | 'valid first' | 'racing';
    const orders: Order[] = ['refusal first', 'valid first', ...Array<Order>(10).fill('racing')];
    for (const order of orders) {
      const key = randomUUID();
      const before = (await holds(user)).length;
      let ok, no;
      if (order === 'refusal first') {
        no = await withdraw(user, refused, key);
        ok = await withdraw(user, valid, key);
      } else if (order === 'valid first') {
        ok = await withdraw(user, valid, key);
        no = await withdraw(user, refused, key);
      } else [ok, no] = await Promise.all([withdraw(user, valid, key), withdraw(user, refused, key)]);
      const moved = (await holds(user)).length - before;
      const record = await recordOf(user, key);
      // Sent one after the other, the first one sent decides; racing, either may.
      if (order !== 'racing') expect(moved).toBe(order === 'valid first' ? 1 : 0);
      if (moved === 1) {
        expect({ ok: ok.status, no: no.status, noCode: no.body.code }).toEqual({
          ok: 201,
          no: 422,
          noCode: 'idempotency_key_reused',
        });
        expect(record).toEqual({ request_hash: hashOf(valid), response_status: 201 });
      } else {
        expect(moved).toBe(0);
        expect({ ok: ok.status, okCode: ok.body.code, no: no.status, noCode: no.body.code }).toEqual({
          ok: 422,
          okCode: 'idempotency_key_reused',
          no: 422,
          noCode: 'insufficient_balance',
        });
        expect(record).toEqual({ request_hash: hashOf(refused), response_status: 422 });
      }
      // Sent again, each is answered as the key's record says, and nothing more moves.
      const [okAgain, noAgain] = [await withdraw(user, valid, key), await withdraw(user, refused, key)];
      expect([okAgain.status, noAgain.status]).toEqual([ok.status, no.status]);
      expect((await holds(user)).length - before).toBe(moved);
    }
  });

  it('answers a retry whose first answer was never stored as the first run, marked replayed', async () => {
    // The first answer goes out before it is stored; storing it fails here, as if the process died
    // right after sending: the command is recorded, the key's record still in flight.
    await h.context.pool.query(`
      CREATE FUNCTION refuse_answer_of_lost() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.key LIKE 'lost-%' AND NEW.response_status IS NOT NULL THEN
          RAISE EXCEPTION 'the process died';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_answer_of_lost BEFORE UPDATE ON idempotency_keys
        FOR EACH ROW EXECUTE FUNCTION refuse_answer_of_lost();`);
    const user = await registerUser(h, 'lost-answer', { accountBalance: 1_000_000 });
    const key = `lost-${randomUUID()}`;
    const body = { amount: 3000, type: 'withdrawal' };
    try {
      const first = await withdraw(user, body, key);
      expect(first.status).toBe(201);
      expect(await recordOf(user, key)).toEqual({ request_hash: hashOf(body), response_status: null });
    } finally {
      await h.context.pool.query(
        'DROP TRIGGER refuse_answer_of_lost ON idempotency_keys; DROP FUNCTION refuse_answer_of_lost()',
      );
    }
    const [retry, another] = await Promise.all([
      withdraw(user, body, key),
      withdraw(user, { amount: 5000, type: 'withdrawal' }, key),
    ]);
    expect({ status: retry.status, replayed: retry.headers['idempotent-replayed'] }).toEqual({
      status: 201,
      replayed: 'true',
    });
    expect(another.status).toBe(422);
    const again = await withdraw(user, body, key);
    expect({
      status: again.status,
      replayed: again.headers['idempotent-replayed'],
      body: again.body,
    }).toEqual({
      status: 201,
      replayed: 'true',
      body: retry.body,
    });
    expect(await holds(user)).toHaveLength(1);
  });

  it("stores a refusal before its command as the key's answer", async () => {
    const user = await registerUser(h, 'no-bank', { bank: false, accountBalance: 500_000 });
    const key = randomUUID();
    const refused = await withdraw(user, { amount: 2000, type: 'withdrawal' }, key);
    expect(refused.status).toBe(400);
    // A refusal is its key's answer, stored before it was sent.
    expect(await recordOf(user, key)).toMatchObject({ response_status: 400 });
  });
});
