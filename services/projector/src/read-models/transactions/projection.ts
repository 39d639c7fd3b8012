/**
 * Transactions as the user's history and the admin transactions screen show them. A withdrawal is
 * one row (id = withdrawal id) whose status follows it: requested and approved are pending, paid is
 * completed, rejected or a failed payout is failed. Beside that coarse status it keeps the
 * withdrawal's state in the one vocabulary the screens speak (requested, approved, sending, paid,
 * failed, declined, reversed), so the history can show returned money as returned.
 */
import { Accounts, withdrawalTypeOf, type RecordedKoboEvent, type WithdrawalState } from '@kobo/ledger';
import { ops, timeOf, type Projection, type RowOp } from '../../projection';
import { ENTRY_TITLES } from '../titles';

/** A row of `transactions`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface TransactionRow {
  id: string;
  user_id: string;
  type: TransactionType;
  title: string;
  /** Signed: a withdrawal is negative. */
  amount: number;
  status: TransactionStatus;
  /** A withdrawal's state in the screens' vocabulary; null for every other kind of transaction. */
  withdrawal_state: TransactionWithdrawalState | null;
  created_at: Date;
  updated_at: Date;
  event_id: string;
  global_position: number;
}

export type TransactionType =
  'withdrawal' | 'activityWithdrawal' | 'referral' | 'bonus' | 'task' | 'activity' | 'other';
/** A withdrawal is pending until paid (completed), or rejected, failed or reversed (failed: the money is back). */
export type TransactionStatus = 'pending' | 'completed' | 'failed';
/**
 * Where a withdrawal's money is, as every screen names it: failed, declined and reversed each mean
 * the money went back to the balance it came from.
 */
export type TransactionWithdrawalState = WithdrawalState;

function credit(
  event: RecordedKoboEvent,
  userId: string,
  type: TransactionType,
  title: string,
  amount: number,
): RowOp {
  const at = timeOf(event);
  return ops.insert('transactions', {
    id: event.id,
    user_id: userId,
    type,
    title,
    amount,
    status: 'completed',
    created_at: at,
    updated_at: at,
    event_id: event.id,
    global_position: event.globalPosition,
  });
}

/** The coarse status the existing clients read, for each withdrawal state. */
const statusOfState = {
  requested: 'pending',
  approved: 'pending',
  sending: 'pending',
  paid: 'completed',
  failed: 'failed',
  declined: 'failed',
  reversed: 'failed',
} as const satisfies Record<TransactionWithdrawalState, TransactionStatus>;

function withdrawalMoved(event: RecordedKoboEvent, withdrawalId: string, state: TransactionWithdrawalState) {
  return ops.update(
    'transactions',
    { id: withdrawalId },
    { set: { status: statusOfState[state], withdrawal_state: state, updated_at: timeOf(event) } },
  );
}

export const transactions: Projection<'transactions'> = {
  name: 'transactions',
  description: "the user's transaction history (bonuses, rewards, referrals, adjustments, withdrawals)",
  tables: [{ name: 'transactions', key: ['id'] }],
  handle(event) {
    switch (event.type) {
      case 'UserRegistered':
        return event.data.postings.length && event.data.signupBonus > 0
          ? [credit(event, event.data.userId, 'bonus', ENTRY_TITLES.signupBonus, event.data.signupBonus)]
          : [];
      case 'RewardCredited':
        return [
          credit(
            event,
            event.data.userId,
            event.data.balance === 'account' ? 'task' : 'activity',
            event.data.title,
            event.data.amount,
          ),
        ];
      case 'ReferralBonusCredited':
        return [credit(event, event.data.userId, 'referral', ENTRY_TITLES.referralBonus, event.data.amount)];
      case 'BalanceAdjusted': {
        // Signed by the postings themselves: what the user's balances gained or lost.
        const own = [Accounts.userAccount(event.data.userId), Accounts.userActivity(event.data.userId)];
        const amount = event.data.postings
          .filter((posting) => own.includes(posting.account))
          .reduce((sum, posting) => sum + posting.amount, 0);
        return [
          credit(event, event.data.userId, 'other', `Balance adjustment: ${event.data.reason}`, amount),
        ];
      }
      case 'WithdrawalRequested': {
        const at = timeOf(event);
        return [
          ops.insert('transactions', {
            id: event.data.withdrawalId,
            user_id: event.data.userId,
            type: withdrawalTypeOf(event.data.balance),
            title: ENTRY_TITLES.withdrawal,
            amount: -event.data.amount,
            status: statusOfState.requested,
            withdrawal_state: 'requested' satisfies TransactionWithdrawalState,
            created_at: at,
            updated_at: at,
            event_id: event.id,
            global_position: event.globalPosition,
          }),
        ];
      }
      case 'WithdrawalApproved':
        return [withdrawalMoved(event, event.data.withdrawalId, 'approved')];
      case 'WithdrawalApprovalUndone':
        return [withdrawalMoved(event, event.data.withdrawalId, 'requested')];
      case 'WithdrawalRejected':
        return [withdrawalMoved(event, event.data.withdrawalId, 'declined')];
      case 'PayoutSent':
        return [withdrawalMoved(event, event.data.withdrawalId, 'sending')];
      case 'PayoutSucceeded':
        return [withdrawalMoved(event, event.data.withdrawalId, 'paid')];
      case 'PayoutFailed':
        return [withdrawalMoved(event, event.data.withdrawalId, 'failed')];
      case 'PayoutReversed':
        return [withdrawalMoved(event, event.data.withdrawalId, 'reversed')];
      default:
        return [];
    }
  },
};
