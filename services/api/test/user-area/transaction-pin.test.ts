/**
 * The transaction PIN (docs/product/settled-contradictions.md#withdrawal-confirmation): set once with the password, then
 * required for withdrawals; 5 wrong tries block withdrawals (not sign-in) for 30 minutes; a
 * password reset removes it. The API's clock runs ahead of the real one when a test moves it.
 */
import { randomUUID } from 'node:crypto';
import { streams } from '@kobo/ledger';
import { eventually } from '@kobo/platform/testing';
import { startHarness, type Harness } from '../support/harness';
import { registerUser, TEST_PASSWORD, withSignIn, type TestUser } from './support';
import { checkTransactionPin } from '../../src/accounts/transaction-pin';

const NEEDED_PASSWORD = 'Please enter your current password to set your transaction PIN.';
const WRONG_PASSWORD = 'Current password is incorrect';
const FORMAT = 'Your PIN must be 4 digits.';
const GUESSABLE = 'Choose a PIN that is harder to guess.';
const PIN_NEEDED = 'Enter your 4-digit transaction PIN.';
const MINUTE = 60_000;

/** HH:MM in Lagos (UTC+1 all year), 24-hour. */
const lagosClock = (time: Date) => {
  const lagos = new Date(time.getTime() + 3_600_000);
  return `${String(lagos.getUTCHours()).padStart(2, '0')}:${String(lagos.getUTCMinutes()).padStart(2, '0')}`;
};
const blockedMessage = (until: Date) =>
  `Too many wrong PINs. Withdrawals are blocked until ${lagosClock(until)}.`;

