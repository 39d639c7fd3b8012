/**
 * Balance changes that wait for a second person (separation of duties): an admin asks, a finance
 * user other than the one who asked approves (the money is posted as BalanceAdjusted) or rejects.
 * A request a later edit of the account balance replaced (balance-edits.ts) is closed: finance can
 * neither approve nor reject it.
 */
import { Accounts, kobo, transfer } from '../../money';
import { conflict, DomainError, forbidden, invalid, notFound } from '../errors';
import type { BalanceAdjusted, BalanceAdjustmentRejected, BalanceAdjustmentRequested } from '../events';
import { userBalanceAccount } from '../money-rules';
import { isBlank } from '../text';
import type { ApproveBalanceAdjustment, RejectBalanceAdjustment, RequestBalanceAdjustment } from './commands';
import { requireUser } from './guards';
import type { UserState } from './state';

const BELOW_ZERO = 'The adjustment would take the balance below zero.';
export const ALREADY_REPLACED = 'This balance change was replaced by a later balance change.';

function balanceAfter(state: UserState, balance: 'account' | 'activity', amount: number): number {
  return (balance === 'activity' ? state.balances.activity : state.balances.account) + amount;
}

export function requestBalanceAdjustment(
  command: RequestBalanceAdjustment,
  state: UserState,
): BalanceAdjustmentRequested[] {
  const { userId, adjustmentId, balance, amount, reason, by } = command.data;
  requireUser(state);
  if (state.adjustmentRequests.has(adjustmentId) || state.adjustments.has(adjustmentId)) return [];
  if (!Number.isSafeInteger(amount) || amount === 0)
    throw invalid('The adjustment amount must be a non-zero amount.', 'amount');
  if (isBlank(reason)) throw invalid('A reason is required for a balance adjustment.', 'reason');
  if (balanceAfter(state, balance, amount) < 0)
    throw new DomainError('insufficient_balance', BELOW_ZERO, 'amount');
  return [
    {
      type: 'BalanceAdjustmentRequested',
      data: { userId, adjustmentId, balance, amount: kobo(amount), reason: reason.trim(), by },
    },
  ];
}

export function approveBalanceAdjustment(
  command: ApproveBalanceAdjustment,
  state: UserState,
): BalanceAdjusted[] {
  const { userId, adjustmentId, by } = command.data;
  const request = state.adjustmentRequests.get(adjustmentId);
  if (!request) throw notFound('Adjustment not found.');
  if (request.state === 'approved') return [];
  if (request.state === 'rejected') throw conflict('This balance change was already rejected.');
  if (request.state === 'replaced') throw conflict(ALREADY_REPLACED);
  // The same person, whatever role they asked in.
  if (request.requestedBy.id === by.id) throw forbidden('You cannot approve a balance change you requested.');
  requireUser(state);
  // The balance may have moved since the request (a withdrawal, say): check it again now.
  if (balanceAfter(state, request.balance, request.amount) < 0)
    throw new DomainError('insufficient_balance', BELOW_ZERO, 'amount');
  const account = userBalanceAccount(userId, request.balance);
  const amount = request.amount;
  const postings =
    amount > 0
      ? transfer(Accounts.adjustments, account, amount)
      : transfer(account, Accounts.adjustments, kobo(-amount));
  return [
    {
      type: 'BalanceAdjusted',
      data: {
        userId,
        adjustmentId,
        balance: request.balance,
        amount,
        reason: request.reason,
        by,
        requestedBy: request.requestedBy,
        postings,
      },
    },
  ];
}

export function rejectBalanceAdjustment(
  command: RejectBalanceAdjustment,
  state: UserState,
): BalanceAdjustmentRejected[] {
  const { userId, adjustmentId, reason, by } = command.data;
  const request = state.adjustmentRequests.get(adjustmentId);
  if (!request) throw notFound('Adjustment not found.');
  if (request.state === 'rejected') return [];
  if (request.state === 'approved') throw conflict('This balance change was already approved.');
  if (request.state === 'replaced') throw conflict(ALREADY_REPLACED);
  if (isBlank(reason)) throw invalid('Please give a reason for the rejection.', 'reason');
  return [{ type: 'BalanceAdjustmentRejected', data: { userId, adjustmentId, reason: reason.trim(), by } }];
}
