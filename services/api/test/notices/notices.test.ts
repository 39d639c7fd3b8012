import { randomUUID } from 'node:crypto';
import { kobo } from '@kobo/ledger';
import { eventually } from '@kobo/platform/testing';
import { createOutboxMailer } from '../../src/email';
import { startNoticeReactor } from '../../src/notices/notice-reactor';
import { startHarness, type Harness } from '../support/harness';
import { createCampaign, registerUser, settled, submitTask } from '../admin/support';

describe('notice emails', () => {
  let h: Harness;
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function outbox(to: string) {
    const { rows } = await h.db.pool.query(
      `SELECT subject, text_body FROM email_outbox WHERE kind = 'notice' AND to_address = $1 ORDER BY created_at`,
      [to],
    );
    return rows as { subject: string; text_body: string }[];
  }

  async function until<T>(read: () => Promise<T[]>, count: number): Promise<T[]> {
    const deadline = Date.now() + 10_000;
    let rows = await read();
    while (rows.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      rows = await read();
    }
    return rows;
  }

  it('tells a user about their withdrawal once per event, even when the log is read again', async () => {
    const userId = randomUUID();
    const email = `${userId.slice(0, 8)}@notice.test`;
    const { commands } = h.context;
    await commands.registerUser({
      userId,
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      username: `ngozi${userId.slice(0, 6)}`,
      email,
      phone: '08030000000',
      role: 'user',
      referralCode: userId.slice(0, 8),
      referredByCode: null,
    });
    await commands.updateBankDetails({
      userId,
      bankCode: '50211',
      accountNum: '0123456789',
      accountName: 'Ngozi Adeyemi',
    });
    await commands.adjustBalance({
      userId,
      adjustmentId: randomUUID(),
      balance: 'account',
      amount: kobo(1_000_000),
      reason: 'test funds',
      // Not the admin approving below: who changed a balance may not approve its withdrawals.
      by: { role: 'admin', id: 'funding-admin' } as const,
    });
    const declined = randomUUID();
    const paid = randomUUID();
    await commands.requestWithdrawal({
      userId,
      withdrawalId: declined,
      type: 'withdrawal',
      amount: kobo(300_000),
    });
    await commands.rejectWithdrawal({
      userId,
      withdrawalId: declined,
      reason: 'Name does not match',
      by: { role: 'admin', id: h.adminId } as const,
    });
    await commands.requestWithdrawal({
      userId,
      withdrawalId: paid,
      type: 'withdrawal',
      amount: kobo(250_000),
    });
    await commands.approveWithdrawal({
      userId,
      withdrawalId: paid,
      by: { role: 'admin', id: h.adminId } as const,
    });
    const done = await commands.recordPayoutSucceeded({
      userId,
      withdrawalId: paid,
      provider: 'manual_transfer',
      reference: 'GTB-778',
    });
    await h.projectors.waitFor(done.lastPosition, ['users']);

    const mailer = createOutboxMailer({ pool: h.db.pool, logger, logBodies: false });
    const first = await startNoticeReactor({ pool: h.db.pool, store: h.store, mailer, logger });
    const sent = await until(() => outbox(email), 3);
    await first.stop();
    expect(sent.map((m) => m.subject)).toEqual([
      'Your withdrawal was declined',
      'Your withdrawal was approved',
      'Your money is on its way to your bank',
    ]);
    expect(sent[0]!.text_body).toContain('₦3,000.00');
    expect(sent[0]!.text_body).toContain('Reason: Name does not match');
    expect(sent[2]!.text_body).toContain('bank reference GTB-778');

    // Read the whole log again from the start: nothing is sent twice.
    await h.db.pool.query(`UPDATE projection_checkpoints SET position = 0 WHERE projector = 'notices'`);
    const again = await startNoticeReactor({ pool: h.db.pool, store: h.store, mailer, logger });
    // Only once the replay has read up to the head does "still three" mean "nothing sent twice".
    const head = await h.store.headPosition();
    const replayed = await until(async () => {
      const { rows } = await h.db.pool.query(
        `SELECT position FROM projection_checkpoints WHERE projector = 'notices' AND position >= $1`,
        [head],
      );
      return rows;
    }, 1);
    await again.stop();
    expect(replayed).toHaveLength(1);
    expect(await outbox(email)).toHaveLength(3);
  });

  it("names the proof's campaign, and sends nothing to a user deleted since", async () => {
    const campaignId = await createCampaign(h);
    const ada = await registerUser(h, { firstName: 'Ada' });
    const gone = await registerUser(h, { firstName: 'Bola' });
    const by = { role: 'admin', id: h.adminId } as const;
    for (const user of [ada, gone]) {
      const submissionId = await submitTask(h, campaignId, user.userId);
      await h.context.commands.approveSubmission({ campaignId, submissionId, by });
    }
    const deleted = await h.context.commands.deleteUser({ userId: gone.userId, by });
    await settled(h, deleted.lastPosition);

    const mailer = createOutboxMailer({ pool: h.db.pool, logger, logBodies: false });
    const reactor = await startNoticeReactor({ pool: h.db.pool, store: h.store, mailer, logger });
    const head = await h.store.headPosition();
    try {
      await eventually(
        'the notices reactor at the head of the log',
        async () => {
          const { rowCount } = await h.db.pool.query(
            `SELECT 1 FROM projection_checkpoints WHERE projector = 'notices' AND position >= $1`,
            [head],
          );
          return rowCount ? true : undefined;
        },
        10_000,
      );
    } finally {
      await reactor.stop();
    }
    const sent = await outbox(ada.email);
    expect(sent.map((m) => m.subject)).toEqual(['Your task was approved']);
    expect(sent[0]!.text_body).toContain('Hi Ada,');
    expect(sent[0]!.text_body).toContain('Your proof for "Follow @kobo on Instagram" was approved');
    expect(await outbox(gone.email)).toEqual([]);
  });
});
