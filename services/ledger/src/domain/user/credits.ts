/** Money landing in a user's wallet: task and activity rewards, referral bonuses, admin adjustments. */
import { Accounts, kobo, transfer } from '../../money';
import { DomainError, invalid } from '../errors';
import type { BalanceAdjusted, ReferralBonusCredited, RewardCredited } from '../events';
import { userBalanceAccount } from '../money-rules';
import { isBlank } from '../text';
import type { AdjustBalance, CreditReferralBonus, CreditReward } from './commands';
import { requireUser } from './guards';
import type { UserState } from './state';

export function adjustBalance(command: AdjustBalance, state: UserState): BalanceAdjusted[] {
  const { userId, adjustmentId, balance, amount, reason, by, now } = command.data;
  requireUser(state);
  if (state.adjustments.has(adjustmentId)) return [];
  if (!Number.isSafeInteger(amount) || amount === 0)
    throw invalid('The adjustment amount must be a non-zero amount.', 'amount');
  if (isBlank(reason)) throw invalid('A reason is required for a balance adjustment.', 'reason');
  const current = balance === 'activity' ? state.balances.activity : state.balances.account;
  if (current + amount < 0)
    throw new DomainError(
      'insufficient_balance',
      'The adjustment would take the balance below zero.',
      'amount',
    );
  const account = userBalanceAccount(userId, balance);
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
        balance,
        amount,
        reason: reason.trim(),
        by,
        ...(now !== undefined && { at: now }),
        postings,
      },
    },
  ];
}

/** The campaign decider has already checked the submission and the escrow; this lands the money. */
export function creditReward(command: CreditReward, state: UserState): RewardCredited[] {
  const { userId, campaignId, submissionId, balance, amount, title } = command.data;
  requireUser(state);
  if (amount <= 0) return [];
  return [
    {
      type: 'RewardCredited',
      data: {
        userId,
        campaignId,
        submissionId,
        balance,
        amount,
        title,
        postings: transfer(Accounts.campaignEscrow(campaignId), userBalanceAccount(userId, balance), amount),
      },
    },
  ];
}

/** A deleted referrer gets nothing; each referred user pays a bonus at most once. */
export function creditReferralBonus(command: CreditReferralBonus, state: UserState): ReferralBonusCredited[] {
  const { userId, referredUserId, amount } = command.data;
  if (state.existence !== 'registered') return [];
  if (amount <= 0 || state.referralBonuses.has(referredUserId)) return [];
  return [
    {
      type: 'ReferralBonusCredited',
      data: {
        userId,
        referredUserId,
        amount,
        postings: transfer(Accounts.bonusExpense, Accounts.userAccount(userId), amount),
      },
    },
  ];
}
