/**
 * One admin cannot mint money through campaign rewards: a campaign whose total reward is above the
 * approval amount waits for finance in the adjustments queue, a task's price has a cap, and the
 * admin who created an account or changed its balance cannot approve its withdrawals.
 */
import { randomUUID } from 'node:crypto';
import { Accounts, submissionIdFor } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import {
  accountBalance,
  expectProblem,
  registerUser,
  requestWithdrawal,
  settled,
  submitTask,
} from './support';

const ANOTHER_STAFF_MEMBER =
  'Another staff member must approve this withdrawal: you created this account or changed its balance.';

describe('campaign approval and who approves withdrawals', () => {
  let h: Harness;
  let admin: [string, string];
  let finance: [string, string];
  /** A second admin, who neither created the accounts nor changed their balances. */
  let otherAdmin: [string, string];
  beforeAll(async () => {
    h = await startHarness();
    admin = ['Authorization', `Bearer ${h.adminToken}`];
    finance = ['Authorization', `Bearer ${h.financeToken}`];
    const otherId = randomUUID();
    const other = await h.context.commands.registerUser({
      userId: otherId,
      firstName: 'Bola',
      lastName: 'Admin',
      username: `admin${otherId.slice(0, 6)}`,
      email: `admin-${otherId.slice(0, 6)}@kobo.test`,
      phone: '',
      role: 'admin',
      referralCode: otherId.slice(0, 8).toUpperCase(),
      referredByCode: null,
    });
    await settled(h, other.lastPosition);
    otherAdmin = [
      'Authorization',
      `Bearer ${await h.context.auth.sessions.open({ userId: otherId, role: 'admin' })}`,
    ];
  });
  afterAll(() => h.close());

  const form = (overrides: Record<string, unknown> = {}) => ({
    taskName: 'Install the Kobo app and open it',
    taskPlatform: 'activity',
    taskVariation: 'Install App',
    taskInstructions: 'Install and open the app.',
    taskUrl: 'https://example.com/app',
    taskPrice: '10000',
    taskUnits: '10',
    taskTime: '5',
    ...overrides,
  });

  async function queueRow(campaignId: string) {
    const res = await h.http
      .get('/api/finance/adjustments?kind=campaign')
      .set(...finance)
      .expect(200);
    return res.body.find((row: { campaignId: string | null }) => row.campaignId === campaignId);
  }

  it('refuses a price per unit above the cap (TASK_PRICE_CAP_NAIRA, default ₦10,000)', async () => {
    const res = await h.http
      .post('/api/admin/tasks')
      .set(...admin)
      .send(form({ taskPrice: '1000000', taskUnits: '1' }))
      .expect(400);
    expectProblem(res.body, 'The price per unit cannot be more than ₦10,000.');
    expect(res.body.errors).toEqual({ price: 'The price per unit cannot be more than ₦10,000.' });
  });

  it('a campaign above the approval amount waits for finance; nobody can complete it until approved', async () => {
    const created = await h.http
      .post('/api/admin/tasks')
      .set(...admin)
      .send(form())
      .expect(201);
    expect(created.body.message).toBe(
      'New campaign has been created successfully. Its total reward is above the approval amount, so it goes live once a finance user approves it.',
    );
    const campaignId: string = created.body.task._id;
    expect(created.body.task).toMatchObject({ taskStatus: 'awaiting_approval', rejectionReason: null });

    const user = await registerUser(h);
    const userAuth = ['Authorization', `Bearer ${user.token}`] as const;
    const tasks = await h.http
      .get('/api/tasks')
      .set(...userAuth)
      .expect(200);
    expect(JSON.stringify(tasks.body)).not.toContain(campaignId);
    const early = await h.http
      .post('/api/tasks/submit')
      .set(...userAuth)
      .field('taskId', campaignId)
      .expect(409);
    expectProblem(early.body, 'This task is no longer available.');
    // The admin cannot make it live themself.
    const toggle = await h.http
      .put(`/api/admin/tasks/${campaignId}/status`)
      .set(...admin)
      .expect(409);
    expectProblem(toggle.body, "This campaign is waiting for a finance user's approval.");

    // Finance sees it in the adjustments queue, saying what it is.
    const row = await queueRow(campaignId);
    expect(row).toMatchObject({
      kind: 'campaign',
      campaignTitle: 'Install the Kobo app and open it',
      userId: '',
      balance: 'activity',
      amount: 100_000,
      state: 'pending',
      requestedBy: h.adminId,
      reason: '10 units × ₦10000.00',
    });
    // Admins do not decide (finance only).
    await h.http
      .post(`/api/finance/adjustments/${row.adjustmentId}/approve`)
      .set(...admin)
      .expect(403);
    const approved = await h.http
      .post(`/api/finance/adjustments/${row.adjustmentId}/approve`)
      .set(...finance)
      .expect(200);
    expect(approved.body).toMatchObject({
      message: 'Campaign approved.',
      adjustment: { state: 'approved', decidedBy: h.financeId },
    });
    const live = await h.http
      .get(`/api/admin/tasks/${campaignId}`)
      .set(...admin)
      .expect(200);
    expect(live.body.taskStatus ?? live.body.task?.taskStatus).toBe('active');
    await h.http
      .post('/api/tasks/submit')
      .set(...userAuth)
      .field('taskId', campaignId)
      .expect(200);
  });

  it('finance can reject it with a reason: it never goes live and its escrow goes back', async () => {
    const created = await h.http
      .post('/api/admin/tasks')
      .set(...admin)
      .send(form({ taskPlatform: 'instagram', taskPrice: '600', taskUnits: '100' }))
      .expect(201);
    const campaignId: string = created.body.task._id;
    expect(await accountBalance(h, Accounts.campaignEscrow(campaignId))).toBe(6_000_000);
    const row = await queueRow(campaignId);
    expect(row).toMatchObject({ kind: 'campaign', balance: 'account', amount: 60_000 });
    const noReason = await h.http
      .post(`/api/finance/adjustments/${row.adjustmentId}/reject`)
      .set(...finance)
      .send({})
      .expect(400);
    expectProblem(noReason.body, 'Please give a reason for the rejection.');
    const rejected = await h.http
      .post(`/api/finance/adjustments/${row.adjustmentId}/reject`)
      .set(...finance)
      .send({ reason: 'Too much for one follow' })
      .expect(200);
    expect(rejected.body).toMatchObject({
      message: 'Campaign rejected.',
      adjustment: { state: 'rejected', decisionReason: 'Too much for one follow' },
    });
    expect(await accountBalance(h, Accounts.campaignEscrow(campaignId))).toBe(0);
    const list = await h.http
      .get('/api/admin/tasks?status=rejected')
      .set(...admin)
      .expect(200);
    expect(list.body.find((c: { _id: string }) => c._id === campaignId)).toMatchObject({
      taskStatus: 'rejected',
      rejectionReason: 'Too much for one follow',
      escrowBalance: 0,
    });
  });

  it('an edit that raises the total above the approval amount waits again', async () => {
    const created = await h.http
      .post('/api/admin/tasks')
      .set(...admin)
      .send(form({ taskPlatform: 'instagram', taskPrice: '50', taskUnits: '10' }))
      .expect(201);
    const campaignId: string = created.body.task._id;
    expect(created.body.task.taskStatus).toBe('active');
    const raised = await h.http
      .put(`/api/admin/tasks/${campaignId}`)
      .set(...admin)
      .send({ taskPrice: '10000', taskUnits: '100' })
      .expect(200);
    expect(raised.body.task.taskStatus).toBe('awaiting_approval');
    expect(await queueRow(campaignId)).toMatchObject({ state: 'pending', amount: 1_000_000 });
  });

  it('the admin who created an account cannot approve its withdrawal; another admin can', async () => {
    const created = await h.http
      .post('/api/admin/users')
      .set(...admin)
      .send({ firstName: 'Mint', lastName: 'Test', email: `mint-${randomUUID().slice(0, 8)}@example.com` })
      .expect(201);
    const userId: string = created.body.user._id ?? created.body.user.id;
    // Earned honestly through a small campaign, reviewed and approved.
    const created2 = await h.http
      .post('/api/admin/tasks')
      .set(...admin)
      .send(form({ taskPlatform: 'instagram', taskPrice: '5000', taskUnits: '1' }))
      .expect(201);
    const campaignId: string = created2.body.task._id;
    const submissionId = await submitTask(h, campaignId, userId);
    expect(submissionId).toBe(submissionIdFor(campaignId, userId));
    await h.http
      .post('/api/admin/tasks/approve')
      .set(...admin)
      .send({ campaignId, userId })
      .expect(200);
    const withdrawalId = await requestWithdrawal(h, userId, 5000);

    const refused = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...admin)
      .send({ transactionId: withdrawalId })
      .expect(403);
    expectProblem(refused.body, ANOTHER_STAFF_MEMBER);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...otherAdmin)
      .send({ transactionId: withdrawalId })
      .expect(200);
  });

  it("the admin who changed an account's balance cannot approve its withdrawal", async () => {
    const user = await registerUser(h);
    await h.http
      .put(`/api/admin/users/${user.userId}`)
      .set(...admin)
      .send({ balance: '3000', reason: 'Prize for the weekly draw' })
      .expect(200);
    const withdrawalId = await requestWithdrawal(h, user.userId, 3000);
    const refused = await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...admin)
      .send({ transactionId: withdrawalId })
      .expect(403);
    expectProblem(refused.body, ANOTHER_STAFF_MEMBER);
    await h.http
      .post('/api/admin/withdrawals/approve')
      .set(...otherAdmin)
      .send({ transactionId: withdrawalId })
      .expect(200);
  });
});
