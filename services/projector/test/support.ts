/**
 * Shared set-up for the projector tests: a real event store on a fresh database, a scenario, and
 * for the projections as pure functions, recorded events the user decider really decided.
 */
import {
  createPostgresEventStore,
  type PostgresEventStore,
  fold,
  kobo,
  moneyRules,
  userDecider,
  type KoboEvent,
  type RecordedKoboEvent,
  type UserCommand,
  type UserEvent,
} from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { RowOp } from '../src/projection';
import { createLogger } from '@kobo/platform';
import { appendGroups, appendTogether, generateEventGroups, type EventGroup } from '../bench/generate-events';

export const quietLogger = createLogger('silent');

export function scenario(events: number, seed = 7): EventGroup[] {
  return [...generateEventGroups({ events, seed })];
}

/** Every account's balance, summed from the postings of the generated events. */
export function balancesOf(events: readonly { data: unknown }[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const event of events) {
    const postings = (event.data as { postings?: { account: string; amount: number }[] }).postings ?? [];
    for (const posting of postings)
      balances.set(posting.account, (balances.get(posting.account) ?? 0) + posting.amount);
  }
  return balances;
}

export function postingsCount(events: readonly { data: unknown }[]): number {
  return events.reduce(
    (sum, event) => sum + ((event.data as { postings?: unknown[] }).postings?.length ?? 0),
    0,
  );
}

/** The columns of a table, as the database has them. */
export async function columnsOf(pool: Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

// Recorded events for the projections as pure functions -----------------------------------------

export const at = new Date('2026-03-01T10:00:00.000Z');
export const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
});

let position = 0;
export function recorded(event: KoboEvent, streamId = 'user-u1'): RecordedKoboEvent {
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
export function decided(...commands: UserCommand[]): RecordedKoboEvent[] {
  const history: UserEvent[] = [];
  for (const command of commands) history.push(...userDecider.decide(command, fold(userDecider, history)));
  return history.map((event) => recorded(event));
}

/** The one event of `type` the commands produced. */
export function the(type: KoboEvent['type'], events: RecordedKoboEvent[]): RecordedKoboEvent {
  const [event, ...more] = events.filter((candidate) => candidate.type === type);
  if (!event || more.length > 0)
    throw new Error(`expected one ${type}, got ${more.length + (event ? 1 : 0)}`);
  return event;
}

export const register = (signupBonus: number, referredBy: string | null = null): UserCommand => ({
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
export const registration = (signupBonus: number, referredBy: string | null = null) =>
  the('UserRegistered', decided(register(signupBonus, referredBy)));

export const adjust = (amount: number, balance: 'account' | 'activity' = 'account'): UserCommand => ({
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

export const reward = (amount: number, balance: 'account' | 'activity' = 'account') =>
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
export function withdrawalHistory(
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

export const setOf = (op: RowOp) => (op.kind === 'upsert' || op.kind === 'update' ? op.set : {});

/**
 * Appends the groups as one atomic append: the same events at the same positions as appendGroups,
 * for a history written before anything reads it (one transaction instead of one per group).
 */
export function appendAtOnce(store: PostgresEventStore, groups: readonly EventGroup[]): Promise<number> {
  return appendTogether(store, groups.flat());
}

export { appendGroups, createPostgresEventStore };
