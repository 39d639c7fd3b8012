/** The projections as pure functions: given one recorded event, the row operations they return. */
import { Accounts, transfer, type Kobo, type KoboEvent, type RecordedKoboEvent } from '@kobo/ledger';
import type { RowOp } from '../src/projection';
import {
  balances,
  campaigns,
  ledgerEntries,
  projections,
  transactions,
  userStats,
  users,
  withdrawals,
} from '../src/projections';

const at = new Date('2026-03-01T10:00:00.000Z');
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
const k = (n: number) => n as Kobo;

const reward = (amount: number, balance: 'account' | 'activity' = 'account') =>
  recorded({
    type: 'RewardCredited',
    data: {
      userId: 'u1',
      campaignId: 'c1',
      submissionId: 's1',
      balance,
      amount: k(amount),
      title: 'Follow @kobo',
      postings: transfer(
        Accounts.campaignEscrow('c1'),
        balance === 'account' ? Accounts.userAccount('u1') : Accounts.userActivity('u1'),
        k(amount),
      ),
    },
  });

const withdrawal = (type: KoboEvent['type'], extra: Record<string, unknown> = {}) =>
  recorded({
    type,
    data: {
      userId: 'u1',
      withdrawalId: 'w1',
      amount: k(250_000),
      by: 'a1',
      provider: 'manual',
      postings: [],
      ...extra,
    },
  } as KoboEvent);

const registration = (signupBonus: number, referredBy: string | null = null) =>
  recorded({
    type: 'UserRegistered',
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
      signupBonus: k(signupBonus),
      postings: signupBonus
        ? transfer(Accounts.bonusExpense, Accounts.userActivity('u1'), k(signupBonus))
        : [],
    },
  });

const setOf = (op: RowOp) => (op.kind === 'upsert' || op.kind === 'update' ? op.set : {});

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
    const event = recorded({
      type: 'WithdrawalRequested',
      data: {
        userId: 'u1',
        withdrawalId: 'w1',
        balance: 'account',
        amount: k(300_000),
        fee: k(0),
        bankDetails: { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: 'Ada Obi' },
        postings: transfer(Accounts.userAccount('u1'), Accounts.userHold('u1'), k(300_000)),
      },
    });
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
    const requested = recorded({
      type: 'WithdrawalRequested',
      data: {
        userId: 'u1',
        withdrawalId: 'w1',
        balance: 'activity',
        amount: k(4_000_000),
        fee: k(0),
        bankDetails: { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: 'Ada Obi' },
        postings: [],
      },
    });
    expect(transactions.handle(requested)).toEqual([
      expect.objectContaining({
        kind: 'insert',
        row: expect.objectContaining({
          id: 'w1',
          type: 'activityWithdrawal',
          amount: -4_000_000,
          status: 'pending',
        }),
      }),
    ]);
    expect(transactions.handle(withdrawal('WithdrawalApproved')).map(setOf)).toEqual([
      { status: 'pending', updated_at: at.toISOString() },
    ]);
    expect(transactions.handle(withdrawal('PayoutSucceeded', { reference: 'TRF1' })).map(setOf)).toEqual([
      { status: 'completed', updated_at: at.toISOString() },
    ]);
  });

  it('marks a rejected withdrawal or a failed payout as failed', () => {
    expect(transactions.handle(withdrawal('WithdrawalRejected', { reason: 'no' })).map(setOf)).toEqual([
      expect.objectContaining({ status: 'failed' }),
    ]);
    expect(transactions.handle(withdrawal('PayoutFailed', { reason: 'bank' })).map(setOf)).toEqual([
      expect.objectContaining({ status: 'failed' }),
    ]);
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
    const event = recorded({
      type: 'BalanceAdjusted',
      data: {
        userId: 'u1',
        balance: 'account',
        amount: k(-1500),
        reason: 'duplicate reward',
        by: 'a1',
        postings: transfer(Accounts.userAccount('u1'), Accounts.adjustments, k(1500)),
      },
    } as KoboEvent);
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
    expect(userStats.handle(withdrawal('PayoutSucceeded', { reference: 'TRF1' }))).toEqual([
      expect.objectContaining({ add: { total_withdrawn: 250_000 } }),
    ]);
  });
});

describe('campaigns', () => {
  it('moves units from pending to approved and the reward out of the escrow', () => {
    const approved = recorded(
      {
        type: 'SubmissionApproved',
        data: { campaignId: 'c1', submissionId: 's1', userId: 'u1', reward: k(5000), by: 'a1' },
      },
      'campaign-c1',
    );
    expect(campaigns.handle(approved)).toEqual([
      expect.objectContaining({
        kind: 'update',
        key: { campaign_id: 'c1' },
        add: { pending: -1, approved: 1 },
      }),
    ]);
    expect(campaigns.handle(reward(5000))).toEqual([
      expect.objectContaining({ key: { campaign_id: 'c1' }, add: { total_paid: 5000 } }),
      expect.objectContaining({ key: { campaign_id: 'c1' }, add: { escrow_balance: -5000 } }),
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
      users.handle(recorded({ type: 'UserDeleted', data: { userId: 'u1', by: 'a1' } })).map(setOf),
    ).toEqual([expect.objectContaining({ deleted: true, deleted_by: 'a1' })]);
  });

  it('records the payout reference when a withdrawal is paid', () => {
    expect(withdrawals.handle(withdrawal('PayoutSucceeded', { reference: 'TRF77' })).map(setOf)).toEqual([
      expect.objectContaining({ status: 'paid', payout_reference: 'TRF77', payout_provider: 'manual' }),
    ]);
  });
});

it('every projection ignores an event type it does not know', () => {
  const future = recorded({ type: 'SomethingNew', data: { userId: 'u1' } } as unknown as KoboEvent);
  for (const projection of projections) expect(projection.handle(future)).toEqual([]);
});
