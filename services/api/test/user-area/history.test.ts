import { startHarness, type Harness } from '../support/harness';
import { registerUser, settled, type TestUser } from './support';

interface Entry {
  eventId: string;
  hash: string;
  type: string;
  amount: number;
  runningBalance: number;
  recordedAt: string;
}

const toKobo = (naira: number) => Math.round(naira * 100);

describe('transactions and statements', () => {
  let h: Harness;
  let user: TestUser;
  let stranger: TestUser;
  const ids: Record<'paid' | 'rejected' | 'pending', string> = { paid: '', rejected: '', pending: '' };

  beforeAll(async () => {
    h = await startHarness();
    user = await registerUser(h, 'tola', { accountBalance: 1_234_550 });
    stranger = await registerUser(h, 'uche', { accountBalance: 300_000 });
    const withdraw = async (amount: number) =>
      (
        await h.http
          .post('/api/users/withdraw')
          .set(user.auth)
          .send({ amount, type: 'withdrawal' })
          .expect(201)
      ).body.withdrawal.id as string;
    const c = h.context.commands;
    const by = { role: 'admin', id: h.adminId } as const;
    const userId = user.userId;
    ids.paid = await withdraw(2000);
    await c.approveWithdrawal({ userId, withdrawalId: ids.paid, by });
    await c.recordPayoutSucceeded({ userId, withdrawalId: ids.paid, provider: 'manual', reference: 'REF-1' });
    ids.rejected = await withdraw(3000);
    await c.rejectWithdrawal({ userId, withdrawalId: ids.rejected, reason: 'name mismatch', by });
    ids.pending = await withdraw(2500);
    const last = await h.http
      .post('/api/users/withdraw')
      .set(stranger.auth)
      .send({ amount: 2000, type: 'withdrawal' })
      .expect(201);
    expect(last.body.withdrawal.status).toBe('pending');
    await settled(
      h,
      Number((await h.context.pool.query('SELECT max(global_position) AS p FROM events')).rows[0].p),
    );
  });
  afterAll(() => h.close());

  const dashboardOf = async (who: TestUser) =>
    (await h.http.get('/api/users/dashboard').set(who.auth).expect(200)).body;
  const statementOf = async (who: TestUser, balance?: string) =>
    (
      await h.http
        .get('/api/users/statement')
        .query(balance ? { balance } : {})
        .set(who.auth)
        .expect(200)
    ).body as { account: string; balance: number; entries: Entry[] };

  describe('GET /api/users/transactions', () => {
    it("lists the user's transactions newest first, as the history screen shows them", async () => {
      const res = await h.http.get('/api/users/transactions').set(user.auth).expect(200);
      const rows = res.body.map(({ id: _id, createdAt: _at, ...rest }: Record<string, unknown>) => rest);
      expect(rows).toEqual([
        {
          type: 'withdrawal',
          title: 'Withdrawal',
          amount: 2500,
          status: 'Pending',
          withdrawalId: ids.pending,
          state: 'requested',
        },
        // Declined: the money is back, which the coarse status alone cannot tell from a failed payout.
        {
          type: 'withdrawal',
          title: 'Withdrawal',
          amount: 3000,
          status: 'Failed',
          withdrawalId: ids.rejected,
          state: 'declined',
        },
        {
          type: 'withdrawal',
          title: 'Withdrawal',
          amount: 2000,
          status: 'Completed',
          withdrawalId: ids.paid,
          state: 'paid',
        },
        {
          type: 'other',
          title: 'Balance adjustment: test funding',
          amount: 12_345.5,
          status: 'Completed',
          withdrawalId: null,
          state: null,
        },
        {
          type: 'bonus',
          title: 'Signup Bonus',
          amount: h.config.money.signupBonus / 100,
          status: 'Completed',
          withdrawalId: null,
          state: null,
        },
      ]);
      expect(res.body.slice(0, 3).map((t: { id: string }) => t.id)).toEqual([
        ids.pending,
        ids.rejected,
        ids.paid,
      ]);
      const dates = res.body.map((t: { createdAt: string }) => Date.parse(t.createdAt));
      expect(dates.every((d: number) => !Number.isNaN(d))).toBe(true);
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    });

    it('pages by number or by key, never unbounded, with the count in X-Total-Count', async () => {
      const whole = await h.http.get('/api/users/transactions').set(user.auth).expect(200);
      expect(whole.headers['x-total-count']).toBe('5');
      expect(whole.headers['x-next-cursor']).toBeUndefined();
      const newestFirst = whole.body.map((t: { id: string }) => t.id);
      const first = await h.http.get('/api/users/transactions?pageSize=2').set(user.auth).expect(200);
      expect(first.body.map((t: { id: string }) => t.id)).toEqual(newestFirst.slice(0, 2));
      const next = await h.http
        .get(`/api/users/transactions?pageSize=2&after=${first.headers['x-next-cursor']}`)
        .set(user.auth)
        .expect(200);
      expect(next.body.map((t: { id: string }) => t.id)).toEqual(newestFirst.slice(2, 4));
      const third = await h.http.get('/api/users/transactions?pageSize=2&page=3').set(user.auth).expect(200);
      expect(third.body.map((t: { id: string }) => t.id)).toEqual(newestFirst.slice(4));
      await h.http.get('/api/users/transactions?pageSize=501').set(user.auth).expect(400);
    });

    it("never shows another user's transactions", async () => {
      const res = await h.http.get('/api/users/transactions').set(stranger.auth).expect(200);
      expect(res.body.map((t: { amount: number }) => t.amount)).toEqual([
        2000,
        3000,
        h.config.money.signupBonus / 100,
      ]);
      expect(res.body.map((t: { id: string }) => t.id)).not.toContain(ids.pending);
    });

    it('refuses a request without a token', async () => {
      await h.http.get('/api/users/transactions').expect(401);
    });
  });

  describe('GET /api/users/statement', () => {
    it('lists the ledger entries behind the account balance; they add up to the dashboard balance', async () => {
      const statement = await statementOf(user, 'account');
      const dashboard = await dashboardOf(user);
      expect(statement.account).toBe(`user:${user.userId}:account`);
      expect(statement.balance).toBe(dashboard.accountBalance);
      expect(statement.balance).toBe(7845.5); // 12,345.50 - 2,000 paid - 2,500 held (3,000 came back)
      expect(statement.entries.map((e) => [e.type, e.amount])).toEqual([
        ['WithdrawalRequested', -2500],
        ['WithdrawalRejected', 3000],
        ['WithdrawalRequested', -3000],
        ['WithdrawalRequested', -2000],
        ['BalanceAdjusted', 12_345.5],
      ]);
      const sum = statement.entries.reduce((total, e) => total + toKobo(e.amount), 0);
      expect(sum).toBe(toKobo(dashboard.accountBalance));
      // Each running balance is the one after it (older) plus its own amount.
      statement.entries.forEach((entry, i) => {
        const older = statement.entries[i + 1];
        expect(toKobo(entry.runningBalance)).toBe(
          (older ? toKobo(older.runningBalance) : 0) + toKobo(entry.amount),
        );
      });
    });

    it('carries the hash of the event each entry came from', async () => {
      const { entries } = await statementOf(user);
      for (const entry of entries) {
        const { rows } = await h.context.pool.query(
          `SELECT encode(hash, 'hex') AS hash FROM events WHERE event_id = $1`,
          [entry.eventId],
        );
        expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(entry.hash).toBe(rows[0].hash);
      }
    });

    it('lists the activity balance too', async () => {
      const statement = await statementOf(user, 'activity');
      expect(statement.account).toBe(`user:${user.userId}:activity`);
      expect(statement.balance).toBe((await dashboardOf(user)).activityBalance);
      expect(statement.entries.map((e) => [e.type, e.amount])).toEqual([
        ['UserRegistered', h.config.money.signupBonus / 100],
      ]);
    });

    it("shows only the token's user's entries", async () => {
      const statement = await statementOf(stranger);
      expect(statement.account).toBe(`user:${stranger.userId}:account`);
      expect(statement.balance).toBe((await dashboardOf(stranger)).accountBalance);
      expect(statement.entries.map((e) => e.amount)).toEqual([-2000, 3000]);
    });

    it('refuses an unknown balance with 400', async () => {
      const res = await h.http.get('/api/users/statement?balance=savings').set(user.auth).expect(400);
      expect(res.body.message).toBe("Balance must be 'account', 'activity' or 'hold'.");
    });

    it('answers an empty statement for a user with no entries', async () => {
      const fresh = await registerUser(h, 'vic');
      expect(await statementOf(fresh, 'account')).toEqual({
        account: `user:${fresh.userId}:account`,
        balance: 0,
        entries: [],
      });
    });
  });

  it('counts the paid withdrawal in the dashboard total', async () => {
    expect(await dashboardOf(user)).toMatchObject({ totalWithdrawn: 2000, heldBalance: 2500 });
  });
});
