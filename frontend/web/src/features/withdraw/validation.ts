/**
 * The browser's check of a withdrawal amount (docs/product/user-site.md#form-rules), before anything is sent.
 * The minimums and the fee come from the server's `withdrawalRules`; the server checks again.
 */
import { formatWholeNaira, parseNairaInput } from '../../shared/money';
import type { WithdrawalKind } from './api';

export interface WithdrawalRules {
  minAccount: number;
  minActivity: number;
  fee: number;
}

export const ENTER_AMOUNT = 'Please enter an amount.';
export const INVALID_AMOUNT = 'Please enter a valid amount.';
/** The API's ceiling for one amount. */
export const MAX_WITHDRAWAL = 1_000_000_000;

export type AmountCheck = { ok: true; amount: number } | { ok: false; message: string };

const shortNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function minimumFor(kind: WithdrawalKind, rules: WithdrawalRules): number {
  return kind === 'activityWithdrawal' ? rules.minActivity : rules.minAccount;
}

/** The message under the field, or the amount to send. `balance` is what can be withdrawn now. */
export function checkWithdrawalAmount(
  text: string,
  kind: WithdrawalKind,
  balance: number,
  rules: WithdrawalRules,
): AmountCheck {
  if (!text.trim()) return { ok: false, message: ENTER_AMOUNT };
  const amount = parseNairaInput(text);
  if (amount === null || amount <= 0 || amount > MAX_WITHDRAWAL)
    return { ok: false, message: INVALID_AMOUNT };
  const minimum = minimumFor(kind, rules);
  if (amount < minimum)
    return { ok: false, message: `Minimum withdrawal amount is ${formatWholeNaira(minimum)}` };
  if (rules.fee > 0 && amount <= rules.fee)
    return {
      ok: false,
      message: `The amount must be more than the ${shortNaira.format(rules.fee)} withdrawal fee.`,
    };
  if (amount > balance)
    return {
      ok: false,
      message: kind === 'activityWithdrawal' ? 'Insufficient activity balance' : 'Insufficient balance',
    };
  return { ok: true, amount };
}
