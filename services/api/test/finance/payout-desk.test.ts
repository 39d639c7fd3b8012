/**
 * The payout desk with a payout provider: what the provider is sending, what it held for finance
 * (with its words), moving a payout to the manual desk, reversals and discrepancies; and the rule
 * that finance marks by hand only what is on the manual desk.
 */
import type { LedgerCommands } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { balancesOf, expectProblem, fund, registerUser, requestWithdrawal, settled } from '../admin/support';

const PROVIDER_HANDLES_IT =
  'The payout provider is handling this payout; move it to the manual desk before marking it by hand.';

type Payout = { withdrawalId: string } & Record<string, unknown>;

/** What the steps of a payout through the provider need, on a harness. */
function payoutSteps(h: () => Harness) {
  const finance = () => ['Authorization', `Bearer ${h().financeToken}`] as const;
  const admin = () => ['Authorization', `Bearer ${h().adminToken}`] as const;

  async function approvedWithdrawal(names: { firstName: string; lastName: string }, naira = 2000) {
    const user = await registerUser(h(), names);
    await fund(h(), user.userId, naira);
    const withdrawalId = await requestWithdrawal(h(), user.userId, naira);
    await h()
      .http.post('/api/admin/withdrawals/approve')
      .set(...admin())
      .send({ transactionId: withdrawalId })
      .expect(200);
    return { ...user, withdrawalId };
  }

  /** Runs a ledger command about the payout, as the payout job would, and waits for the read models. */
  async function record(run: (commands: LedgerCommands) => Promise<{ lastPosition: number }>): Promise<void> {
    const result = await run(h().context.commands);
    await settled(h(), result.lastPosition);
  }

  const sent = (p: { userId: string; withdrawalId: string }) =>
    record((c) =>
      c.recordPayoutSent({
        userId: p.userId,
        withdrawalId: p.withdrawalId,
        provider: 'paystack',
        reference: p.withdrawalId,
        transferCode: `TRF_${p.withdrawalId.slice(0, 8)}`,
      }),
    );
  const held = (p: { userId: string; withdrawalId: string }, reason = 'Transfer requires OTP to continue') =>
    record((c) =>
      c.recordPayoutHeld({ userId: p.userId, withdrawalId: p.withdrawalId, provider: 'paystack', reason }),
    );
  const succeeded = (p: { userId: string; withdrawalId: string }) =>
    record((c) =>
      c.recordPayoutSucceeded({
        userId: p.userId,
        withdrawalId: p.withdrawalId,
        provider: 'paystack',
        reference: `TRF_${p.withdrawalId.slice(0, 8)}`,
      }),
    );

  async function list(state: string): Promise<Payout[]> {
    const res = await h()
      .http.get('/api/finance/payouts')
      .query({ state })
      .set(...finance())
      .expect(200);
    return res.body;
  }
  const idsIn = async (state: string) => (await list(state)).map((p) => p.withdrawalId);
  const find = async (state: string, withdrawalId: string) =>
    (await list(state)).find((p) => p.withdrawalId === withdrawalId);

  const markPaid = (withdrawalId: string, reference = 'GTB-000777') =>
    h()
      .http.post(`/api/finance/payouts/${withdrawalId}/mark-paid`)
      .set(...finance())
      .send({ reference });
  const markFailed = (withdrawalId: string) =>
    h()
      .http.post(`/api/finance/payouts/${withdrawalId}/mark-failed`)
      .set(...finance())
      .send({ reason: 'Account closed' });
  const moveToManual = (withdrawalId: string, as: readonly [string, string] = finance()) =>
    h()
      .http.post(`/api/finance/payouts/${withdrawalId}/move-to-manual`)
      .set(...as)
      .send();
  const summary = async () =>
    (
      await h()
        .http.get('/api/finance/payouts/summary')
        .set(...finance())
        .expect(200)
    ).body as { awaiting: number; totalToSend: number; needsAttention: number; sending: number };

  return {
    finance,
    admin,
    approvedWithdrawal,
    record,
    sent,
    held,
    succeeded,
    idsIn,
    find,
    markPaid,
    markFailed,
    moveToManual,
    summary,
  };
}

