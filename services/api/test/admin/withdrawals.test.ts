/** /api/admin/withdrawals and /api/admin/transactions. */
import { streams } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { balancesOf, expectProblem, fund, registerUser, requestWithdrawal } from './support';

describe('admin withdrawals and transactions', () => {
  let h: Harness;
  let auth: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.adminToken}`];
  });
  afterAll(() => h.close());

  it('lists withdrawal requests with the person, the bank details and the payout', async () => {
    const ada = await registerUser(h, { firstName: 'Ada', lastName: 'Okafor' });
    await fund(h, ada.userId, 5000);
    const id = await requestWithdrawal(h, ada.userId, 2500.5);
    const res = await h.http
      .get('/api/admin/withdrawals')
      .set(...auth)
      .expect(200);
    expect(res.body.find((w: { _id: string }) => w._id === id)).toEqual(
      expect.objectContaining({
        _id: id,
        fullName: 'Ada Okafor',
        username: expect.any(String),
        email: ada.email,
        phone: '08031234567',
        amount: 2500.5,
        withdrawalAmount: 2500.5,
        method: 'Bank Transfer',
        type: 'withdrawal',
        createdAt: expect.any(String),
        status: 'pending',
        totalTasks: 0,
        totalReferrals: 0,
        accountBalance: 2499.5,
        bankName: 'Access Bank',
        accountName: 'Ada Tester',
        accountNumber: '0123456784',
        transactionId: id,
        state: 'requested',
        payoutReference: null,
      }),
    );
  });

  it('approves a withdrawal with the message the client shows, once', async () => {
    const user = await registerUser(h, { firstName: 'Tunde', lastName: 'Bakare' });
    await fund(h, user.userId, 3000);
    const id = await requestWithdrawal(h, user.userId, 2000);
    const res = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id })
      .expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: "Tunde Bakare's withdrawal request of ₦2,000.00 has been approved successfully.",
      undoableUntil: null,
    });
    const list = await h.http
      .get('/api/admin/withdrawals')
      .set(...auth)
      .expect(200);
    expect(list.body.find((w: { _id: string }) => w._id === id)).toEqual(
      expect.objectContaining({ status: 'approved', state: 'approved' }),
    );
    expect(await balancesOf(h, user.userId)).toEqual({
      account_balance: 100000,
      activity_balance: h.config.money.signupBonus,
      held_balance: 0,
    });

    // The same decision again succeeds; the opposite one is refused.
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id })
      .expect(200);
    const reject = await h.http
      .post('/api/admin/withdrawals/reject')
      .set(...auth)
      .send({ transactionId: id })
      .expect(409);
    expectProblem(reject.body, 'This withdrawal was already approved.');
  });

  it('answers a rejection retried after its answer was lost as the first time, rejecting once', async () => {
    const user = await registerUser(h, { firstName: 'Ngozi', lastName: 'Eze' });
    await fund(h, user.userId, 3000);
    const id = await requestWithdrawal(h, user.userId, 2000);
    const reject = () =>
      h.http
        .post('/api/admin/withdrawals/reject')
        .set(...auth)
        .set('Idempotency-Key', `reject-${id}`)
        .send({ transactionId: id, reason: 'Wrong account' });
    const first = await reject().expect(200);
    // The process died after the ledger recorded the rejection, before the answer was stored.
    const { rowCount } = await h.db.pool.query(
      `UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, completed_at = NULL,
              locked_at = now()
        WHERE user_id = $1 AND key = $2`,
      [h.adminId, `reject-${id}`],
    );
    expect(rowCount).toBe(1);
    const retry = await reject();
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: first.body });
    const rejected = (await h.store.readStream(streams.user(user.userId))).filter(
      (e) => e.type === 'WithdrawalRejected',
    );
    expect(rejected).toHaveLength(1);
  });

  it('rejects a withdrawal: the money is available again', async () => {
    const user = await registerUser(h, { firstName: 'Zainab', lastName: 'Musa' });
    await fund(h, user.userId, 2000);
    const id = await requestWithdrawal(h, user.userId, 2000);
    expect((await balancesOf(h, user.userId)).account_balance).toBe(0);
    const res = await h.http
      .post('/api/admin/withdrawals/reject')
      .set(...auth)
      .send({ transactionId: id, reason: 'Account name does not match' })
      .expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: "Zainab Musa's withdrawal request of ₦2,000.00 has been rejected successfully.",
    });
    expect((await balancesOf(h, user.userId)).account_balance).toBe(200000);
    const list = await h.http
      .get('/api/admin/withdrawals')
      .set(...auth)
      .expect(200);
    expect(list.body.find((w: { _id: string }) => w._id === id)).toEqual(
      expect.objectContaining({ status: 'rejected', rejectionReason: 'Account name does not match' }),
    );
    const approve = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id })
      .expect(409);
    expectProblem(approve.body, 'This withdrawal was already rejected.');
  });

  it('answers 404 for an unknown withdrawal and 400 without an id', async () => {
    const unknown = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: 'nope' })
      .expect(404);
    expectProblem(unknown.body, 'Withdrawal not found.');
    const missing = await h.http
      .post('/api/admin/withdrawals/reject')
      .set(...auth)
      .send({})
      .expect(400);
    expectProblem(missing.body, 'Transaction id is required');
    const wrongType = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: 7 })
      .expect(400);
    expectProblem(wrongType.body);
  });

  it('lists transactions with the signed amount and the user', async () => {
    const user = await registerUser(h, { firstName: 'Emeka', lastName: 'Obi' });
    await fund(h, user.userId, 2500);
    const id = await requestWithdrawal(h, user.userId, 2000);
    const res = await h.http
      .get('/api/admin/transactions')
      .set(...auth)
      .expect(200);
    const mine = res.body.filter((t: { userId: string }) => t.userId === user.userId);
    expect(mine).toEqual([
      expect.objectContaining({
        transactionId: id,
        _id: id,
        fullName: 'Emeka Obi',
        amount: -2000,
        description: 'Withdrawal',
        type: 'withdrawal',
        status: 'pending',
        createdAt: expect.any(String),
      }),
      expect.objectContaining({ amount: 2500, type: 'other', status: 'completed' }),
      expect.objectContaining({
        amount: h.config.money.signupBonus / 100,
        type: 'bonus',
        description: 'Signup Bonus',
      }),
    ]);
    const limited = await h.http
      .get('/api/admin/transactions?limit=1')
      .set(...auth)
      .expect(200);
    expect(limited.body).toHaveLength(1);
    await h.http
      .get('/api/admin/transactions?limit=zero')
      .set(...auth)
      .expect(400);
  });
});
