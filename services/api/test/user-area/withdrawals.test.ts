import { randomUUID } from 'node:crypto';
import { kobo, streams } from '@kobo/ledger';
import { holdProjector, startHarness, type Harness } from '../support/harness';
import { eventually } from '@kobo/platform/testing';
import { registerUser, settled, type TestUser } from './support';

describe('withdrawals', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const withdraw = (user: TestUser, body: object, key?: string) => {
    const req = h.http.post('/api/users/withdraw').set(user.auth);
    return key === undefined ? req.send(body) : req.set('Idempotency-Key', key).send(body);
  };
  const dashboardOf = async (user: TestUser) =>
    (await h.http.get('/api/users/dashboard').set(user.auth).expect(200)).body;
  const requestedEvents = async (user: TestUser) =>
    (await h.store.readStream(streams.user(user.userId))).filter((e) => e.type === 'WithdrawalRequested');
  const heldRows = async (user: TestUser) =>
    (
      await h.context.pool.query('SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [
        user.userId,
      ])
    ).rows[0].n;

  describe('POST /api/users/withdraw', () => {
    it('holds the amount from the account balance and answers the withdrawal and balances', async () => {
      const user = await registerUser(h, 'dayo', { accountBalance: 500_000 });
      const res = await withdraw(user, { amount: 2000, type: 'withdrawal' }).expect(201);
      expect(res.body).toEqual({
        message: 'Withdrawal request submitted successfully!',
        withdrawal: expect.objectContaining({
          id: expect.any(String),
          amount: 2000,
          fee: h.config.money.withdrawalFee / 100,
          type: 'withdrawal',
          status: 'pending',
          state: 'requested',
          reference: null,
          bankDetails: {
            bankName: 'Kuda Bank',
            bankCode: '50211',
            accountNum: '0123456789',
            accountName: 'dayo Tester',
          },
        }),
        balances: {
          accountBalance: 3000,
          activityBalance: h.config.money.signupBonus / 100,
          heldBalance: 2000,
        },
      });
      const dashboard = await dashboardOf(user);
      expect(dashboard).toMatchObject({ accountBalance: 3000, heldBalance: 2000 });
    });

    it('answers without waiting for the projections; the next read of the same person waits for them', async () => {
      const user = await registerUser(h, 'kemi', { accountBalance: 500_000 });
      const { release } = await holdProjector(h, 'withdrawals');
      try {
        const answer = await withdraw(user, { amount: 2000, type: 'withdrawal' }).expect(201);
        expect(answer.body.balances).toMatchObject({ accountBalance: 3000, heldBalance: 2000 });
        expect(await heldRows(user)).toBe(0); // not projected yet: the answer did not wait for it

        const list = h.http
          .get('/api/users/withdrawals')
          .set(user.auth)
          .then((res) => res);
        await eventually('the read waiting for the write', async () =>
          h.context.writes.waiting() === 1 ? true : undefined,
        );
        await release();
        const res = await list;
        expect(res.status).toBe(200);
        expect(res.body.map((w: { id: string }) => w.id)).toEqual([answer.body.withdrawal.id]);
      } finally {
        await release();
      }
    });

    it('holds an activity withdrawal from the activity balance, with its own message', async () => {
      const user = await registerUser(h, 'efe');
      const { lastPosition } = await h.context.commands.adjustBalance({
        userId: user.userId,
        adjustmentId: randomUUID(),
        balance: 'activity',
        amount: kobo(4_000_000),
        reason: 'test funding',
        by: { role: 'admin', id: 'funding-admin' } as const,
      });
      await settled(h, lastPosition);
      const res = await withdraw(user, { amount: '40000.00', type: 'activityWithdrawal' }).expect(201);
      expect(res.body.message).toBe('Activity withdrawal request submitted successfully!');
      expect(res.body.withdrawal).toMatchObject({ amount: 40_000, type: 'activityWithdrawal' });
      expect(res.body.balances).toEqual({
        accountBalance: 0,
        activityBalance: h.config.money.signupBonus / 100,
        heldBalance: 40_000,
      });
    });

    it.each([
      [{ amount: 1999.99, type: 'withdrawal' }, 400, 'Minimum withdrawal amount is ₦2,000'],
      [{ amount: 39_999, type: 'activityWithdrawal' }, 400, 'Minimum withdrawal amount is ₦40,000'],
      [{ amount: 6000, type: 'withdrawal' }, 422, 'Insufficient balance'],
      [{ amount: 40_000, type: 'activityWithdrawal' }, 422, 'Insufficient activity balance'],
    ])('refuses %j with %i and the message, holding nothing', async (body, status, message) => {
      const user = await registerUser(h, 'femi', { accountBalance: 500_000 });
      const res = await withdraw(user, body).expect(status);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.message).toBe(message);
      expect(await requestedEvents(user)).toHaveLength(0);
      expect((await dashboardOf(user)).heldBalance).toBe(0);
    });

    it('asks for bank details first', async () => {
      const user = await registerUser(h, 'gbenga', { bank: false, accountBalance: 500_000 });
      const res = await withdraw(user, { amount: 2000, type: 'withdrawal' }).expect(400);
      expect(res.body.message).toBe('Bank details are required before withdrawing.');
    });

    it.each([
      [{ amount: 'abc', type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ amount: -2000, type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ amount: 0, type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ amount: 2000.001, type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ amount: 1e30, type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ amount: null, type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ type: 'withdrawal' }, 'Please enter a valid amount.'],
      [{ amount: 2000, type: 'bonus' }, "Withdrawal type must be 'withdrawal' or 'activityWithdrawal'."],
      [{ amount: 2000 }, "Withdrawal type must be 'withdrawal' or 'activityWithdrawal'."],
    ])('refuses malformed input %j with 400', async (body, message) => {
      const user = await registerUser(h, 'hauwa', { accountBalance: 500_000 });
      const res = await withdraw(user, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await requestedEvents(user)).toHaveLength(0);
    });

    it('refuses a request without a token', async () => {
      await h.http.post('/api/users/withdraw').send({ amount: 2000, type: 'withdrawal' }).expect(401);
    });
  });

  describe('with an Idempotency-Key', () => {
    it('places one hold for the same key sent twice and answers the first answer again', async () => {
      const user = await registerUser(h, 'ife', { accountBalance: 1_000_000 });
      const key = randomUUID();
      const first = await withdraw(user, { amount: 2500, type: 'withdrawal' }, key).expect(201);
      const second = await withdraw(user, { amount: 2500, type: 'withdrawal' }, key).expect(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(await requestedEvents(user)).toHaveLength(1);
      // The person's read waits for the write (and so the read model has it).
      expect((await dashboardOf(user)).heldBalance).toBe(2500);
      expect(await heldRows(user)).toBe(1);
    });

    it('places one hold even when the first answer was lost with its record', async () => {
      const user = await registerUser(h, 'jide', { accountBalance: 1_000_000 });
      const key = randomUUID();
      const first = await withdraw(user, { amount: 3000, type: 'withdrawal' }, key).expect(201);
      // As if the key's record had expired or the answer never reached the client.
      await h.context.pool.query('DELETE FROM idempotency_keys WHERE user_id = $1', [user.userId]);
      const retry = await withdraw(user, { amount: 3000, type: 'withdrawal' }, key).expect(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(retry.body.withdrawal.id).toBe(first.body.withdrawal.id);
      expect(await requestedEvents(user)).toHaveLength(1);
      expect(await dashboardOf(user)).toMatchObject({ accountBalance: 7000, heldBalance: 3000 });
    });

    it('answers a retry after a lost answer with the withdrawal as it stands now', async () => {
      const user = await registerUser(h, 'tobi', { accountBalance: 1_000_000 });
      const key = randomUUID();
      const first = await withdraw(user, { amount: 3000, type: 'withdrawal' }, key).expect(201);
      const { lastPosition } = await h.context.commands.approveWithdrawal({
        userId: user.userId,
        withdrawalId: first.body.withdrawal.id,
        by: { role: 'admin', id: h.adminId } as const,
      });
      await settled(h, lastPosition);
      await h.context.pool.query('DELETE FROM idempotency_keys WHERE user_id = $1', [user.userId]);
      const retry = await withdraw(user, { amount: 3000, type: 'withdrawal' }, key).expect(201);
      expect(retry.body.withdrawal).toMatchObject({ id: first.body.withdrawal.id, status: 'approved' });
    });

    it('answers a retry after a lost answer while the read model is late as the first run recorded it', async () => {
      const user = await registerUser(h, 'sade', { accountBalance: 1_000_000 });
      const key = randomUUID();
      const { release } = await holdProjector(h, 'withdrawals');
      try {
        const first = await withdraw(user, { amount: 3000, type: 'withdrawal' }, key).expect(201);
        await h.context.pool.query('DELETE FROM idempotency_keys WHERE user_id = $1', [user.userId]);
        // The read back waits its time for the held projector, then answers from the ledger's record.
        const retry = await withdraw(user, { amount: 3000, type: 'withdrawal' }, key).expect(201);
        const requested = await requestedEvents(user);
        expect(requested).toHaveLength(1);
        expect(retry.body.withdrawal).toEqual({
          ...first.body.withdrawal,
          requestedAt: requested[0]!.recordedAt.toISOString(),
        });
      } finally {
        await release();
      }
    });

    it('gives two users with the same key two withdrawals', async () => {
      const one = await registerUser(h, 'kemi', { accountBalance: 500_000 });
      const two = await registerUser(h, 'lola', { accountBalance: 500_000 });
      const a = await withdraw(one, { amount: 2000, type: 'withdrawal' }, 'shared-key').expect(201);
      const b = await withdraw(two, { amount: 2000, type: 'withdrawal' }, 'shared-key').expect(201);
      expect(a.body.withdrawal.id).not.toBe(b.body.withdrawal.id);
      expect(await requestedEvents(one)).toHaveLength(1);
      expect(await requestedEvents(two)).toHaveLength(1);
    });

    it('refuses the same key with another amount (422), holding nothing more', async () => {
      const user = await registerUser(h, 'musa', { accountBalance: 1_000_000 });
      const key = randomUUID();
      await withdraw(user, { amount: 2000, type: 'withdrawal' }, key).expect(201);
      const res = await withdraw(user, { amount: 4000, type: 'withdrawal' }, key).expect(422);
      expect(res.body.message).toBe('Idempotency-Key reused with a different request');
      expect(await requestedEvents(user)).toHaveLength(1);
    });

    it('places one hold for the same key sent 10 times at once', async () => {
      const user = await registerUser(h, 'nneka', { accountBalance: 1_000_000 });
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => withdraw(user, { amount: 2000, type: 'withdrawal' }, key)),
      );
      for (const res of answers) expect([201, 409]).toContain(res.status);
      expect(answers.filter((res) => res.status === 201).length).toBeGreaterThanOrEqual(1);
      expect(await requestedEvents(user)).toHaveLength(1);
      expect((await dashboardOf(user)).heldBalance).toBe(2000);
    });
  });

  it('never overdraws: 20 concurrent withdrawals of ₦2,000 from ₦10,000 hold exactly ₦10,000', async () => {
    const user = await registerUser(h, 'obi', { accountBalance: 1_000_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(user, { amount: 2000, type: 'withdrawal' })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 422))
      expect(res.body.message).toBe('Insufficient balance');
    expect(await dashboardOf(user)).toMatchObject({ accountBalance: 0, heldBalance: 10_000 });
    expect(await heldRows(user)).toBe(5);
  });

  describe('GET /api/users/withdrawals', () => {
    it("follows each of the user's payouts: requested, approved, sending, paid with the reference, failed, reversed, declined", async () => {
      const user = await registerUser(h, 'pelu', { accountBalance: 2_000_000 });
      const ids: string[] = [];
      for (const amount of [2000, 3000, 4000, 5000, 2100, 2200])
        ids.push((await withdraw(user, { amount, type: 'withdrawal' }).expect(201)).body.withdrawal.id);
      const [waiting, queued, paid, failed, sending, reversed] = ids as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const c = h.context.commands;
      const by = { role: 'admin', id: h.adminId } as const;
      for (const withdrawalId of [queued, paid, failed, sending, reversed])
        await c.approveWithdrawal({ userId: user.userId, withdrawalId, by });
      await c.recordPayoutSucceeded({
        userId: user.userId,
        withdrawalId: paid,
        provider: 'manual',
        reference: 'GTB-REF-778',
      });
      await c.recordPayoutFailed({
        userId: user.userId,
        withdrawalId: failed,
        provider: 'manual',
        reason: 'account closed',
      });
      for (const withdrawalId of [sending, reversed])
        await c.recordPayoutSent({
          userId: user.userId,
          withdrawalId,
          provider: 'paystack',
          reference: withdrawalId,
          transferCode: 'TRF_1',
        });
      await c.recordPayoutSucceeded({
        userId: user.userId,
        withdrawalId: reversed,
        provider: 'paystack',
        reference: 'TRF_2',
      });
      const last = await c.recordPayoutReversed({
        userId: user.userId,
        withdrawalId: reversed,
        provider: 'paystack',
        reason: 'returned by the bank',
      });
      await settled(h, last.lastPosition);

      const res = await h.http.get('/api/users/withdrawals').set(user.auth).expect(200);
      expect(res.body.map((w: { id: string }) => w.id)).toEqual([...ids].reverse());
      const byId = Object.fromEntries(res.body.map((w: { id: string }) => [w.id, w]));
      expect(byId[waiting]).toMatchObject({
        amount: 2000,
        status: 'pending',
        state: 'requested',
        reference: null,
      });
      expect(byId[queued]).toMatchObject({ status: 'approved', state: 'approved', reference: null });
      expect(byId[paid]).toMatchObject({ status: 'paid', state: 'paid', reference: 'GTB-REF-778' });
      expect(byId[paid].paidAt).toEqual(expect.any(String));
      expect(byId[failed]).toMatchObject({
        status: 'payout_failed',
        state: 'failed',
        failureReason: 'account closed',
      });
      expect(byId[sending]).toMatchObject({
        status: 'sending',
        state: 'sending',
        reference: null,
        sentAt: expect.any(String),
        paidAt: null,
      });
      expect(byId[reversed]).toMatchObject({
        status: 'reversed',
        state: 'reversed',
        reference: 'TRF_2',
        reversedAt: expect.any(String),
        reversalReason: 'returned by the bank',
      });
      // The reversed payout's ₦2,200 is back: ₦20,000 less the four still out (requested,
      // approved, paid, sending) and nothing for the failed one.
      expect(await dashboardOf(user)).toMatchObject({ accountBalance: 20_000 - 2000 - 3000 - 4000 - 2100 });

      const rejected = await registerUser(h, 'qudus', { accountBalance: 500_000 });
      const w = (await withdraw(rejected, { amount: 2000, type: 'withdrawal' }).expect(201)).body.withdrawal;
      const r = await c.rejectWithdrawal({
        userId: rejected.userId,
        withdrawalId: w.id,
        reason: 'wrong name',
        by,
      });
      await settled(h, r.lastPosition);
      const list = (await h.http.get('/api/users/withdrawals').set(rejected.auth).expect(200)).body;
      expect(list).toEqual([
        expect.objectContaining({
          id: w.id,
          status: 'rejected',
          state: 'declined',
          rejectionReason: 'wrong name',
        }),
      ]);
    });

    it("never shows another user's withdrawals", async () => {
      const owner = await registerUser(h, 'rami', { accountBalance: 500_000 });
      await withdraw(owner, { amount: 2000, type: 'withdrawal' }).expect(201);
      const stranger = await registerUser(h, 'sade');
      expect((await h.http.get('/api/users/withdrawals').set(stranger.auth).expect(200)).body).toEqual([]);
      expect((await h.http.get('/api/users/withdrawals').set(owner.auth).expect(200)).body).toHaveLength(1);
    });
  });
});
