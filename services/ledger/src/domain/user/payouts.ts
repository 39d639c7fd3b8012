/**
 * A payout, from an approved withdrawal to money in the user's bank: the provider takes it
 * (PayoutSent: "Sending"), or holds it for finance (PayoutHeld), or finance moves it to the manual
 * desk (PayoutMovedToManual); it then succeeds (money leaves), fails (money comes back) or, after a
 * success, is reversed by the bank (money comes back). Each outcome is recorded once: the same
 * outcome again is a no-op, so a duplicated or late webhook changes nothing.
 */
import { Accounts, kobo, transfer, type Posting } from '../../money';
import { conflict, invalid, notFound } from '../errors';
import type {
  PayoutDiscrepancyFound,
  PayoutFailed,
  PayoutHeld,
  PayoutMovedToManual,
  PayoutReversed,
  PayoutSent,
  PayoutSucceeded,
} from '../events';
import { userBalanceAccount } from '../money-rules';
import { isBlank } from '../text';
import type {
  MovePayoutToManual,
  RecordPayoutDiscrepancy,
  RecordPayoutFailed,
  RecordPayoutHeld,
  RecordPayoutReversed,
  RecordPayoutSent,
  RecordPayoutSucceeded,
} from './commands';
import type { WithdrawalRecord } from './state';
import type { UserState } from './state';
import { requireWithdrawal } from './withdrawals';

/**
 * The withdrawal a provider's report of its outcome is about. A person may delete their account
 * once every payout of theirs has settled, but the bank may still send a paid payout back after
 * that (and the provider may still say what contradicts the ledger): such a report is recorded on
 * the deleted account too, and money returned stays on its balance with the rest of it. Only a
 * payout that has settled can be reported on a deleted account, since deletion waits for them all.
 */
function requireReportedWithdrawal(state: UserState, withdrawalId: string): WithdrawalRecord {
  if (state.existence === 'registered') return requireWithdrawal(state, withdrawalId);
  const record = state.existence === 'deleted' ? state.withdrawals.get(withdrawalId) : undefined;
  if (!record) throw notFound(state.existence === 'deleted' ? 'Withdrawal not found.' : 'User not found.');
  return record;
}

/** Approved (waiting for a desk or with one) or sending: the payout has not settled yet. */
function isUnsettled(w: WithdrawalRecord): boolean {
  return w.status === 'approved' || w.status === 'sending';
}

function requireApproved(w: WithdrawalRecord): void {
  if (w.status === 'pending') throw conflict('This withdrawal has not been approved yet.');
  if (w.status === 'rejected') throw conflict('This withdrawal was rejected.');
}

/**
 * While its approval may still be undone, nothing may take the payout: not the provider, not the
 * manual desk. So an undo, decided on this stream before `undoableUntil`, and a payout, recorded
 * after it, never meet.
 */
function requireUndoWindowClosed(w: WithdrawalRecord, now: string): void {
  if (w.status !== 'approved' || w.undoableUntil === undefined) return;
  const left = Date.parse(w.undoableUntil) - Date.parse(now);
  if (left > 0) {
    const seconds = Math.ceil(left / 1000);
    throw conflict(
      `This approval can still be undone for ${seconds} more ${seconds === 1 ? 'second' : 'seconds'}: its payout waits until then.`,
    );
  }
}

export function recordPayoutSent(command: RecordPayoutSent, state: UserState): PayoutSent[] {
  const { userId, withdrawalId, provider, reference, transferCode, now } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  requireApproved(w);
  // Sending, or already settled (a late answer): nothing new.
  if (w.status !== 'approved') return [];
  if (w.desk === 'manual') throw conflict('This payout was moved to the manual desk.');
  requireUndoWindowClosed(w, now);
  return [{ type: 'PayoutSent', data: { userId, withdrawalId, provider, reference, transferCode } }];
}

export function recordPayoutHeld(command: RecordPayoutHeld, state: UserState): PayoutHeld[] {
  const { userId, withdrawalId, provider, reason, now } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  requireApproved(w);
  if (isBlank(reason)) throw invalid('A reason is required when a payout is held.', 'reason');
  if (!isUnsettled(w) || w.desk === 'manual' || w.heldReason === reason.trim()) return [];
  requireUndoWindowClosed(w, now);
  return [{ type: 'PayoutHeld', data: { userId, withdrawalId, provider, reason: reason.trim() } }];
}

