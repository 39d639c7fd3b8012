/**
 * The projections as pure functions: given one recorded event, the row operations they return.
 * The events are the user decider's real output (postings included), not hand-written fixtures.
 */
import type { KoboEvent, RecordedKoboEvent } from '@kobo/ledger';
import {
  balances,
  ledgerEntries,
  notificationOf,
  notifications,
  projections,
  transactions,
  userStats,
  users,
  withdrawals,
} from '../src/projections';
import {
  adjust,
  at,
  decided,
  recorded,
  register,
  registration,
  reward,
  setOf,
  the,
  withdrawalHistory,
} from './support';

describe('ledger_entries', () => {
  it('writes one journal row per posting, numbered within the event', () => {
    const event = reward(5000);
    expect(ledgerEntries.handle(event)).toEqual([
      {
        kind: 'insert',
        table: 'ledger_entries',
        row: {
          global_position: event.globalPosition,
          posting_index: 0,
          event_id: event.id,
          event_type: 'RewardCredited',
          account: 'campaign:c1:escrow',
          amount: -5000,
          recorded_at: at.toISOString(),
        },
      },
      expect.objectContaining({
        row: expect.objectContaining({ posting_index: 1, account: 'user:u1:account', amount: 5000 }),
      }),
    ]);
  });

  it('writes nothing for an event without postings', () => {
    expect(
      ledgerEntries.handle(recorded({ type: 'UserRoleSet', data: { userId: 'u1', role: 'admin' } })),
    ).toEqual([]);
  });
});

describe('balances', () => {
  it('adds each posting to its account and to the owning user’s balance of that kind', () => {
    const changes = balances.handle(reward(7000, 'activity'));
    expect(changes).toEqual([
      expect.objectContaining({
        table: 'account_balances',
        key: { account: 'campaign:c1:escrow' },
        add: { balance: -7000, entry_count: 1 },
      }),
      expect.objectContaining({
        table: 'account_balances',
        key: { account: 'user:u1:activity' },
        add: { balance: 7000, entry_count: 1 },
      }),
      expect.objectContaining({
        table: 'user_balances',
        key: { user_id: 'u1' },
        add: { activity_balance: 7000 },
      }),
    ]);
  });

  it('moves a withdrawal hold into held_balance', () => {
    const event = the('WithdrawalRequested', withdrawalHistory(300_000, 'account'));
    const userRows = balances.handle(event).filter((op) => op.table === 'user_balances');
    expect(userRows.map((op) => (op.kind === 'upsert' ? op.add : null))).toEqual([
      { account_balance: -300_000 },
      { held_balance: 300_000 },
    ]);
  });

  it('gives every registered user a row, even without a bonus', () => {
    const changes = balances.handle(registration(0));
    expect(changes).toEqual([expect.objectContaining({ table: 'user_balances', key: { user_id: 'u1' } })]);
  });
});

