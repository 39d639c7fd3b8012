/**
 * Withdrawals as pending transfers (TigerBeetle style): a request places a hold, which is then
 * posted (approved) or voided (rejected) exactly once; a posted hold waits in payouts clearing
 * until the payout settles (payouts.ts).
 */
import { Accounts, transfer } from '../../money';
import { conflict, DomainError, forbidden, invalid, notFound } from '../errors';
import {
  balanceOf,
  type WithdrawalApproved,
  type WithdrawalRejected,
  type WithdrawalRequested,
} from '../events';
import { minimumWithdrawal, nairaInMessage, userBalanceAccount } from '../money-rules';
import { isBlank } from '../text';
import type { ApproveWithdrawal, RejectWithdrawal, RequestWithdrawal } from './commands';
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
  const { userId, withdrawalId, by } = command.data;
  const w = requireWithdrawal(state, withdrawalId);
  if (w.status === 'rejected') throw conflict('This withdrawal was already rejected.');
  if (w.status !== 'pending') return [];
  // Separation of duties: whoever put money on the account does not also let it out.
  if (state.staffInvolved.includes(by.id)) throw forbidden(ANOTHER_STAFF_MEMBER_MUST_APPROVE);
  return [
    {
      type: 'WithdrawalApproved',
      data: {
        userId,
        withdrawalId,
        amount: w.amount,
        by,
        postings: transfer(Accounts.userHold(userId), Accounts.payoutsClearing, w.amount),
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
