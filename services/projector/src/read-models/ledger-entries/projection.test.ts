/**
 * The ledger_entries projection as a pure function, on the user decider's real output: one row per
 * posting, with what the statement shows of its event.
 */
import {
  fold,
  kobo,
  moneyRules,
  userDecider,
  type RecordedKoboEvent,
  type UserCommand,
  type UserEvent,
} from '@kobo/ledger';
import { ledgerEntries } from './projection';

const at = new Date('2026-03-01T10:00:00.000Z');
const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
});

/** Runs the commands through the user decider in order; all their events, recorded on user-u1. */
function decided(...commands: UserCommand[]): RecordedKoboEvent[] {
  const history: UserEvent[] = [];
  for (const command of commands) history.push(...userDecider.decide(command, fold(userDecider, history)));
  return history.map(
    (event, index) =>
      ({
        id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
        streamId: 'user-u1',
        version: index + 1,
        globalPosition: 40 + index,
        type: event.type,
        data: event.data,
        metadata: {},
        recordedAt: at,
        hash: 'ab'.repeat(32),
        prevHash: '',
      }) as RecordedKoboEvent,
  );
}

const register: UserCommand = {
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
    referredBy: null,
    rules: { ...rules, signupBonus: kobo(0) },
  },
};

const last = (events: RecordedKoboEvent[]) => events[events.length - 1]!;

describe('ledger_entries', () => {
  it('writes one row per posting, numbered within the event, with the reward’s title and balance', () => {
    const event = last(
      decided(register, {
        type: 'CreditReward',
        data: {
          userId: 'u1',
          campaignId: 'c1',
          submissionId: 's1',
          balance: 'activity',
          amount: kobo(5000),
          title: 'Follow @kobo',
        },
      }),
    );
    expect(event.type).toBe('RewardCredited');
    expect(ledgerEntries.handle(event)).toEqual([
      {
        kind: 'insert',
        table: 'ledger_entries',
        row: {
          global_position: event.globalPosition,
          posting_index: 0,
          event_id: event.id,
          event_type: 'RewardCredited',
          stream_id: 'user-u1',
          hash: 'ab'.repeat(32),
          account: 'campaign:c1:escrow',
          amount: -5000,
          recorded_at: at.toISOString(),
          task_title: 'Follow @kobo',
          reason: null,
          balance_kind: 'activity',
        },
      },
      expect.objectContaining({
        row: expect.objectContaining({
          posting_index: 1,
          account: 'user:u1:activity',
          amount: 5000,
          task_title: 'Follow @kobo',
        }),
      }),
    ]);
  });

  it('an adjustment’s rows carry its reason and balance; other events neither', () => {
    const [, adjusted] = decided(register, {
      type: 'AdjustBalance',
      data: {
        userId: 'u1',
        adjustmentId: 'adj-1',
        balance: 'account',
        amount: kobo(700),
        reason: 'opening balance',
        by: { role: 'admin', id: 'a1' },
      },
    }).slice(-2);
    expect(adjusted!.type).toBe('BalanceAdjusted');
    const rows = ledgerEntries.handle(adjusted!).map((op) => (op.kind === 'insert' ? op.row : {}));
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ task_title: null, reason: 'opening balance', balance_kind: 'account' });

    const withBonus = decided({
      ...register,
      data: { ...register.data, rules: { ...rules, signupBonus: kobo(50_000) } },
    } as UserCommand).find((e) => e.type === 'UserRegistered')!;
    const bonus = ledgerEntries.handle(withBonus).map((op) => (op.kind === 'insert' ? op.row : {}));
    expect(bonus.length).toBeGreaterThan(0);
    for (const row of bonus)
      expect(row).toMatchObject({ task_title: null, reason: null, balance_kind: null });
  });

  it('writes nothing for an event without postings', () => {
    const [registered] = decided(register);
    expect(registered!.type).toBe('UserRegistered');
    expect(ledgerEntries.handle(registered!)).toEqual([]);
  });
});