describe('transactions', () => {
  it('follows a withdrawal: pending when requested and approved, completed when paid', () => {
    const requested = the('WithdrawalRequested', withdrawalHistory(4_000_000, 'activity'));
    expect(transactions.handle(requested)).toEqual([
      expect.objectContaining({
        kind: 'insert',
        row: expect.objectContaining({
          id: 'w1',
          type: 'activityWithdrawal',
          amount: -4_000_000,
          status: 'pending',
          withdrawal_state: 'requested',
        }),
      }),
    ]);
    expect(
      transactions
        .handle(the('WithdrawalApproved', withdrawalHistory(250_000, 'account', 'approve')))
        .map(setOf),
    ).toEqual([{ status: 'pending', withdrawal_state: 'approved', updated_at: at.toISOString() }]);
    expect(
      transactions
        .handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))
        .map(setOf),
    ).toEqual([{ status: 'completed', withdrawal_state: 'paid', updated_at: at.toISOString() }]);
  });

  it('keeps a declined withdrawal apart from a failed payout, both failed in the coarse status', () => {
    expect(
      transactions
        .handle(the('WithdrawalRejected', withdrawalHistory(250_000, 'account', 'reject')))
        .map(setOf),
    ).toEqual([expect.objectContaining({ status: 'failed', withdrawal_state: 'declined' })]);
    expect(
      transactions
        .handle(the('PayoutFailed', withdrawalHistory(250_000, 'account', 'approve', 'payoutFailed')))
        .map(setOf),
    ).toEqual([expect.objectContaining({ status: 'failed', withdrawal_state: 'failed' })]);
  });

  it('gives no withdrawal state to what is not a withdrawal', () => {
    const [bonus] = transactions.handle(registration(50_000));
    expect(bonus?.kind === 'insert' ? bonus.row.withdrawal_state : 'not an insert').toBeUndefined();
  });

  it('keeps a Sending payout pending, and marks a reversed one failed (the money is back)', () => {
    expect(
      transactions
        .handle(the('PayoutSent', withdrawalHistory(250_000, 'account', 'approve', 'sent')))
        .map(setOf),
    ).toEqual([{ status: 'pending', withdrawal_state: 'sending', updated_at: at.toISOString() }]);
    expect(
      transactions
        .handle(
          the('PayoutReversed', withdrawalHistory(250_000, 'account', 'approve', 'sent', 'paid', 'reversed')),
        )
        .map(setOf),
    ).toEqual([{ status: 'failed', withdrawal_state: 'reversed', updated_at: at.toISOString() }]);
  });

  it('records the signup bonus only when it was credited', () => {
    expect(transactions.handle(registration(50_000))).toEqual([
      expect.objectContaining({
        row: expect.objectContaining({ type: 'bonus', title: 'Signup Bonus', amount: 50_000 }),
      }),
    ]);
    expect(transactions.handle(registration(0))).toEqual([]);
  });

  it('signs an adjustment by what the user’s balance gained or lost', () => {
    const event = decided(register(0), adjust(1500), adjust(-1500)).at(-1)!;
    expect(transactions.handle(event)).toEqual([
      expect.objectContaining({ row: expect.objectContaining({ type: 'other', amount: -1500 }) }),
    ]);
  });
});

describe('user_stats', () => {
  it('counts a referral for the referrer and the signup bonus as the new user’s earnings', () => {
    expect(userStats.handle(registration(50_000, 'r9'))).toEqual([
      expect.objectContaining({ key: { user_id: 'u1' }, add: { total_earnings: 50_000 } }),
      expect.objectContaining({ key: { user_id: 'r9' }, add: { total_referrals: 1 } }),
    ]);
  });

  it('counts a rewarded task and its earnings; a paid withdrawal as withdrawn', () => {
    expect(userStats.handle(reward(9000))).toEqual([
      expect.objectContaining({ add: { total_tasks: 1, total_earnings: 9000 } }),
    ]);
    expect(
      userStats.handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid'))),
    ).toEqual([expect.objectContaining({ add: { total_withdrawn: 250_000 } })]);
  });

  it('takes a reversed payout back out of withdrawn', () => {
    expect(
      userStats.handle(
        the('PayoutReversed', withdrawalHistory(250_000, 'account', 'approve', 'paid', 'reversed')),
      ),
    ).toEqual([expect.objectContaining({ key: { user_id: 'u1' }, add: { total_withdrawn: -250_000 } })]);
  });
});

describe('users and withdrawals', () => {
  it('registers a user as active, and deletion only flags the row', () => {
    expect(users.handle(registration(0))).toEqual([
      expect.objectContaining({
        kind: 'insert',
        row: expect.objectContaining({ status: 'active', deleted: false }),
      }),
    ]);
    expect(
      users
        .handle(
          recorded({ type: 'UserDeleted', data: { userId: 'u1', by: { role: 'admin', id: 'a1' } as const } }),
        )
        .map(setOf),
    ).toEqual([expect.objectContaining({ deleted: true, deleted_by: 'a1' })]);
  });

  it('records the payout reference when a withdrawal is paid', () => {
    expect(
      withdrawals
        .handle(the('PayoutSucceeded', withdrawalHistory(250_000, 'account', 'approve', 'paid')))
        .map(setOf),
    ).toEqual([
      expect.objectContaining({ status: 'paid', payout_reference: 'TRF1', payout_provider: 'manual' }),
    ]);
  });
});

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

it('every projection ignores an event type it does not know', () => {
  const future = recorded({ type: 'SomethingNew', data: { userId: 'u1' } } as unknown as KoboEvent);
  for (const projection of projections) expect(projection.handle(future)).toEqual([]);
});