describe('the transaction PIN', () => {
  let h: Harness;
  /** How far the API's clock (and the ledger's) runs ahead of the real one. */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);

  beforeAll(async () => {
    h = await startHarness({}, { clock: now });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    ahead = 0;
  });

  const newUser = async (name: string) =>
    withSignIn(h, await registerUser(h, name, { accountBalance: 1_000_000 }));
  const putPin = (user: TestUser, body: object) => h.http.put('/api/users/pin').set(user.auth).send(body);
  const setPin = async (user: TestUser, pin: string) =>
    putPin(user, { currentPassword: TEST_PASSWORD, pin }).expect(200);
  const withdraw = (user: TestUser, body: object, key?: string) => {
    const req = h.http.post('/api/users/withdraw').set(user.auth);
    return key === undefined ? req.send(body) : req.set('Idempotency-Key', key).send(body);
  };
  const twoThousand = (pin?: string) => ({ amount: 2000, type: 'withdrawal', pin });
  const dashboardOf = async (user: TestUser) =>
    (await h.http.get('/api/users/dashboard').set(user.auth).expect(200)).body;
  const requested = async (user: TestUser) =>
    (await h.store.readStream(streams.user(user.userId))).filter((e) => e.type === 'WithdrawalRequested')
      .length;
  const pinRow = async (user: TestUser) =>
    (
      await h.context.pool.query(
        'SELECT pin_hash, failed_tries, blocked_until, set_at FROM transaction_pins WHERE user_id = $1',
        [user.userId],
      )
    ).rows[0] as
      { pin_hash: string; failed_tries: number; blocked_until: Date | null; set_at: Date } | undefined;
  const emailOf = async (user: TestUser) =>
    (await h.context.pool.query('SELECT email FROM credentials WHERE user_id = $1', [user.userId])).rows[0]
      .email as string;
  /** Five wrong PINs one after another: the fifth blocks. */
  const block = async (user: TestUser) => {
    for (let i = 0; i < 4; i++) await withdraw(user, twoThousand('9876')).expect(400);
    return withdraw(user, twoThousand('9876')).expect(403);
  };

  describe('PUT /api/users/pin', () => {
    it('needs the current password: missing or wrong is a 400 at currentPassword, nothing stored', async () => {
      const ada = await newUser('ada');
      const missing = await putPin(ada, { pin: '4821' }).expect(400);
      expect(missing.body).toMatchObject({
        message: NEEDED_PASSWORD,
        errors: { currentPassword: NEEDED_PASSWORD },
      });
      const empty = await putPin(ada, { pin: '4821', currentPassword: '' }).expect(400);
      expect(empty.body.errors).toEqual({ currentPassword: NEEDED_PASSWORD });
      const wrong = await putPin(ada, { pin: '4821', currentPassword: 'guess' }).expect(400);
      expect(wrong.body).toMatchObject({
        message: WRONG_PASSWORD,
        errors: { currentPassword: WRONG_PASSWORD },
      });
      expect(await pinRow(ada)).toBeUndefined();
      expect((await dashboardOf(ada)).hasPin).toBe(false);
    });

    it('refuses a PIN that is not exactly 4 digits', async () => {
      const ada = await newUser('ada');
      for (const pin of ['482', '48210', '48a1', ' 4821', '', 4821, undefined]) {
        const res = await putPin(ada, { currentPassword: TEST_PASSWORD, pin }).expect(400);
        expect(res.body).toMatchObject({ message: FORMAT, errors: { pin: FORMAT } });
      }
      expect(await pinRow(ada)).toBeUndefined();
    });

    it('refuses 0000, 1234 and four of one digit as too easy to guess', async () => {
      const ada = await newUser('ada');
      for (const pin of ['0000', '1234', '1111', '7777', '9999']) {
        const res = await putPin(ada, { currentPassword: TEST_PASSWORD, pin }).expect(400);
        expect(res.body).toMatchObject({ message: GUESSABLE, errors: { pin: GUESSABLE } });
      }
      expect(await pinRow(ada)).toBeUndefined();
      await setPin(ada, '1235');
    });

    it('sets it: hashed like the password, beside the credentials, nothing in the ledger; hasPin', async () => {
      const ada = await newUser('ada');
      const before = await h.store.readStream(streams.user(ada.userId));
      const res = await setPin(ada, '4821');
      expect(res.body).toEqual({ message: 'Your transaction PIN is set.' });

      const row = (await pinRow(ada))!;
      expect(row.pin_hash).toMatch(/^\$argon2id\$/);
      expect(row.pin_hash).not.toContain('4821');
      expect(row).toMatchObject({ failed_tries: 0, blocked_until: null });
      expect(await h.store.readStream(streams.user(ada.userId))).toHaveLength(before.length);
      const { rows } = await h.context.pool.query(
        `SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%4821%' OR metadata::text LIKE '%4821%'`,
      );
      expect(rows[0].n).toBe(0);

      expect((await dashboardOf(ada)).hasPin).toBe(true);
      const profile = await h.http.put('/api/users/profile').set(ada.auth).send({ firstName: 'Adaeze' });
      expect(profile.status).toBe(200);
      expect(profile.body.profile).toMatchObject({ firstName: 'Adaeze', hasPin: true });
    });

    it('changes it: the old PIN no longer opens withdrawals, the new one does', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      const changed = await setPin(ada, '5093');
      expect(changed.body).toEqual({ message: 'Your transaction PIN is changed.' });
      const old = await withdraw(ada, twoThousand('4821')).expect(400);
      expect(old.body.errors).toEqual({ pin: 'Wrong PIN. 4 tries left.' });
      await withdraw(ada, twoThousand('5093')).expect(201);
    });
  });

  describe('POST /api/users/withdraw', () => {
    it('works as before while no PIN is set, with or without a pin field', async () => {
      const ada = await newUser('ada');
      expect((await dashboardOf(ada)).hasPin).toBe(false);
      await withdraw(ada, { amount: 2000, type: 'withdrawal' }).expect(201);
      await withdraw(ada, twoThousand('5555')).expect(201);
      expect(await requested(ada)).toBe(2);
    });

    it('judges each account by its own PIN when the withdrawals of several accounts are checked together', async () => {
      const [withPin, without, blocked] = [
        await newUser('ada'),
        await newUser('bola'),
        await newUser('chidi'),
      ];
      await setPin(withPin, '4821');
      await setPin(blocked, '4821');
      await block(blocked);
      // Asked in one turn: the accounts' rows are read in one statement.
      const checks = await Promise.all(
        [withPin, without, blocked, without, withPin].map((user) =>
          checkTransactionPin(h.context.pool, user.userId, undefined, now()),
        ),
      );
      expect(checks.map((check) => check.kind)).toEqual([
        'missing',
        'no_pin',
        'blocked',
        'no_pin',
        'missing',
      ]);
      await withdraw(without, twoThousand()).expect(201);
      await withdraw(withPin, twoThousand()).expect(400);
    });

    it('once set, needs it: missing is a 400 at pin that costs no try, and nothing is held', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      for (const body of [{ amount: 2000, type: 'withdrawal' }, twoThousand(''), twoThousand('48')]) {
        const res = await withdraw(ada, body).expect(400);
        expect(res.body).toMatchObject({ message: PIN_NEEDED, errors: { pin: PIN_NEEDED } });
      }
      expect(await requested(ada)).toBe(0);
      expect((await pinRow(ada))!.failed_tries).toBe(0);
    });

    it('refuses a wrong PIN before the ledger, saying how many tries are left', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      const left: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await withdraw(ada, twoThousand('4812')).expect(400);
        expect(res.body.errors).toEqual({ pin: res.body.message });
        left.push(res.body.message);
      }
      expect(left).toEqual([
        'Wrong PIN. 4 tries left.',
        'Wrong PIN. 3 tries left.',
        'Wrong PIN. 2 tries left.',
        'Wrong PIN. 1 try left.',
      ]);
      expect(await requested(ada)).toBe(0);
      expect((await dashboardOf(ada)).heldBalance).toBe(0);
    });

    it('takes the right PIN, and a right PIN starts the count again', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      for (let i = 0; i < 3; i++) await withdraw(ada, twoThousand('4812')).expect(400);
      const res = await withdraw(ada, twoThousand('4821')).expect(201);
      expect(res.body.balances).toMatchObject({ heldBalance: 2000 });
      expect(await requested(ada)).toBe(1);
      const next = await withdraw(ada, twoThousand('4812')).expect(400);
      expect(next.body.message).toBe('Wrong PIN. 4 tries left.');
    });

    it('judges 10 wrong PINs sent at once one by one: exactly 5, the fifth blocks, the rest meet the block', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(ada, twoThousand('4812'))));
      const wrong = answers.filter((a) => a.status === 400).map((a) => a.body.message as string);
      const locked = answers.filter((a) => a.status === 403);
      expect(wrong.sort()).toEqual([
        'Wrong PIN. 1 try left.',
        'Wrong PIN. 2 tries left.',
        'Wrong PIN. 3 tries left.',
        'Wrong PIN. 4 tries left.',
      ]);
      expect(locked).toHaveLength(6);
      const row = (await pinRow(ada))!;
      expect(row.blocked_until).not.toBeNull();
      for (const answer of locked)
        expect(answer.body).toMatchObject({
          code: 'pin_locked',
          message: blockedMessage(row.blocked_until!),
        });
      // Even the right PIN is refused now.
      expect((await withdraw(ada, twoThousand('4821')).expect(403)).body.code).toBe('pin_locked');
      expect(await requested(ada)).toBe(0);
    });

    it('blocks for 30 minutes, saying until when in Lagos time; then the right PIN works and tries are fresh', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      const blockedAt = now();
      const fifth = await block(ada);
      const until = (await pinRow(ada))!.blocked_until!;
      expect(until.getTime() - blockedAt.getTime()).toBeGreaterThanOrEqual(30 * MINUTE);
      expect(until.getTime() - blockedAt.getTime()).toBeLessThan(30 * MINUTE + 10_000);
      expect(fifth.body).toMatchObject({
        status: 403,
        code: 'pin_locked',
        message: blockedMessage(until),
        errors: { pin: blockedMessage(until) },
      });
      expect(fifth.body.message).toMatch(/until ([01]\d|2[0-3]):[0-5]\d\.$/);

      ahead = until.getTime() - Date.now() - 5_000; // 5 seconds before the end
      const still = await withdraw(ada, twoThousand('4821')).expect(403);
      expect(still.body.message).toBe(blockedMessage(until));

      ahead = until.getTime() - Date.now() + 1_000;
      await withdraw(ada, twoThousand('4821')).expect(201);
      const wrong = await withdraw(ada, twoThousand('4812')).expect(400);
      expect(wrong.body.message).toBe('Wrong PIN. 4 tries left.');
    });

    it('a block ends without the right PIN too: the next wrong one has 4 tries left', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      await block(ada);
      ahead = 31 * MINUTE;
      const wrong = await withdraw(ada, twoThousand('4812')).expect(400);
      expect(wrong.body.message).toBe('Wrong PIN. 4 tries left.');
    });

    it('a new PIN does not lift a block', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      await block(ada);
      await setPin(ada, '5093');
      expect((await withdraw(ada, twoThousand('5093')).expect(403)).body.code).toBe('pin_locked');
    });

    it('does not block sign-in', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      await block(ada);
      const signedIn = await h.http
        .post('/api/auth/login')
        .send({ email: await emailOf(ada), password: TEST_PASSWORD })
        .expect(200);
      await h.http
        .get('/api/users/dashboard')
        .set('Authorization', `Bearer ${signedIn.body.token}`)
        .expect(200);
    });

    it('answers a repeated request from its first answer: no PIN judged again, no try counted', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      const paid = randomUUID();
      const first = await withdraw(ada, twoThousand('4821'), paid).expect(201);

      const wrongKey = randomUUID();
      const wrong = await withdraw(ada, twoThousand('4812'), wrongKey).expect(400);
      const again = await withdraw(ada, twoThousand('4812'), wrongKey).expect(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.message).toBe(wrong.body.message);
      expect((await pinRow(ada))!.failed_tries).toBe(1);

      // Blocked since: the withdrawal already made still answers as it did.
      for (let i = 0; i < 3; i++) await withdraw(ada, twoThousand('4812')).expect(400);
      await withdraw(ada, twoThousand('4812')).expect(403);
      const replay = await withdraw(ada, twoThousand('4821'), paid).expect(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.withdrawal.id).toBe(first.body.withdrawal.id);
      expect(await requested(ada)).toBe(1);
    });

    it('runs again, unjudged, a request the ledger took whose answer was lost', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      const key = randomUUID();
      const first = await withdraw(ada, twoThousand('4821'), key).expect(201);
      // The answer lost as if the process died after the ledger took the command: the key's record
      // in flight again, so the retry runs; meanwhile the PIN was changed and blocked.
      await h.context.pool.query(
        `UPDATE idempotency_keys SET response_status = NULL, response_body = NULL,
                response_content_type = NULL, completed_at = NULL, locked_at = now()
          WHERE user_id = $1 AND key = $2`,
        [ada.userId, key],
      );
      await setPin(ada, '5093');
      await block(ada);
      const retry = await withdraw(ada, twoThousand('4821'), key).expect(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body.withdrawal.id).toBe(first.body.withdrawal.id);
      expect(await requested(ada)).toBe(1);
    });
  });

  describe('a password reset', () => {
    it('removes the PIN and its block: withdrawals go on without one until a new one is set', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      await block(ada);
      const email = await emailOf(ada);

      await h.http.post('/api/auth/forgot-password').send({ email }).expect(200);
      const link = await eventually('the reset email', async () => {
        const { rows } = await h.context.pool.query(
          `SELECT text_body FROM email_outbox WHERE to_address = $1 AND kind = 'password_reset'`,
          [email],
        );
        return rows[0]?.text_body as string | undefined;
      });
      const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(link)![1];
      await h.http.post('/api/auth/reset-password').send({ token, newPassword: 'new-secret-9' }).expect(200);

      expect(await pinRow(ada)).toBeUndefined();
      // The reset ended every session: sign in again.
      const signedIn = await h.http
        .post('/api/auth/login')
        .send({ email, password: 'new-secret-9' })
        .expect(200);
      const again = { ...ada, auth: { Authorization: `Bearer ${signedIn.body.token}` } };
      expect((await dashboardOf(again)).hasPin).toBe(false);
      await withdraw(again, { amount: 2000, type: 'withdrawal' }).expect(201);
      const set = await putPin(again, { currentPassword: 'new-secret-9', pin: '3071' }).expect(200);
      expect(set.body.message).toBe('Your transaction PIN is set.');
    });

    it('a signed-in password change keeps the PIN', async () => {
      const ada = await newUser('ada');
      await setPin(ada, '4821');
      await h.http
        .put('/api/users/change-password')
        .set(ada.auth)
        .send({ oldPassword: TEST_PASSWORD, newPassword: 'new-secret-9' })
        .expect(200);
      expect(await pinRow(ada)).toBeDefined();
    });
  });
});
