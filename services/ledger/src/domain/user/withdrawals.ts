/**
 * Withdrawals as pending transfers (TigerBeetle style): a request places a hold, which is then
 * posted (approved) or voided (rejected) exactly once; a posted hold waits in payouts clearing
 * until the payout settles (payouts.ts).
 */
import { Accounts, transfer } from '../../money';
import { conflict, DomainError, forbidden, invalid, notFound } from '../errors';
import {
  balanceOf,
  type WithdrawalApprovalUndone,
  type WithdrawalApproved,
  type WithdrawalRejected,
  type WithdrawalRequested,
} from '../events';
import { minimumWithdrawal, nairaInMessage, userBalanceAccount } from '../money-rules';
import { isBlank } from '../text';
import type {
  ApproveWithdrawal,
  RejectWithdrawal,
  RequestWithdrawal,
  UndoWithdrawalApproval,
} from './commands';
import { requireNoBankChangeHold } from './bank-change-hold';
import { requireNotSuspended, requireUser } from './guards';
import type { UserState, WithdrawalRecord } from './state';

export function requestWithdrawal(command: RequestWithdrawal, state: UserState): WithdrawalRequested[] {
  const { userId, withdrawalId, type, amount, rules, now } = command.data;
  requireUser(state);
  const balance = balanceOf(type);
  const existing = state.withdrawals.get(withdrawalId);
  if (existing) {
    // The same request sent again is a retry; the id reused for another request is a mistake.
    if (existing.balance === balance && existing.amount === amount) return [];
    throw conflict('This withdrawal id was already used for a different request.');
  }
  requireNotSuspended(state);
  const bank = state.bankDetails;
  if (!bank || isBlank(bank.bankName) || isBlank(bank.accountNum) || isBlank(bank.accountName))
    throw invalid('Bank details are required before withdrawing.', 'bankDetails');
  requireNoBankChangeHold(state, rules, now);
  if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid('Please enter a valid amount.', 'amount');
  const minimum = minimumWithdrawal(rules, balance);
  if (amount < minimum) throw invalid(`Minimum withdrawal amount is ${nairaInMessage(minimum)}`, 'amount');
  const fee = rules.withdrawalFee;
  if (fee >= amount)
    throw invalid(`The amount must be more than the ${nairaInMessage(fee)} withdrawal fee.`, 'amount');
  const available = balance === 'activity' ? state.balances.activity : state.balances.account;
  if (amount > available)
    throw new DomainError(
      'insufficient_balance',
      balance === 'activity' ? 'Insufficient activity balance' : 'Insufficient balance',
      'amount',
    );
  return [
    {
      type: 'WithdrawalRequested',
      data: {
        userId,
        withdrawalId,
        balance,
        amount,
        fee,
        bankDetails: bank,
        postings: transfer(userBalanceAccount(userId, balance), Accounts.userHold(userId), amount),
      },
    },
  ];
}

export function requireWithdrawal(state: UserState, withdrawalId: string): WithdrawalRecord {
  requireUser(state);
  const record = state.withdrawals.get(withdrawalId);
  if (!record) throw notFound('Withdrawal not found.');
  return record;
}

export const ANOTHER_STAFF_MEMBER_MUST_APPROVE =
  'Another staff member must approve this withdrawal: you created this account or changed its balance.';

export function approveWithdrawal(command: ApproveWithdrawal, state: UserState): WithdrawalApproved[] {
  const { userId, withdrawalId, by, now, undoSeconds } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  if (w.status === 'rejected') throw conflict('This withdrawal was already rejected.');
  if (w.status !== 'pending') return [];
  // Separation of duties: whoever put money on the account does not also let it out.
  if (state.staffInvolved.includes(by.id)) throw forbidden(ANOTHER_STAFF_MEMBER_MUST_APPROVE);
  if (!Number.isFinite(undoSeconds) || undoSeconds < 0)
    throw invalid('The undo window must be zero or more seconds.', 'undoSeconds');
  const at = new Date(Date.parse(now));
  const approval = (w.approvals ?? 0) + 1;
  return [
    {
      type: 'WithdrawalApproved',
      data: {
        userId,
        withdrawalId,
        amount: w.amount,
        by,
        at: at.toISOString(),
        undoableUntil: new Date(at.getTime() + undoSeconds * 1000).toISOString(),
        ...(approval > 1 && { approval }),
        postings: transfer(Accounts.userHold(userId), Accounts.payoutsClearing, w.amount),
      },
    },
  ];
}

export const UNDO_WINDOW_CLOSED = 'The time to undo this approval has passed: its payout goes ahead.';
export const PAYOUT_STARTED =
  'The payout of this withdrawal has started: its approval can no longer be undone.';

/**
 * Whether the withdrawal's approval may still be undone at `now`: while it is approved, no
 * provider or desk has taken its payout, and the window has not closed.
 */
export function isUndoable(w: WithdrawalRecord, now: string): boolean {
  return (
    w.status === 'approved' &&
    w.desk === undefined &&
    !w.heldReason &&
    w.undoableUntil !== undefined &&
    Date.parse(now) < Date.parse(w.undoableUntil)
  );
}

/**
 * The approval taken back: payouts clearing -> hold, the reverse of what the approval posted, and
 * the withdrawal is pending again. Only within the window: from `undoableUntil` on the payout job
 * may be sending it, and no payout is recorded before then (payouts.ts), so an undo and a payout
 * never both happen.
 */
export function undoWithdrawalApproval(
  command: UndoWithdrawalApproval,
  state: UserState,
): WithdrawalApprovalUndone[] {
  const { userId, withdrawalId, by, now } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  // Undone already (the same click twice): nothing new.
  if (w.status === 'pending' && (w.approvals ?? 0) > 0) return [];
  if (w.status === 'pending') throw conflict('This withdrawal has not been approved.');
  if (w.status === 'rejected') throw conflict('This withdrawal was rejected.');
  if (w.status !== 'approved' || w.desk !== undefined || w.heldReason) throw conflict(PAYOUT_STARTED);
  if (!isUndoable(w, now)) throw conflict(UNDO_WINDOW_CLOSED);
  return [
    {
      type: 'WithdrawalApprovalUndone',
      data: {
        userId,
        withdrawalId,
        amount: w.amount,
        by,
        postings: transfer(Accounts.payoutsClearing, Accounts.userHold(userId), w.amount),
      },
    },
  ];
}

export function rejectWithdrawal(command: RejectWithdrawal, state: UserState): WithdrawalRejected[] {
  const { userId, withdrawalId, reason, by } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  if (w.status === 'rejected') return [];
  if (w.status !== 'pending') throw conflict('This withdrawal was already approved.');
  if (isBlank(reason)) throw invalid('A reason is required to reject a withdrawal.', 'reason');
  return [
    {
      type: 'WithdrawalRejected',
      data: {
        userId,
        withdrawalId,
        amount: w.amount,
        reason: reason.trim(),
        by,
        postings: transfer(Accounts.userHold(userId), userBalanceAccount(userId, w.balance), w.amount),
      },
    },
  ];
}
