/** Events and commands the specs start from. Amounts in kobo. */
import type { CampaignDetails, CampaignEvent, UserEvent } from '../../../src/domain/events';
import { moneyRules } from '../../../src/domain/money-rules';
import { Accounts, kobo, transfer, type Kobo } from '../../../src/money';

export const rules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
});

/** The time the specs' commands are made at. */
export const NOW = '2026-11-23T13:05:00.000Z';

export const naira = (n: number): Kobo => kobo(n * 100);

export function registered(
  userId: string,
  options: { referredBy?: string | null; role?: 'user' | 'admin' } = {},
): UserEvent {
  const role = options.role ?? 'user';
  const signupBonus = role === 'user' ? naira(500) : kobo(0);
  return {
    type: 'UserRegistered',
    data: {
      userId,
      firstName: 'Ada',
      lastName: 'Obi',
      username: `ada_${userId}`,
      email: `ada.${userId}@example.ng`,
      phone: '08030000000',
      role,
      referralCode: `REF${userId.toUpperCase()}`,
      referredBy: options.referredBy ?? null,
      signupBonus,
      postings:
        signupBonus > 0 ? transfer(Accounts.bonusExpense, Accounts.userActivity(userId), signupBonus) : [],
    },
  };
}

/** Bank details as stored before bank codes were kept (name only). */
export const bank = { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: 'Ada Obi' };

/** The same details as the command takes them (by the bank's code). */
export const bankCommand = { bankCode: '50211', accountNum: '0123456789', accountName: 'Ada Obi' };

export function bankSet(userId: string): UserEvent {
  return { type: 'BankDetailsUpdated', data: { userId, bankDetails: bank } };
}

/** Money on the account balance, the way an admin would put it there. */
export function credited(
  userId: string,
  amount: Kobo,
  balance: 'account' | 'activity' = 'account',
  adjustmentId = `adj-${amount}`,
): UserEvent {
  const account = balance === 'account' ? Accounts.userAccount(userId) : Accounts.userActivity(userId);
  return {
    type: 'BalanceAdjusted',
    data: {
      userId,
      adjustmentId,
      balance,
      amount,
      reason: 'opening balance',
      // Not the admin ('1') who approves the specs' withdrawals: that one may not (withdrawals.ts).
      by: { role: 'admin', id: '9' } as const,
      postings: transfer(Accounts.adjustments, account, amount),
    },
  };
}

export function rewarded(userId: string, campaignId: string, submissionId: string, amount: Kobo): UserEvent {
  return {
    type: 'RewardCredited',
    data: {
      userId,
      campaignId,
      submissionId,
      balance: 'account',
      amount,
      title: 'Follow us',
      postings: transfer(Accounts.campaignEscrow(campaignId), Accounts.userAccount(userId), amount),
    },
  };
}

export function withdrawalRequested(
  userId: string,
  withdrawalId: string,
  amount: Kobo,
  balance: 'account' | 'activity' = 'account',
): UserEvent {
  const from = balance === 'account' ? Accounts.userAccount(userId) : Accounts.userActivity(userId);
  return {
    type: 'WithdrawalRequested',
    data: {
      userId,
      withdrawalId,
      balance,
      amount,
      fee: kobo(0),
      bankDetails: bank,
      postings: transfer(from, Accounts.userHold(userId), amount),
    },
  };
}

/** Approved at `at` (default NOW), undoable for `undoSeconds` (default none). */
export function withdrawalApproved(
  userId: string,
  withdrawalId: string,
  amount: Kobo,
  { at = NOW, undoSeconds = 0 }: { at?: string; undoSeconds?: number } = {},
): UserEvent {
  return {
    type: 'WithdrawalApproved',
    data: {
      userId,
      withdrawalId,
      amount,
      by: { role: 'admin', id: '1' } as const,
      at,
      undoableUntil: new Date(Date.parse(at) + undoSeconds * 1000).toISOString(),
      postings: transfer(Accounts.userHold(userId), Accounts.payoutsClearing, amount),
    },
  };
}

export const details = (overrides: Partial<CampaignDetails> = {}): CampaignDetails => ({
  title: 'Follow us on Instagram',
  platform: 'instagram',
  variation: 'Follow Account',
  instructions: 'Follow the account and take a screenshot.',
  url: 'https://instagram.com/kobo',
  price: naira(50),
  units: 10,
  estimatedMinutes: 5,
  image: null,
  ...overrides,
});

export function campaignCreated(
  campaignId: string,
  d: CampaignDetails = details(),
  status: 'active' | 'draft' = 'active',
): CampaignEvent {
  const escrow = kobo(d.units * d.price);
  return {
    type: 'CampaignCreated',
    data: {
      campaignId,
      details: d,
      status,
      by: { role: 'admin', id: '1' } as const,
      escrow,
      postings: transfer(Accounts.world, Accounts.campaignEscrow(campaignId), escrow),
    },
  };
}

export function submitted(
  campaignId: string,
  submissionId: string,
  userId: string,
  reward: Kobo = naira(50),
): CampaignEvent {
  return {
    type: 'TaskSubmitted',
    data: { campaignId, submissionId, userId, proofImage: `proofs/${submissionId}.png`, reward },
  };
}

export function approved(
  campaignId: string,
  submissionId: string,
  userId: string,
  reward: Kobo = naira(50),
): CampaignEvent {
  return {
    type: 'SubmissionApproved',
    data: { campaignId, submissionId, userId, reward, by: { role: 'admin', id: '1' } as const },
  };
}

export function activityDone(
  campaignId: string,
  submissionId: string,
  userId: string,
  reward: Kobo,
): CampaignEvent {
  return { type: 'ActivityCompleted', data: { campaignId, submissionId, userId, reward } };
}
