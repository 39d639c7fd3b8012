/**
 * The projections as pure functions: given one recorded event, the row operations they return.
 * The events are the user decider's real output (postings included), not hand-written fixtures.
 */
import {
  campaignDecider,
  decideSubmissionApproval,
  fold,
  kobo,
  moneyRules,
  userDecider,
  type CampaignCommand,
  type CampaignEvent,
  type KoboEvent,
  type RecordedKoboEvent,
  type UserCommand,
  type UserEvent,
} from '@kobo/ledger';
import type { RowOp } from '../src/projection';
import {
  balances,
  campaigns,
  notificationOf,
  notifications,
  projections,
  transactions,
  userStats,
  users,
  withdrawals,
} from '../src/projections';

const at = new Date('2026-03-01T10:00:00.000Z');
const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
});

let position = 0;
function recorded(event: KoboEvent, streamId = 'user-u1'): RecordedKoboEvent {
  position++;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId,
    version: position,
    globalPosition: position,
    type: event.type,
    data: event.data,
    metadata: {},
    recordedAt: at,
    hash: '',
    prevHash: '',
  } as RecordedKoboEvent;
}

/** Runs the commands through the user decider in order, each against the state so far; all their events. */
function decided(...commands: UserCommand[]): RecordedKoboEvent[] {
  const history: UserEvent[] = [];
  for (const command of commands) history.push(...userDecider.decide(command, fold(userDecider, history)));
  return history.map((event) => recorded(event));
}

/** The one event of `type` the commands produced. */
function the(type: KoboEvent['type'], events: RecordedKoboEvent[]): RecordedKoboEvent {
  const [event, ...more] = events.filter((candidate) => candidate.type === type);
  if (!event || more.length > 0)
    throw new Error(`expected one ${type}, got ${more.length + (event ? 1 : 0)}`);
  return event;
}

const register = (signupBonus: number, referredBy: string | null = null): UserCommand => ({
  type: 'RegisterUser',
  data: {
    userId: 'u1',
    firstName: 'Ada',
    lastName: 'Obi',
    username: 'ada',
    email: 'ada@example.ng',
    phone: '08012345678',
    role: 'user',
    referralCode: 'ADA123',
    referredBy,
    rules: { ...rules, signupBonus: kobo(signupBonus) },
  },
});
const registration = (signupBonus: number, referredBy: string | null = null) =>
  the('UserRegistered', decided(register(signupBonus, referredBy)));

const adjust = (amount: number, balance: 'account' | 'activity' = 'account'): UserCommand => ({
  type: 'AdjustBalance',
  data: {
    userId: 'u1',
    adjustmentId: `adj-${amount}`,
    balance,
    amount: kobo(amount),
    reason: amount > 0 ? 'opening balance' : 'duplicate reward',
    by: { role: 'admin', id: 'a1' } as const,
  },
});

const reward = (amount: number, balance: 'account' | 'activity' = 'account') =>
  the(
    'RewardCredited',
    decided(register(0), {
      type: 'CreditReward',
      data: {
        userId: 'u1',
        campaignId: 'c1',
        submissionId: 's1',
        balance,
        amount: kobo(amount),
        title: 'Follow @kobo',
      },
    }),
  );

/** A withdrawal w1 of `amount` from `balance`, taken through `steps` (after its request). */
function withdrawalHistory(
  amount: number,
  balance: 'account' | 'activity',
  ...steps: ('approve' | 'reject' | 'sent' | 'paid' | 'payoutFailed' | 'reversed')[]
): RecordedKoboEvent[] {
  const ids = { userId: 'u1', withdrawalId: 'w1' };
  const commands: UserCommand[] = [
    register(0),
    adjust(amount, balance),
    {
      type: 'UpdateBankDetails',
      data: {
        userId: 'u1',
        bankCode: '50211',
        accountNum: '0123456789',
        accountName: 'Ada Obi',
        now: at.toISOString(),
      },
    },
    {
      type: 'RequestWithdrawal',
      data: {
        ...ids,
        type: balance === 'activity' ? 'activityWithdrawal' : 'withdrawal',
        amount: kobo(amount),
        rules,
        now: at.toISOString(),
      },
    },
  ];
  for (const step of steps) {
    if (step === 'approve')
      commands.push({
        type: 'ApproveWithdrawal',
        data: { ...ids, by: { role: 'admin', id: 'a2' } as const, now: at.toISOString(), undoSeconds: 0 },
      });
    if (step === 'reject')
      commands.push({
        type: 'RejectWithdrawal',
        data: { ...ids, reason: 'no', by: { role: 'admin', id: 'a1' } as const },
      });
    if (step === 'sent')
      commands.push({
        type: 'RecordPayoutSent',
        data: { ...ids, provider: 'paystack', reference: 'w1', transferCode: 'TRF_1', now: at.toISOString() },
      });
    if (step === 'reversed')
      commands.push({
        type: 'RecordPayoutReversed',
        data: { ...ids, provider: 'paystack', reason: 'returned' },
      });
    if (step === 'paid')
      commands.push({
        type: 'RecordPayoutSucceeded',
        data: { ...ids, provider: 'manual', reference: 'TRF1', now: at.toISOString() },
      });
    if (step === 'payoutFailed')
      commands.push({ type: 'RecordPayoutFailed', data: { ...ids, provider: 'manual', reason: 'bank' } });
  }
  return decided(...commands);
}

const setOf = (op: RowOp) => (op.kind === 'upsert' || op.kind === 'update' ? op.set : {});

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

describe('campaigns', () => {
  it('moves units from pending to approved and the reward out of the escrow', () => {
    // The approval decision as the ledger makes it: SubmissionApproved and RewardCredited together.
    const campaignHistory: CampaignEvent[] = [];
    for (const command of [
      {
        type: 'CreateCampaign',
        data: {
          campaignId: 'c1',
          title: 'Follow @kobo',
          platform: 'instagram',
          url: 'https://instagram.com/kobo',
          price: kobo(5000),
          units: 10,
          by: { role: 'admin', id: 'a1' } as const,
        },
      },
      {
        type: 'SubmitTask',
        data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', proofImage: 'p/s1.png' },
      },
    ] satisfies CampaignCommand[])
      campaignHistory.push(...campaignDecider.decide(command, fold(campaignDecider, campaignHistory)));
    const user: UserEvent[] = userDecider.decide(register(0), userDecider.initialState());
    const decision = decideSubmissionApproval(
      {
        type: 'ApproveSubmission',
        data: { campaignId: 'c1', submissionId: 's1', by: { role: 'admin', id: 'a1' } as const },
      },
      { campaign: fold(campaignDecider, campaignHistory), user: fold(userDecider, user), referrer: null },
      rules,
    );
    const [approved, reward] = decision.flatMap(({ streamId, events }) =>
      events.map((event) => recorded(event, streamId)),
    );
    expect([approved?.type, reward?.type]).toEqual(['SubmissionApproved', 'RewardCredited']);
    expect(campaigns.handle(approved!)).toEqual([
      expect.objectContaining({
        kind: 'update',
        key: { campaign_id: 'c1' },
        add: { pending: -1, approved: 1 },
      }),
    ]);
    expect(campaigns.handle(reward!)).toEqual([
      expect.objectContaining({
        kind: 'upsert',
        table: 'campaign_payouts',
        key: { campaign_id: 'c1' },
        add: { total_paid: 5000 },
      }),
      expect.objectContaining({
        kind: 'upsert',
        table: 'campaign_payouts',
        key: { campaign_id: 'c1' },
        add: { escrow_paid: -5000 },
      }),
    ]);
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
