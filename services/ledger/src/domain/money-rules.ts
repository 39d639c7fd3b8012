/** The money rules the deciders need, in kobo: the one declaration of them. */
import { Accounts, kobo, type Kobo } from '../money';
import type { BalanceKind } from './events';

export interface MoneyRules {
  signupBonus: Kobo;
  referralBonus: Kobo;
  minWithdrawalAccount: Kobo;
  minWithdrawalActivity: Kobo;
  withdrawalFee: Kobo;
  /** Hours (not kobo) withdrawals wait after bank details are changed (not first set); absent: 24. */
  bankChangeHoldHours?: number;
  /**
   * A campaign whose total reward (price × units) is above this waits for a finance user's
   * approval (the same amount as a balance change's); absent: ₦50,000.
   */
  campaignApprovalAbove?: Kobo;
  /** The most one unit of a task may pay; absent: ₦10,000. */
  taskPriceCap?: Kobo;
  /** Seconds (not kobo) an approved withdrawal may be undone before its payout may start; absent: 0. */
  withdrawalUndoSeconds?: number;
}

/**
 * The rules as plain numbers, as configuration holds them (the platform's `Config['money']`, which
 * cannot import the ledger): integers of kobo, hours for the hold.
 */
export type MoneySettings = { [Rule in keyof MoneyRules]: number };

/** Plain settings to rules: each amount checked to be whole kobo once, here, not in every decider. */
export function moneyRules(settings: MoneySettings): MoneyRules {
  const rules: MoneyRules = {
    signupBonus: kobo(settings.signupBonus),
    referralBonus: kobo(settings.referralBonus),
    minWithdrawalAccount: kobo(settings.minWithdrawalAccount),
    minWithdrawalActivity: kobo(settings.minWithdrawalActivity),
    withdrawalFee: kobo(settings.withdrawalFee),
  };
  if (settings.bankChangeHoldHours !== undefined) rules.bankChangeHoldHours = settings.bankChangeHoldHours;
  if (settings.campaignApprovalAbove !== undefined)
    rules.campaignApprovalAbove = kobo(settings.campaignApprovalAbove);
  if (settings.taskPriceCap !== undefined) rules.taskPriceCap = kobo(settings.taskPriceCap);
  if (settings.withdrawalUndoSeconds !== undefined)
    rules.withdrawalUndoSeconds = settings.withdrawalUndoSeconds;
  return rules;
}

/** What a campaign's price and total are checked against (campaign/lifecycle.ts). */
export interface CampaignRules {
  /** A total reward above this waits for a finance user's approval. */
  approvalAbove: Kobo;
  /** The most one unit may pay. */
  priceCap: Kobo;
}

/** ₦50,000 and ₦10,000: the defaults of ADJUSTMENT_APPROVAL_ABOVE_NAIRA and TASK_PRICE_CAP_NAIRA. */
export const defaultCampaignRules: CampaignRules = {
  approvalAbove: kobo(5_000_000),
  priceCap: kobo(1_000_000),
};

/** The campaign rules in money rules, the defaults for any not given. */
export function campaignRulesOf(rules: MoneyRules): CampaignRules {
  return {
    approvalAbove: rules.campaignApprovalAbove ?? defaultCampaignRules.approvalAbove,
    priceCap: rules.taskPriceCap ?? defaultCampaignRules.priceCap,
  };
}

export const DEFAULT_BANK_CHANGE_HOLD_HOURS = 24;

/** The defaults of the product decisions (₦500, ₦200, ₦2,000, ₦40,000, ₦0; 24 hours). */
export const defaultMoneyRules: MoneyRules = moneyRules({
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
  bankChangeHoldHours: DEFAULT_BANK_CHANGE_HOLD_HOURS,
});

export function minimumWithdrawal(rules: MoneyRules, balance: BalanceKind): Kobo {
  return balance === 'activity' ? rules.minWithdrawalActivity : rules.minWithdrawalAccount;
}

export function userBalanceAccount(userId: string, balance: BalanceKind): string {
  return balance === 'activity' ? Accounts.userActivity(userId) : Accounts.userAccount(userId);
}

const shortNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** ₦2,000 (no decimals when whole), the form the specs' messages use. */
export function nairaInMessage(amount: number): string {
  return shortNaira.format(amount / 100);
}
