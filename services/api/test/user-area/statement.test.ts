/**
 * The statement accounts for every kobo: after a realistic life (signup bonus, a referral, an
 * approved task, an activity, an adjustment, withdrawals rejected, paid, failed and pending) the
 * account, activity and hold statements each end on the dashboard's balance.
 */
import { randomUUID } from 'node:crypto';
import { kobo, nairaToKobo } from '@kobo/ledger';
import { startHarness, type Harness } from '../support/harness';
import { headPosition, referralCodeOf, registerUser, settled, type TestUser } from './support';

interface Entry {
  eventId: string;
  position: number;
  hash: string;
  type: string;
  title: string;
  amount: number;
  runningBalance: number;
  recordedAt: string;
}
interface Statement {
  account: string;
  balance: number;
  entries: Entry[];
}

const toKobo = (naira: number) => Math.round(naira * 100);

describe('GET /api/users/statement: every kobo accounted for', () => {
  let h: Harness;
  let ada: TestUser;

  beforeAll(async () => {
    h = await startHarness();
    const c = h.context.commands;
    const by = { role: 'admin', id: h.adminId } as const;
    ada = await registerUser(h, 'ada');
    const bola = await registerUser(h, 'bola', { referredByCode: referralCodeOf(ada) });

    const campaign = async (title: string, platform: string, price: number) => {
      const campaignId = randomUUID();
      await c.createCampaign({
        campaignId,
        title,
        platform,
        variation: 'Follow',
        instructions: 'Follow, then upload a screenshot.',
        url: 'https://example.com/kobo',
        price: nairaToKobo(price),
        units: 10,
        by,
      });
      return campaignId;
    };
    const approvedTask = async (user: TestUser, campaignId: string) => {
      const submissionId = randomUUID();
      await c.submitTask({
        campaignId,
        submissionId,
        userId: user.userId,
        proofImage: `proofs/${submissionId}`,
      });
      await c.approveSubmission({ campaignId, submissionId, by });
    };
    const instagram = await campaign('Follow Kobo on Instagram', 'instagram', 2500);
    await approvedTask(ada, instagram);
    await approvedTask(bola, instagram); // Bola's first approved task pays Ada's referral bonus.
    const activity = await campaign('Daily check-in', 'activity', 100);
    await c.completeActivity({ campaignId: activity, userId: ada.userId });
    await c.adjustBalance({
      userId: ada.userId,
      adjustmentId: randomUUID(),
      balance: 'account',
      amount: kobo(300_000),
      reason: 'Promo credit',
      // Another admin than the one approving the withdrawals below (who changed a balance may not).
      by: { role: 'admin', id: 'funding-admin' } as const,
    });
    await settled(h, await headPosition(h));

    const withdraw = async () =>
      (
        await h.http
          .post('/api/users/withdraw')
          .set(ada.auth)
          .send({ amount: 2000, type: 'withdrawal' })
          .expect(201)
      ).body.withdrawal.id as string;
    const userId = ada.userId;
    const rejected = await withdraw();
    await c.rejectWithdrawal({ userId, withdrawalId: rejected, reason: 'Name mismatch', by });
    const paid = await withdraw();
    await c.approveWithdrawal({ userId, withdrawalId: paid, by });
    await c.recordPayoutSucceeded({ userId, withdrawalId: paid, provider: 'manual', reference: 'TRF-1' });
    const failed = await withdraw();
    await c.approveWithdrawal({ userId, withdrawalId: failed, by });
    await c.recordPayoutFailed({ userId, withdrawalId: failed, provider: 'manual', reason: 'Bank down' });
    await withdraw(); // still pending: held
    await settled(h, await headPosition(h));
  });
  afterAll(() => h.close());

  const statementOf = async (balance: 'account' | 'activity' | 'hold') =>
    (await h.http.get('/api/users/statement').query({ balance }).set(ada.auth).expect(200)).body as Statement;
  const lines = (statement: Statement) =>
    statement.entries.map((e) => [e.title, e.amount, e.runningBalance, e.type]);

  /** The amounts add up, entry by entry, to each running balance, and the newest one is `balance`. */
  function expectRunningBalances(statement: Statement) {
    statement.entries.forEach((entry, i) => {
      const older = statement.entries[i + 1];
      expect(toKobo(entry.runningBalance)).toBe(
        (older ? toKobo(older.runningBalance) : 0) + toKobo(entry.amount),
      );
    });
    expect(statement.balance).toBe(statement.entries[0]?.runningBalance ?? 0);
  }

  it('ends each balance on the dashboard: account, activity and hold', async () => {
    const dashboard = (await h.http.get('/api/users/dashboard').set(ada.auth).expect(200)).body;
    const account = await statementOf('account');
    const activity = await statementOf('activity');
    const hold = await statementOf('hold');
    for (const statement of [account, activity, hold]) expectRunningBalances(statement);
    expect(account.entries[0]!.runningBalance).toBe(dashboard.accountBalance);
    expect(activity.entries[0]!.runningBalance).toBe(dashboard.activityBalance);
    expect(hold.entries[0]!.runningBalance).toBe(dashboard.heldBalance);
    // 2,500 task + 200 referral + 3,000 adjustment - 2,000 paid - 2,000 pending.
    expect(dashboard).toMatchObject({ accountBalance: 1700, activityBalance: 600, heldBalance: 2000 });
  });

  it('names each account entry in words, newest first', async () => {
    const account = await statementOf('account');
    expect(account.account).toBe(`user:${ada.userId}:account`);
    expect(lines(account)).toEqual([
      ['Withdrawal requested', -2000, 1700, 'WithdrawalRequested'],
      ['Withdrawal returned: payout failed', 2000, 3700, 'PayoutFailed'],
      ['Withdrawal requested', -2000, 1700, 'WithdrawalRequested'],
      ['Withdrawal requested', -2000, 3700, 'WithdrawalRequested'],
      ['Withdrawal returned', 2000, 5700, 'WithdrawalRejected'],
      ['Withdrawal requested', -2000, 3700, 'WithdrawalRequested'],
      ['Balance adjustment: Promo credit', 3000, 5700, 'BalanceAdjusted'],
      ['Referral Bonus', 200, 2700, 'ReferralBonusCredited'],
      ['Task approved: Follow Kobo on Instagram', 2500, 2500, 'RewardCredited'],
    ]);
  });

  it('lists the activity balance with the signup bonus and the activity', async () => {
    const activity = await statementOf('activity');
    expect(lines(activity)).toEqual([
      ['Activity completed: Daily check-in', 100, 600, 'RewardCredited'],
      ['Signup Bonus', h.config.money.signupBonus / 100, 500, 'UserRegistered'],
    ]);
  });

  it('lists the hold: amounts held in, then approved or returned out', async () => {
    const hold = await statementOf('hold');
    expect(hold.account).toBe(`user:${ada.userId}:hold`);
    expect(lines(hold)).toEqual([
      ['Withdrawal requested', 2000, 2000, 'WithdrawalRequested'],
      ['Withdrawal approved', -2000, 0, 'WithdrawalApproved'],
      ['Withdrawal requested', 2000, 2000, 'WithdrawalRequested'],
      ['Withdrawal approved', -2000, 0, 'WithdrawalApproved'],
      ['Withdrawal requested', 2000, 2000, 'WithdrawalRequested'],
      ['Withdrawal returned', -2000, 0, 'WithdrawalRejected'],
      ['Withdrawal requested', 2000, 2000, 'WithdrawalRequested'],
    ]);
  });

  it("gives each entry its event's ledger position, newest first", async () => {
    for (const balance of ['account', 'activity', 'hold'] as const) {
      const { entries } = await statementOf(balance);
      for (const entry of entries) {
        const { rows } = await h.context.pool.query(
          `SELECT global_position, encode(hash, 'hex') AS hash FROM events WHERE event_id = $1`,
          [entry.eventId],
        );
        expect({ position: entry.position, hash: entry.hash }).toEqual({
          position: Number(rows[0].global_position),
          hash: rows[0].hash,
        });
      }
      const positions = entries.map((e) => e.position);
      expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    }
  });

  it('describes the new fields and the hold balance in the OpenAPI document', async () => {
    const document = (await h.http.get('/api/openapi.json').expect(200)).body;
    const operation = document.paths['/users/statement'].get;
    const text = JSON.stringify(operation);
    for (const word of ['"position"', '"title"', '"hold"']) expect(text).toContain(word);
  });
});
