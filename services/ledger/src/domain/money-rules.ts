/**
 * The money rules the deciders need, in kobo. Structurally the same as `MoneyRules` in
 * services/platform/src/config.ts (the ledger depends on nothing of ours, so it is declared here).
 */
import { Accounts, kobo, type Kobo } from '../money';
import type { BalanceKind } from './events';

export interface MoneyRules {
  signupBonus: number;
  referralBonus: number;
  minWithdrawalAccount: number;
  minWithdrawalActivity: number;
  withdrawalFee: number;
  /** Hours withdrawals wait after bank details are changed (not first set); absent: 24. */
  bankChangeHoldHours?: number;
}

export const DEFAULT_BANK_CHANGE_HOLD_HOURS = 24;

/** The defaults of the product decisions (₦500, ₦200, ₦2,000, ₦40,000, ₦0; 24 hours). */
export const defaultMoneyRules: MoneyRules = {
  signupBonus: 50_000,
  referralBonus: 20_000,
  minWithdrawalAccount: 200_000,
  minWithdrawalActivity: 4_000_000,
  withdrawalFee: 0,
  bankChangeHoldHours: DEFAULT_BANK_CHANGE_HOLD_HOURS,
};

export function minimumWithdrawal(rules: MoneyRules, balance: BalanceKind): Kobo {
  return kobo(balance === 'activity' ? rules.minWithdrawalActivity : rules.minWithdrawalAccount);
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
