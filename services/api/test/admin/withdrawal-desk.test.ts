/**
 * The admin's withdrawal desk: an approval above WITHDRAWAL_CONFIRM_ABOVE_NAIRA must be confirmed,
 * any approval can be undone within WITHDRAWAL_UNDO_SECONDS (and finance cannot mark it paid in
 * that time), and the checks shown beside a request.
 */
import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../support/harness';
import { balancesOf, expectProblem, fund, registerUser, requestWithdrawal, settled } from './support';

describe('the admin withdrawal desk', () => {
  let h: Harness;
  let auth: [string, string];
  let finance: [string, string];
  let now = new Date('2026-06-01T10:00:00.000Z');
  beforeAll(async () => {
    h = await startHarness(
      { WITHDRAWAL_UNDO_SECONDS: '10', WITHDRAWAL_CONFIRM_ABOVE_NAIRA: '5000' },
      { clock: () => now },
    );
    auth = ['Authorization', `Bearer ${h.adminToken}`];
    finance = ['Authorization', `Bearer ${h.financeToken}`];
  });
  afterAll(() => h.close());

  const rowOf = async (id: string) =>
    (
      await h.http
        .get('/api/admin/withdrawals')
        .set(...auth)
        .expect(200)
    ).body.find((w: { _id: string }) => w._id === id);

  it('asks for confirmation above the amount: 409 without it, approved with it, and undoable for 10 s', async () => {
    const user = await registerUser(h, { firstName: 'Chidi', lastName: 'Eze' });
    await fund(h, user.userId, 20_000);
    const id = await requestWithdrawal(h, user.userId, 6000);
    expect(await rowOf(id)).toMatchObject({ needsConfirmation: true, undoableUntil: null });

    for (const body of [{ transactionId: id }, { transactionId: id, confirmed: false }]) {
      const refused = await h.http
        .post('/api/admin/withdrawals/approve')
        .set(...auth)
        .send(body)
        .expect(409);
      expectProblem(
        refused.body,
        'Approving more than ₦5,000.00 must be confirmed: check the request and confirm the approval.',
      );
      expect(refused.body.errors ?? refused.body.fieldErrors).toMatchObject({
        confirmed: 'Confirm the approval of ₦6,000.00.',
      });
    }
    expect(await rowOf(id)).toMatchObject({ status: 'pending' });

    const approved = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id, confirmed: true })
      .expect(200);
    expect(approved.body).toEqual({
      status: 'success',
      message: "Chidi Eze's withdrawal request of ₦6,000.00 has been approved successfully.",
      undoableUntil: '2026-06-01T10:00:10.000Z',
    });
    expect(await rowOf(id)).toMatchObject({
      state: 'approved',
      needsConfirmation: false,
      undoableUntil: '2026-06-01T10:00:10.000Z',
    });
  });

  it('does not ask below the amount', async () => {
    const user = await registerUser(h);
    await fund(h, user.userId, 20_000);
    const id = await requestWithdrawal(h, user.userId, 5000);
    expect(await rowOf(id)).toMatchObject({ needsConfirmation: false });
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id })
      .expect(200);
  });

  it('undoes an approval within the window: pending again, the money back on hold; finance could not pay it meanwhile', async () => {
    now = new Date('2026-06-01T11:00:00.000Z');
    const user = await registerUser(h, { firstName: 'Ngozi', lastName: 'Ibe' });
    await fund(h, user.userId, 5000);
    const id = await requestWithdrawal(h, user.userId, 3000);
    const before = await balancesOf(h, user.userId);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id })
      .expect(200);

    now = new Date('2026-06-01T11:00:09.000Z');
    const early = await h.http
      .post(`/api/finance/payouts/${id}/mark-paid`)
      .set(...finance)
      .send({ reference: 'GTB-1' })
      .expect(409);
    expectProblem(
      early.body,
      'This approval can still be undone for 1 more second: its payout waits until then.',
    );

    const undone = await h.http
      .post('/api/admin/withdrawals/undo')
      .set(...auth)
      .send({ transactionId: id })
      .expect(200);
    expect(undone.body).toEqual({
      status: 'success',
      message: "Ngozi Ibe's withdrawal request of ₦3,000.00 is pending again.",
    });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', state: 'requested', undoableUntil: null });
    expect(await balancesOf(h, user.userId)).toEqual(before);
  });

  it('refuses an undo once the window has closed, and the payout can then be recorded', async () => {
    now = new Date('2026-06-01T12:00:00.000Z');
    const user = await registerUser(h);
    await fund(h, user.userId, 5000);
    const id = await requestWithdrawal(h, user.userId, 3000);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: id })
      .expect(200);
    now = new Date('2026-06-01T12:00:10.000Z');
    const late = await h.http
      .post('/api/admin/withdrawals/undo')
      .set(...auth)
      .send({ transactionId: id })
      .expect(409);
    expectProblem(late.body, 'The time to undo this approval has passed: its payout goes ahead.');
    await h.http
      .post(`/api/finance/payouts/${id}/mark-paid`)
      .set(...finance)
      .send({ reference: 'GTB-2' })
      .expect(200);
  });

  it('is for admins only, and knows no made-up withdrawal', async () => {
    await h.http
      .post('/api/admin/withdrawals/undo')
      .set(...finance)
      .send({ transactionId: 'x' })
      .expect(403);
    const missing = await h.http
      .post('/api/admin/withdrawals/undo')
      .set(...auth)
      .send({ transactionId: randomUUID() })
      .expect(404);
    expectProblem(missing.body, 'Withdrawal not found.');
    await h.http
      .get(`/api/admin/withdrawals/${randomUUID()}/checks`)
      .set(...auth)
      .expect(404);
  });

  it('shows the checks beside a request: account age, bank details, name, earlier payouts, shared account', async () => {
    now = new Date('2026-06-02T09:00:00.000Z');
    const ada = await registerUser(h, { firstName: 'Ada', lastName: 'Tester' });
    await fund(h, ada.userId, 50_000);
    // An earlier withdrawal, paid; then today's.
    const earlier = await requestWithdrawal(h, ada.userId, 2500);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...auth)
      .send({ transactionId: earlier })
      .expect(200);
    now = new Date('2026-06-02T09:01:00.000Z');
    await h.http
      .post(`/api/finance/payouts/${earlier}/mark-paid`)
      .set(...finance)
      .send({ reference: 'GTB-9' })
      .expect(200);
    // Bank details set again now (requestWithdrawal sets them, "Ada Tester", bank 044) and a second user on them.
    const id = await requestWithdrawal(h, ada.userId, 3000);
    const other = await registerUser(h, { firstName: 'Bola', lastName: 'Ade' });
    const shared = await h.context.commands.updateBankDetails({
      userId: other.userId,
      bankCode: '044',
      accountNum: '0123456784',
      accountName: 'Ada Tester',
    });
    await settled(h, shared.lastPosition);

    const checks = await h.http
      .get(`/api/admin/withdrawals/${id}/checks`)
      .set(...auth)
      .expect(200);
    expect(checks.body).toEqual({
      withdrawalId: id,
      accountCreatedAt: expect.any(String),
      // Set with the first request (the same details again change nothing), as typed.
      bankDetailsSetAt: '2026-06-02T09:00:00.000Z',
      accountNameCheck: 'unchecked',
      accountNameMatchesUser: true,
      earlierPayouts: { count: 1, total: 2500, lastPaidAt: expect.any(String), lastAmount: 2500 },
      // Every user here saves the same account number.
      sharedBankAccount: { otherUsers: expect.any(Number) },
    });

    // Someone else's name on the account: no match.
    const bola = await registerUser(h, { firstName: 'Bola', lastName: 'Ade' });
    await fund(h, bola.userId, 5000);
    const theirs = await requestWithdrawal(h, bola.userId, 2000);
    const mismatch = await h.http
      .get(`/api/admin/withdrawals/${theirs}/checks`)
      .set(...auth)
      .expect(200);
    expect(mismatch.body).toMatchObject({
      accountNameMatchesUser: false,
      earlierPayouts: { count: 0, total: 0, lastPaidAt: null, lastAmount: null },
    });
  });
});
