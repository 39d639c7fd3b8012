/**
 * Separation of duties (docs/product/settled-contradictions.md#separation-of-duties): admin user routes act on users only; only finance settles payouts; a
 * balance change carries a reason, is capped, and above the approval threshold waits for finance.
 */
import { kobo } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { balancesOf, expectProblem, fund, registerUser, requestWithdrawal, settled } from './support';

describe('separation of duties', () => {
  let h: Harness;
  let admin: [string, string];
  let finance: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    admin = ['Authorization', `Bearer ${h.adminToken}`];
    finance = ['Authorization', `Bearer ${h.financeToken}`];
  });
  afterAll(() => h.close());

  it('does not let an admin edit or delete a staff account (404, as for no user)', async () => {
    for (const id of [h.financeId, h.adminId]) {
      const edit = await h.http
        .put(`/api/admin/users/${id}`)
        .set(...admin)
        .send({ email: 'attacker@example.com', balance: 10 })
        .expect(404);
      expectProblem(edit.body, 'User not found.');
    }
    const del = await h.http
      .delete(`/api/admin/users/${h.financeId}`)
      .set(...admin)
      .expect(404);
    expectProblem(del.body, 'User not found.');
    const { rows } = await h.db.pool.query('SELECT email FROM credentials WHERE user_id = $1', [h.financeId]);
    expect(rows).toEqual([{ email: 'finance@kobo.test' }]);
  });

  it("tells a user's old address when an admin changes their sign-in email", async () => {
    const user = await registerUser(h);
    const oldEmail = (
      await h.db.pool.query<{ email: string }>('SELECT email FROM users WHERE user_id = $1', [user.userId])
    ).rows[0]!.email;
    const newEmail = `moved-${user.userId.slice(0, 8)}@mail.test`;
    await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ email: newEmail })
      .expect(200);
    const mail = await h.db.pool.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1',
      [oldEmail],
    );
    expect(mail.rows).toEqual([expect.objectContaining({ subject: 'Your Kobo sign-in email was changed' })]);
    expect(mail.rows[0]!.text_body).not.toContain(newEmail);
    // Saving the same address again is no change, and no second notice.
    await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ email: newEmail })
      .expect(200);
    const all = await h.db.pool.query(
      "SELECT 1 FROM email_outbox WHERE kind = 'email_changed' AND to_address = $1",
      [oldEmail],
    );
    expect(all.rowCount).toBe(1);
  });

  it('lets only finance mark a payout paid or failed', async () => {
    const user = await registerUser(h);
    await fund(h, user.userId, 3000);
    const withdrawalId = await requestWithdrawal(h, user.userId, 3000);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...admin)
      .send({ transactionId: withdrawalId })
      .expect(200);
    for (const verb of ['mark-paid', 'mark-failed']) {
      const res = await h.http
        .post(`/api/finance/payouts/${withdrawalId}/${verb}`)
        .set(...admin)
        .send({ reference: 'REF-1', reason: 'bounced' })
        .expect(403);
      expectProblem(res.body, 'You do not have access to this resource');
    }
    await h.http
      .get('/api/finance/payouts')
      .set(...admin)
      .expect(200);
    await h.http
      .post(`/api/finance/payouts/${withdrawalId}/mark-paid`)
      .set(...finance)
      .send({ reference: 'REF-1' })
      .expect(200);
  });

  it('needs a reason for a balance change, and caps one change', async () => {
    const user = await registerUser(h);
    const missing = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ balance: 100 })
      .expect(400);
    expect(missing.body.errors).toEqual({ reason: 'Please give a reason for the balance change.' });
    const short = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ balance: 100, reason: ' x ' })
      .expect(400);
    expect(Object.keys(short.body.errors)).toEqual(['reason']);
    const huge = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ balance: 90_000_000_000, reason: 'Goodwill' })
      .expect(400);
    expectProblem(huge.body, 'One balance change can be at most ₦1,000,000.');
    expect(huge.body.errors).toEqual({ balance: 'One balance change can be at most ₦1,000,000.' });
    const createdHuge = await h.http
      .post('/api/admin/users')
      .set(...admin)
      .send({ firstName: 'Big', lastName: 'Money', email: 'big@example.com', balance: 2_000_000 })
      .expect(400);
    expect(createdHuge.body.errors.balance).toBe('One balance change can be at most ₦1,000,000.');

    const small = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ balance: 100, reason: '  Refund for a lost task  ' })
      .expect(200);
    expect(small.body.message).toBe('User updated successfully.');
    expect(small.body.user.accountBalance).toBe(100);
    expect(small.body.pendingAdjustment).toBeUndefined();
    const { rows } = await h.db.pool.query(
      'SELECT title FROM transactions WHERE user_id = $1 AND type = $2',
      [user.userId, 'other'],
    );
    expect(rows).toEqual([{ title: 'Balance adjustment: Refund for a lost task' }]);
  });

  it('counts the changes posted without approval in the last day together: small steps cannot pass the threshold', async () => {
    const user = await registerUser(h);
    const edit = (balance: number) =>
      h.http
        .put(`/api/admin/users/${user.userId}`)
        .set(...admin)
        .send({ balance, reason: 'Goodwill' })
        .expect(200);
    expect((await edit(30_000)).body.pendingAdjustment).toBeUndefined();
    // Down counts too: the size of each change, not the net.
    expect((await edit(20_000)).body.pendingAdjustment).toBeUndefined();
    // 30,000 + 10,000 already posted; another 15,000 makes 55,000 in a day.
    const third = await edit(35_000);
    expect(third.body.pendingAdjustment).toEqual(
      expect.objectContaining({ amount: 15_000, state: 'pending' }),
    );
    expect((await balancesOf(h, user.userId)).account_balance).toBe(2_000_000);
  });

  it('holds a change above the threshold for finance, who approves or rejects it', async () => {
    const user = await registerUser(h);
    const res = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ firstName: 'Bola', balance: 60_000, reason: 'Campaign refund' })
      .expect(200);
    expect(res.body.message).toBe('User updated successfully.');
    expect(res.body.pendingAdjustment).toEqual(
      expect.objectContaining({
        amount: 60_000,
        state: 'pending',
        message: "The balance change of ₦60,000 waits for a finance user's approval.",
      }),
    );
    expect(res.body.user.firstName).toBe('Bola');
    expect(res.body.user.accountBalance).toBe(0);
    expect((await balancesOf(h, user.userId)).account_balance).toBe(0);

    // The admin cannot decide it; finance sees it first in the list.
    await h.http
      .post(`/api/finance/adjustments/${res.body.pendingAdjustment.adjustmentId}/approve`)
      .set(...admin)
      .expect(403);
    const list = await h.http
      .get('/api/finance/adjustments')
      .set(...finance)
      .expect(200);
    expect(list.body[0]).toEqual(
      expect.objectContaining({
        adjustmentId: res.body.pendingAdjustment.adjustmentId,
        userId: user.userId,
        amount: 60_000,
        reason: 'Campaign refund',
        requestedBy: h.adminId,
        decidedBy: null,
        state: 'pending',
      }),
    );
    expect(list.headers['x-total-count']).toBeDefined();

    const id = res.body.pendingAdjustment.adjustmentId;
    const approved = await h.http
      .post(`/api/finance/adjustments/${id}/approve`)
      .set(...finance)
      .expect(200);
    expect(approved.body.adjustment).toEqual(
      expect.objectContaining({ state: 'approved', decidedBy: h.financeId, requestedBy: h.adminId }),
    );
    // Again: nothing more is posted.
    await h.http
      .post(`/api/finance/adjustments/${id}/approve`)
      .set(...finance)
      .expect(200);
    expect((await balancesOf(h, user.userId)).account_balance).toBe(6_000_000);
    const reject = await h.http
      .post(`/api/finance/adjustments/${id}/reject`)
      .set(...finance)
      .send({ reason: 'Too late' })
      .expect(409);
    expectProblem(reject.body);

    // A rejected one posts nothing.
    const second = await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ balance: 0, reason: 'Reverse the refund' })
      .expect(200);
    const secondId = second.body.pendingAdjustment.adjustmentId;
    expect(second.body.pendingAdjustment.amount).toBe(-60_000);
    const noReason = await h.http
      .post(`/api/finance/adjustments/${secondId}/reject`)
      .set(...finance)
      .send({})
      .expect(400);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    const rejected = await h.http
      .post(`/api/finance/adjustments/${secondId}/reject`)
      .set(...finance)
      .send({ reason: 'Not agreed with the user' })
      .expect(200);
    expect(rejected.body.adjustment).toEqual(
      expect.objectContaining({ state: 'rejected', decisionReason: 'Not agreed with the user' }),
    );
    expect((await balancesOf(h, user.userId)).account_balance).toBe(6_000_000);
  });

  it('does not let a finance user approve a change they requested', async () => {
    const user = await registerUser(h);
    const asked = await h.context.commands.requestBalanceAdjustment({
      userId: user.userId,
      adjustmentId: '11111111-1111-4111-8111-111111111111',
      balance: 'account',
      amount: kobo(10_000_000),
      reason: 'Self-serve',
      by: { role: 'finance', id: h.financeId } as const,
    });
    await settled(h, asked.lastPosition);
    const res = await h.http
      .post('/api/finance/adjustments/11111111-1111-4111-8111-111111111111/approve')
      .set(...finance)
      .expect(403);
    expectProblem(res.body, 'You cannot approve a balance change you requested.');
  });
});
