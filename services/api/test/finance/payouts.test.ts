/** /api/finance/payouts: the manual transfer list, its CSV, and marking payouts paid or failed. */
import { startHarness, type Harness } from '../support/harness';
import { balancesOf, expectProblem, fund, registerUser, requestWithdrawal } from '../admin/support';

describe('finance payouts', () => {
  let h: Harness;
  let auth: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
  });
  afterAll(() => h.close());

  async function approvedWithdrawal(names: { firstName: string; lastName: string }, naira: number) {
    const user = await registerUser(h, names);
    await fund(h, user.userId, naira);
    const withdrawalId = await requestWithdrawal(h, user.userId, naira);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .send({ transactionId: withdrawalId })
      .expect(200);
    return { ...user, withdrawalId };
  }

  it('lists approved withdrawals awaiting transfer, with bank details, and as CSV', async () => {
    const ada = await approvedWithdrawal({ firstName: 'Ada', lastName: 'Okafor' }, 2000);
    const pendingOnly = await registerUser(h);
    await fund(h, pendingOnly.userId, 3000);
    const notApproved = await requestWithdrawal(h, pendingOnly.userId, 3000);

    const res = await h.http
      .get('/api/finance/payouts?state=pending')
      .set(...auth)
      .expect(200);
    expect(res.body.map((p: { withdrawalId: string }) => p.withdrawalId)).not.toContain(notApproved);
    expect(res.body.find((p: { withdrawalId: string }) => p.withdrawalId === ada.withdrawalId)).toEqual(
      expect.objectContaining({
        withdrawalId: ada.withdrawalId,
        userId: ada.userId,
        fullName: 'Ada Okafor',
        amount: 2000,
        fee: 0,
        payoutAmount: 2000,
        bankName: 'Access Bank',
        accountName: 'Ada Tester',
        accountNumber: '0123456784',
        approvedAt: expect.any(String),
        approvedBy: h.adminId,
        state: 'approved',
        desk: null,
        reference: null,
      }),
    );

    const csv = await h.http
      .get('/api/finance/payouts.csv')
      .set(...auth)
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'withdrawal_id,account_name,account_number,bank_name,amount_naira,amount_kobo,narration,full_name,email,approved_at,state,reference,bank_code,paid_at,paid_by,provider_reference',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${ada.withdrawalId},Ada Tester,0123456784,Access Bank,2000.00,200000,`),
      ),
    );
    expect(lines).toHaveLength(res.body.length + 1);
    await h.http
      .get('/api/finance/payouts?state=lost')
      .set(...auth)
      .expect(400);
  });

  it('pages the list by key, oldest approval first, and counts the awaiting figures over every row', async () => {
    for (const [i, naira] of [2100, 2200, 2300].entries())
      await approvedWithdrawal({ firstName: `Paged${i}`, lastName: 'Payee' }, naira);
    const whole = await h.http
      .get('/api/finance/payouts')
      .set(...auth)
      .expect(200);
    const ids = whole.body.map((p: { withdrawalId: string }) => p.withdrawalId);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(Number(whole.headers['x-total-count'])).toBe(ids.length);

    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await h.http
        .get('/api/finance/payouts')
        .query({ pageSize: 2, ...(after ? { after } : {}) })
        .set(...auth)
        .expect(200);
      expect(page.body.length).toBeLessThanOrEqual(2);
      expect(Number(page.headers['x-total-count'])).toBe(ids.length);
      seen.push(...page.body.map((p: { withdrawalId: string }) => p.withdrawalId));
      after = page.headers['x-next-cursor'];
    } while (after);
    expect(seen).toEqual(ids);
    const approvals = whole.body.map((p: { approvedAt: string }) => p.approvedAt);
    expect([...approvals].sort()).toEqual(approvals);

    const summary = await h.http
      .get('/api/finance/payouts/summary')
      .set(...auth)
      .expect(200);
    const toSend = whole.body.reduce((sum: number, p: { payoutAmount: number }) => sum + p.payoutAmount, 0);
    expect(summary.body).toEqual({
      awaiting: ids.length,
      totalToSend: toSend,
      oldestApprovedAt: approvals[0],
      needsAttention: 0,
      sending: 0,
    });
    await h.http
      .get('/api/finance/payouts')
      .query({ after: 'not-a-cursor' })
      .set(...auth)
      .expect(400);
  });

  it('marks a payout paid with the bank reference; the same reference again is a no-op', async () => {
    const tunde = await approvedWithdrawal({ firstName: 'Tunde', lastName: 'Bakare' }, 2500);
    const res = await h.http
      .post(`/api/finance/payouts/${tunde.withdrawalId}/mark-paid`)
      .set(...auth)
      .send({ reference: 'GTB-000123' })
      .expect(200);
    expect(res.body.message).toBe('Payout marked as paid.');
    expect(res.body.withdrawal).toEqual(
      expect.objectContaining({
        withdrawalId: tunde.withdrawalId,
        state: 'paid',
        reference: 'GTB-000123',
        paidAt: expect.any(String),
      }),
    );
    await h.http
      .post(`/api/finance/payouts/${tunde.withdrawalId}/mark-paid`)
      .set(...auth)
      .set('Idempotency-Key', 'mark-paid-tunde')
      .send({ reference: 'GTB-000123' })
      .expect(200);
    const other = await h.http
      .post(`/api/finance/payouts/${tunde.withdrawalId}/mark-paid`)
      .set(...auth)
      .send({ reference: 'GTB-999' })
      .expect(409);
    expectProblem(other.body, 'This payout was already recorded as paid with reference GTB-000123.');

    const stats = await h.http
      .get('/api/admin/stats')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .expect(200);
    expect(stats.body.totalWithdrawn).toBe(2500);
    const admin = await h.http
      .get('/api/admin/withdrawals')
      .set('Authorization', `Bearer ${h.adminToken}`)
      .expect(200);
    expect(admin.body.find((w: { _id: string }) => w._id === tunde.withdrawalId)).toEqual(
      expect.objectContaining({ status: 'approved', state: 'paid', payoutReference: 'GTB-000123' }),
    );
    const paid = await h.http
      .get('/api/finance/payouts?state=paid')
      .set(...auth)
      .expect(200);
    expect(paid.body.map((p: { withdrawalId: string }) => p.withdrawalId)).toContain(tunde.withdrawalId);
  });

  it('marks a payout failed: the money goes back to the user', async () => {
    const zainab = await approvedWithdrawal({ firstName: 'Zainab', lastName: 'Musa' }, 2000);
    expect((await balancesOf(h, zainab.userId)).account_balance).toBe(0);
    const res = await h.http
      .post(`/api/finance/payouts/${zainab.withdrawalId}/mark-failed`)
      .set(...auth)
      .send({ reason: 'Account closed' })
      .expect(200);
    expect(res.body.message).toBe("Payout marked as failed; the money is back in the user's balance.");
    expect(res.body.withdrawal).toEqual(
      expect.objectContaining({ state: 'failed', failureReason: 'Account closed' }),
    );
    expect((await balancesOf(h, zainab.userId)).account_balance).toBe(200000);
    const paid = await h.http
      .post(`/api/finance/payouts/${zainab.withdrawalId}/mark-paid`)
      .set(...auth)
      .send({ reference: 'X1' })
      .expect(409);
    expectProblem(paid.body, 'This payout was already recorded as failed.');
  });

  it('refuses unknown, unapproved and malformed requests with a 4xx', async () => {
    const unknown = await h.http
      .post('/api/finance/payouts/nope/mark-paid')
      .set(...auth)
      .send({ reference: 'R' })
      .expect(404);
    expectProblem(unknown.body, 'Withdrawal not found.');
    const user = await registerUser(h);
    await fund(h, user.userId, 2000);
    const pending = await requestWithdrawal(h, user.userId, 2000);
    const early = await h.http
      .post(`/api/finance/payouts/${pending}/mark-paid`)
      .set(...auth)
      .send({ reference: 'R' })
      .expect(409);
    expectProblem(early.body, 'This withdrawal has not been approved yet.');
    const noReference = await h.http
      .post(`/api/finance/payouts/${pending}/mark-paid`)
      .set(...auth)
      .send({ reference: ' ' })
      .expect(400);
    expectProblem(noReference.body, 'The bank reference is required.');
    const noReason = await h.http
      .post(`/api/finance/payouts/${pending}/mark-failed`)
      .set(...auth)
      .send({})
      .expect(400);
    expectProblem(noReason.body, 'A reason is required when a payout fails.');
    const notJson = await h.http
      .post(`/api/finance/payouts/${pending}/mark-paid`)
      .set(...auth)
      .set('Content-Type', 'text/plain')
      .send('reference=R')
      .expect(415);
    expectProblem(notJson.body);
  });
});
