/** /api/finance/charts: today's figures equal what was done today; access. */
import { randomUUID } from 'node:crypto';
import { nairaToKobo } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import {
  balancesOf,
  createCampaign,
  expectProblem,
  fund,
  registerUser,
  requestWithdrawal,
  settled,
  submitTask,
} from '../admin/support';

interface Day {
  date: string;
  moneyIn: number;
  moneyInKobo: number;
  moneyOut: number;
  moneyOutKobo: number;
  pendingWithdrawals: number;
  pendingWithdrawalAmount: number;
  proofsAwaitingReview: number;
}

const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

describe('finance charts', () => {
  let h: Harness;
  let auth: [string, string];
  const today = async (): Promise<Day> => {
    const res = await h.http
      .get('/api/finance/charts')
      .query({ days: 7 })
      .set(...auth)
      .expect(200);
    return res.body.days.at(-1);
  };
  beforeAll(async () => {
    h = await startHarness();
    auth = ['Authorization', `Bearer ${h.financeToken}`];
  });
  afterAll(() => h.close());

  it("gives one entry per Lagos day, ending today, and today's figures are what was done today", async () => {
    const before = await today();
    const res = await h.http
      .get('/api/finance/charts')
      .query({ days: 30 })
      .set(...auth)
      .expect(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1).date).toBe(lagosToday());
    expect(res.body.days[0]).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      moneyIn: 0,
      moneyInKobo: 0,
      moneyOut: 0,
      moneyOutKobo: 0,
      pendingWithdrawals: 0,
      pendingWithdrawalAmount: 0,
      proofsAwaitingReview: 0,
    });

    // Earnings: a signup bonus, an adjustment up, a task reward. Not earnings: an adjustment down.
    const ada = await registerUser(h);
    const bonusKobo = (await balancesOf(h, ada.userId)).activity_balance;
    await fund(h, ada.userId, 8000);
    const campaignId = await createCampaign(h, { price: 75, units: 5 });
    const submissionId = await submitTask(h, campaignId, ada.userId);
    let result = await h.context.commands.approveSubmission({
      campaignId,
      submissionId,
      by: { role: 'admin', id: h.adminId } as const,
    });
    await settled(h, result.lastPosition);
    const rewardKobo = nairaToKobo(75);
    result = await h.context.commands.adjustBalance({
      userId: ada.userId,
      adjustmentId: randomUUID(),
      balance: 'account',
      amount: nairaToKobo(-10),
      reason: 'correction',
      // Not the admin approving the withdrawal below (who changed a balance may not).
      by: { role: 'admin', id: 'funding-admin' } as const,
    });
    await settled(h, result.lastPosition);
    // Two more proofs, one still waiting.
    const bola = await registerUser(h);
    const chidi = await registerUser(h);
    await submitTask(h, campaignId, bola.userId);
    const rejected = await submitTask(h, campaignId, chidi.userId);
    result = await h.context.commands.rejectSubmission({
      campaignId,
      submissionId: rejected,
      reason: 'blurry',
      by: { role: 'admin', id: h.adminId } as const,
    });
    await settled(h, result.lastPosition);
    // Withdrawals: one paid (money out), one waiting, one rejected.
    const paid = await requestWithdrawal(h, ada.userId, 2000);
    await h.context.commands.approveWithdrawal({
      userId: ada.userId,
      withdrawalId: paid,
      by: { role: 'admin', id: h.adminId } as const,
    });
    result = await h.context.commands.recordPayoutSucceeded({
      userId: ada.userId,
      withdrawalId: paid,
      provider: 'manual_transfer',
      reference: 'TRF-CHART-1',
    });
    await settled(h, result.lastPosition);
    await requestWithdrawal(h, ada.userId, 2100);
    const refused = await requestWithdrawal(h, ada.userId, 2200);
    result = await h.context.commands.rejectWithdrawal({
      userId: ada.userId,
      withdrawalId: refused,
      reason: 'name mismatch',
      by: { role: 'admin', id: h.adminId } as const,
    });
    await settled(h, result.lastPosition);
    const payouts = await h.http
      .get('/api/finance/payouts')
      .query({ state: 'paid' })
      .set(...auth)
      .expect(200);
    const paidOut = payouts.body.find((p: { withdrawalId: string }) => p.withdrawalId === paid).payoutAmount;

    const after = await today();
    const earnedKobo = 3 * bonusKobo + nairaToKobo(8000) + rewardKobo;
    expect(after.moneyInKobo - before.moneyInKobo).toBe(earnedKobo);
    expect(after.moneyIn - before.moneyIn).toBeCloseTo(earnedKobo / 100, 2);
    expect(after.moneyOutKobo - before.moneyOutKobo).toBe(nairaToKobo(paidOut));
    expect(after.moneyOut - before.moneyOut).toBeCloseTo(paidOut, 2);
    expect(after.pendingWithdrawals - before.pendingWithdrawals).toBe(1);
    expect(after.pendingWithdrawalAmount - before.pendingWithdrawalAmount).toBeCloseTo(2100, 2);
    expect(after.proofsAwaitingReview - before.proofsAwaitingReview).toBe(1);
  });

  it('refuses a period outside 1-366 days', async () => {
    for (const days of ['0', '367', 'many']) {
      const res = await h.http
        .get('/api/finance/charts')
        .query({ days })
        .set(...auth)
        .expect(400);
      expectProblem(res.body);
      expect(res.body.errors.days).toBe('Days must be a whole number from 1 to 366.');
    }
  });

  it('answers 401 without a token and 403 to a user', async () => {
    await h.http.get('/api/finance/charts').expect(401);
    const user = await registerUser(h);
    await h.http.get('/api/finance/charts').set('Authorization', `Bearer ${user.token}`).expect(403);
    await h.http.get('/api/finance/charts').set('Authorization', `Bearer ${h.adminToken}`).expect(200);
  });
});