describe('the payout desk with the manual provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const s = payoutSteps(() => h);

  it('lists approved payouts on the manual desk as before, but not one the provider took', async () => {
    const manual = await s.approvedWithdrawal({ firstName: 'Ngozi', lastName: 'Eze' });
    const taken = await s.approvedWithdrawal({ firstName: 'Bola', lastName: 'Ade' });
    await s.sent(taken);

    expect(await s.find('pending', manual.withdrawalId)).toMatchObject({ state: 'approved', desk: null });
    expect(await s.idsIn('pending')).not.toContain(taken.withdrawalId);
    expect(await s.find('sending', taken.withdrawalId)).toMatchObject({ state: 'sending', desk: 'provider' });
    expectProblem((await s.markPaid(taken.withdrawalId).expect(409)).body, PROVIDER_HANDLES_IT);
    expectProblem((await s.markFailed(taken.withdrawalId).expect(409)).body, PROVIDER_HANDLES_IT);
    await s.markPaid(manual.withdrawalId).expect(200);
  });
});

describe('the payout desk with a payout provider (PAYOUT_PROVIDER=paystack)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      PAYOUT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_payout_desk',
      // Nothing here calls it: no payout job runs in these tests.
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => h.close());
  const s = payoutSteps(() => h);

  it('leaves an approved payout to the provider: not on the manual desk, not marked by hand', async () => {
    const p = await s.approvedWithdrawal({ firstName: 'Chidi', lastName: 'Nwosu' });
    expect(await s.idsIn('pending')).not.toContain(p.withdrawalId);
    expect(await s.find('all', p.withdrawalId)).toMatchObject({ state: 'approved', desk: null });
    expectProblem((await s.markPaid(p.withdrawalId).expect(409)).body, PROVIDER_HANDLES_IT);
    expectProblem((await s.markFailed(p.withdrawalId).expect(409)).body, PROVIDER_HANDLES_IT);
  });

  it('lists a payout the provider is sending under sending, and finance cannot mark it by hand', async () => {
    const p = await s.approvedWithdrawal({ firstName: 'Femi', lastName: 'Adebayo' }, 2500);
    await s.sent(p);
    expect(await s.find('sending', p.withdrawalId)).toMatchObject({
      fullName: 'Femi Adebayo',
      payoutAmount: 2500,
      state: 'sending',
      desk: 'provider',
      provider: 'paystack',
      reference: p.withdrawalId,
      sentAt: expect.any(String),
      heldReason: null,
      paidAt: null,
    });
    expect(await s.idsIn('pending')).not.toContain(p.withdrawalId);
    expect(await s.idsIn('attention')).not.toContain(p.withdrawalId);
    const paid = await s.markPaid(p.withdrawalId).expect(409);
    expectProblem(paid.body, PROVIDER_HANDLES_IT);
    expectProblem((await s.markFailed(p.withdrawalId).expect(409)).body, PROVIDER_HANDLES_IT);
    expect((await s.find('sending', p.withdrawalId))!.state).toBe('sending');
  });

  it("lists a held payout for attention with the provider's words; finance moves it to the manual desk and pays it", async () => {
    const p = await s.approvedWithdrawal({ firstName: 'Amaka', lastName: 'Obi' });
    await s.held(p, 'Your balance is not enough to fulfil this request');
    expect(await s.find('attention', p.withdrawalId)).toMatchObject({
      state: 'approved',
      desk: null,
      heldReason: 'Your balance is not enough to fulfil this request',
    });
    expect(await s.idsIn('pending')).not.toContain(p.withdrawalId);
    expectProblem((await s.markPaid(p.withdrawalId).expect(409)).body, PROVIDER_HANDLES_IT);

    const byAdmin = await s.moveToManual(p.withdrawalId, s.admin()).expect(403);
    expectProblem(byAdmin.body);
    expect(await s.idsIn('attention')).toContain(p.withdrawalId);

    const moved = await s.moveToManual(p.withdrawalId).expect(200);
    expect(moved.body).toEqual({
      message: 'Payout moved to the manual desk.',
      withdrawal: expect.objectContaining({
        withdrawalId: p.withdrawalId,
        state: 'approved',
        desk: 'manual',
        heldReason: null,
      }),
    });
    // Once: moving it again changes nothing.
    await s.moveToManual(p.withdrawalId).expect(200);
    expect(await s.find('pending', p.withdrawalId)).toMatchObject({ desk: 'manual' });
    expect(await s.idsIn('attention')).not.toContain(p.withdrawalId);

    const paid = await s.markPaid(p.withdrawalId, 'GTB-555').expect(200);
    expect(paid.body.withdrawal).toMatchObject({
      state: 'paid',
      desk: 'manual',
      provider: 'manual_transfer',
      reference: 'GTB-555',
    });
    expect(await s.idsIn('pending')).not.toContain(p.withdrawalId);

    const unknown = await s.moveToManual('no-such-withdrawal').expect(404);
    expectProblem(unknown.body, 'Withdrawal not found.');
  });

  it('lists a reversed payout under reversed, with the money back on the balance', async () => {
    const p = await s.approvedWithdrawal({ firstName: 'Ifeoma', lastName: 'Okeke' }, 3000);
    await s.sent(p);
    await s.succeeded(p);
    expect((await balancesOf(h, p.userId)).account_balance).toBe(0);
    const settledAlready = await s.moveToManual(p.withdrawalId).expect(409);
    expectProblem(settledAlready.body, 'This payout has already settled.');

    await s.record((c) =>
      c.recordPayoutReversed({
        userId: p.userId,
        withdrawalId: p.withdrawalId,
        provider: 'paystack',
        reason: 'The beneficiary bank returned the transfer',
      }),
    );
    expect(await s.find('reversed', p.withdrawalId)).toMatchObject({
      state: 'reversed',
      reference: `TRF_${p.withdrawalId.slice(0, 8)}`,
      paidAt: expect.any(String),
      reversedAt: expect.any(String),
      reversalReason: 'The beneficiary bank returned the transfer',
    });
    expect(await s.idsIn('paid')).not.toContain(p.withdrawalId);
    expect(await s.idsIn('all')).toContain(p.withdrawalId);
    expect((await balancesOf(h, p.userId)).account_balance).toBe(300_000);

    const adminList = await h.http
      .get('/api/admin/withdrawals')
      .query({ state: 'reversed' })
      .set(...s.admin())
      .expect(200);
    expect(adminList.body).toEqual([
      expect.objectContaining({
        _id: p.withdrawalId,
        status: 'approved',
        state: 'reversed',
        reversalReason: 'The beneficiary bank returned the transfer',
      }),
    ]);
  });

  it("lists a recorded discrepancy with the person's name, for finance and admins", async () => {
    const p = await s.approvedWithdrawal({ firstName: 'Kemi', lastName: 'Adeyemi' });
    await s.sent(p);
    await s.record((c) =>
      c.recordPayoutFailed({
        userId: p.userId,
        withdrawalId: p.withdrawalId,
        provider: 'paystack',
        reason: 'Could not resolve account',
      }),
    );
    await s.record((c) =>
      c.recordPayoutDiscrepancy({
        userId: p.userId,
        withdrawalId: p.withdrawalId,
        provider: 'paystack',
        kind: 'success_after_failure',
        detail: 'Paystack says the transfer succeeded; the ledger recorded it as failed.',
      }),
    );
    const res = await h.http
      .get('/api/finance/payout-discrepancies')
      .set(...s.finance())
      .expect(200);
    expect(res.body.discrepancies).toContainEqual({
      withdrawalId: p.withdrawalId,
      userId: p.userId,
      fullName: 'Kemi Adeyemi',
      erasedAt: null,
      kind: 'success_after_failure',
      provider: 'paystack',
      detail: 'Paystack says the transfer succeeded; the ledger recorded it as failed.',
      foundAt: expect.any(String),
    });
    await h.http
      .get('/api/finance/payout-discrepancies')
      .set(...s.admin())
      .expect(200);
    await h.http
      .get('/api/finance/payout-discrepancies')
      .set('Authorization', `Bearer ${p.token}`)
      .expect(403);
  });

  it('counts what the provider is sending and what needs attention in the summary', async () => {
    const before = await s.summary();
    const sending = await s.approvedWithdrawal({ firstName: 'Sola', lastName: 'Ojo' });
    const held = await s.approvedWithdrawal({ firstName: 'Tobi', lastName: 'Ojo' }, 2200);
    await s.sent(sending);
    await s.held(held);
    expect(await s.summary()).toEqual({
      ...before,
      needsAttention: before.needsAttention + 1,
      sending: before.sending + 1,
    });
    await s.moveToManual(held.withdrawalId).expect(200);
    const after = await s.summary();
    expect(after).toMatchObject({
      awaiting: before.awaiting + 1,
      totalToSend: before.totalToSend + 2200,
      needsAttention: before.needsAttention,
      sending: before.sending + 1,
    });
  });
});