export function movePayoutToManual(command: MovePayoutToManual, state: UserState): PayoutMovedToManual[] {
  const { userId, withdrawalId, by, now } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  requireApproved(w);
  if (w.desk === 'manual') return [];
  if (!isUnsettled(w)) throw conflict('This payout has already settled.');
  requireUndoWindowClosed(w, now);
  // A transfer the provider is sending could still arrive: paying it by hand too would pay twice.
  if (w.status === 'sending' && !w.heldReason)
    throw conflict(
      'The payout provider is sending this payout; it can be moved only if the provider holds it.',
    );
  return [{ type: 'PayoutMovedToManual', data: { userId, withdrawalId, from: 'provider', by } }];
}

export function recordPayoutSucceeded(command: RecordPayoutSucceeded, state: UserState): PayoutSucceeded[] {
  const { userId, withdrawalId, provider, reference, now } = command.data;
  const w = requireReportedWithdrawal(state, withdrawalId);
  if (isBlank(reference)) throw invalid('The bank reference is required.', 'reference');
  requireApproved(w);
  if (w.status === 'paid') {
    if (w.reference === reference.trim()) return [];
    throw conflict(`This payout was already recorded as paid with reference ${w.reference}.`);
  }
  if (w.status === 'payout_failed') throw conflict('This payout was already recorded as failed.');
  if (w.status === 'reversed') throw conflict('This payout was already reversed.');
  requireUndoWindowClosed(w, now);
  // The fee stays with the platform; the rest leaves for the bank.
  const postings: Posting[] = [
    ...transfer(Accounts.payoutsClearing, Accounts.world, kobo(w.amount - w.fee)),
    ...(w.fee > 0 ? transfer(Accounts.payoutsClearing, Accounts.withdrawalFees, w.fee) : []),
  ];
  return [
    {
      type: 'PayoutSucceeded',
      data: { userId, withdrawalId, amount: w.amount, provider, reference: reference.trim(), postings },
    },
  ];
}

function payoutFailed(state: UserState, w: WithdrawalRecord, provider: string, reason: string): PayoutFailed {
  return {
    type: 'PayoutFailed',
    data: {
      userId: state.userId,
      withdrawalId: w.withdrawalId,
      amount: w.amount,
      provider,
      reason: reason.trim(),
      postings: transfer(Accounts.payoutsClearing, userBalanceAccount(state.userId, w.balance), w.amount),
    },
  };
}

export function recordPayoutFailed(command: RecordPayoutFailed, state: UserState): PayoutFailed[] {
  const { withdrawalId, provider, reason } = command.data;
  const w = requireReportedWithdrawal(state, withdrawalId);
  requireApproved(w);
  if (w.status === 'payout_failed' || w.status === 'reversed') return [];
  if (w.status === 'paid') throw conflict('This payout was already recorded as paid.');
  if (isBlank(reason)) throw invalid('A reason is required when a payout fails.', 'reason');
  return [payoutFailed(state, w, provider, reason)];
}

/**
 * The bank sent the money back. After a success the money returns from the world (and the fee
 * from the platform's fees); before one, the payout simply failed and the money returns from
 * payouts clearing. Either way it returns once.
 */
export function recordPayoutReversed(
  command: RecordPayoutReversed,
  state: UserState,
): (PayoutReversed | PayoutFailed)[] {
  const { userId, withdrawalId, provider, reason } = command.data;
  const w = requireReportedWithdrawal(state, withdrawalId);
  requireApproved(w);
  if (isBlank(reason)) throw invalid('A reason is required when a payout is reversed.', 'reason');
  if (w.status === 'reversed' || w.status === 'payout_failed') return [];
  if (isUnsettled(w)) return [payoutFailed(state, w, provider, reason)];
  const balance = userBalanceAccount(userId, w.balance);
  const postings: Posting[] = [
    ...transfer(Accounts.world, balance, kobo(w.amount - w.fee)),
    ...(w.fee > 0 ? transfer(Accounts.withdrawalFees, balance, w.fee) : []),
  ];
  return [
    {
      type: 'PayoutReversed',
      data: { userId, withdrawalId, amount: w.amount, provider, reason: reason.trim(), postings },
    },
  ];
}

export function recordPayoutDiscrepancy(
  command: RecordPayoutDiscrepancy,
  state: UserState,
): PayoutDiscrepancyFound[] {
  const { userId, withdrawalId, provider, kind, detail } = command.data;
  const w = requireReportedWithdrawal(state, withdrawalId);
  if (w.discrepancies?.includes(kind)) return [];
  return [{ type: 'PayoutDiscrepancyFound', data: { userId, withdrawalId, provider, kind, detail } }];
}
