/**
 * The notifications projection as a pure function (events the deciders really decided): what each
 * event tells its person, and the row it keys by the event; and its table as the migrations make
 * it: a column for every field of NotificationRow, and no other.
 */
import type { RecordedKoboEvent } from '@kobo/ledger';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';
import { at, columnsOf, recorded, reward, the, withdrawalHistory } from '../../../test/support';
import { notificationOf, notifications, type NotificationRow } from './projection';

describe('notifications', () => {
  const saying = (event: RecordedKoboEvent) => {
    const n = notificationOf(event);
    return n && { state: n.withdrawalState, title: n.title, body: n.body, link: n.link };
  };

  it('tells the person each step of their withdrawal after the request, in naira with 2 decimals', () => {
    expect(saying(the('WithdrawalRequested', withdrawalHistory(250_050, 'account')))).toBeNull();
    expect(saying(the('WithdrawalApproved', withdrawalHistory(250_050, 'account', 'approve')))).toEqual({
      state: 'approved',
      title: 'Withdrawal approved',
      body: 'Your withdrawal of ₦2,500.50 was approved. The payout desk is sending it to your bank.',
      link: '/dashboard/withdraw',
    });
    expect(saying(the('PayoutSent', withdrawalHistory(250_000, 'account', 'approve', 'sent')))).toEqual(
      expect.objectContaining({ state: 'sending', title: 'Withdrawal sending' }),
    );
    expect(saying(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))).toEqual(
      expect.objectContaining({
        state: 'paid',
        body: 'Your withdrawal of ₦2,500.00 was paid to your bank account. Bank reference: TRF1.',
      }),
    );
    expect(
      saying(the('PayoutFailed', withdrawalHistory(250_000, 'account', 'approve', 'payoutFailed'))),
    ).toEqual(
      expect.objectContaining({
        state: 'failed',
        body: 'The payout of your withdrawal of ₦2,500.00 failed: bank. The money is back on your balance.',
      }),
    );
    expect(saying(the('WithdrawalRejected', withdrawalHistory(250_000, 'account', 'reject')))).toEqual(
      expect.objectContaining({
        state: 'declined',
        body: 'Your withdrawal of ₦2,500.00 was declined: no. The money is back on your balance.',
      }),
    );
    expect(
      saying(
        the('PayoutReversed', withdrawalHistory(250_000, 'account', 'approve', 'sent', 'paid', 'reversed')),
      ),
    ).toEqual(expect.objectContaining({ state: 'reversed', title: 'Withdrawal reversed' }));
  });

  it('tells of an approved proof with its task and reward, and not of an activity', () => {
    expect(saying(reward(5000))).toEqual({
      state: null,
      title: 'Proof approved',
      body: 'Your proof for "Follow @kobo" was approved: ₦50.00 was added to your account balance.',
      link: '/dashboard/tasks',
    });
    expect(saying(reward(5000, 'activity'))).toBeNull();
  });

  it('tells of a rejected proof with its reason', () => {
    const rejected = recorded(
      {
        type: 'SubmissionRejected',
        data: {
          campaignId: 'c1',
          submissionId: 's1',
          userId: 'u1',
          reason: 'The screenshot is cropped.',
          by: { role: 'admin', id: 'a1' } as const,
        },
      },
      'campaign-c1',
    );
    expect(saying(rejected)).toEqual(
      expect.objectContaining({
        title: 'Proof not approved',
        body: 'Your proof was not approved: The screenshot is cropped.',
      }),
    );
  });

  it('keys the row by the event, with the time and position from the event', () => {
    const approved = the('WithdrawalApproved', withdrawalHistory(250_000, 'account', 'approve'));
    expect(notifications.handle(approved)).toEqual([
      expect.objectContaining({
        kind: 'upsert',
        table: 'notifications',
        key: { notification_id: approved.id },
        set: expect.objectContaining({
          user_id: 'u1',
          kind: 'withdrawal',
          withdrawal_state: 'approved',
          global_position: approved.globalPosition,
          created_at: at.toISOString(),
        }),
      }),
    ]);
  });
});
describe('the table', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const columns = {
    notification_id: true,
    user_id: true,
    kind: true,
    withdrawal_state: true,
    title: true,
    body: true,
    link: true,
    event_id: true,
    global_position: true,
    created_at: true,
  } satisfies Record<keyof NotificationRow, true>;

  it('has a column for every field of NotificationRow, and no other', async () => {
    expect(await columnsOf(db.pool, 'notifications')).toEqual(Object.keys(columns).sort());
  });
});
