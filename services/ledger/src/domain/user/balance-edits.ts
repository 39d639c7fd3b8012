/**
 * An admin sets a user's account balance: the difference from the balance as decided is posted at
 * once, or waits for a finance user when it, added to the changes posted without approval in the
 * window, is above the approval threshold. Decided on the user's stream, so edits made at the same
 * time are decided one after another on fresh state: "set to X" means X, never X added twice, and
 * the window's sum holds however the edits interleave.
 */
import { Accounts, kobo, transfer, type Kobo } from '../../money';
import { invalid } from '../errors';
import type { BalanceAdjusted, BalanceAdjustmentRequested } from '../events';
import { nairaInMessage } from '../money-rules';
import { isBlank } from '../text';
import type { AdjustmentRules, SetAccountBalance } from './commands';
import { requireUser } from './guards';
import { DIRECT_ADJUSTMENTS_KEPT_HOURS, type UserState } from './state';

export const REASON_REQUIRED = 'Please give a reason for the balance change.';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The rules of one balance change of `size` kobo (either way) that need no state: at most the
 * cap, and a reason. Also checked by a caller before it changes anything else.
 */
export function checkBalanceChange(size: number, reason: string, rules: Pick<AdjustmentRules, 'cap'>): void {
  if (size > rules.cap)
    throw invalid(`One balance change can be at most ${nairaInMessage(rules.cap)}.`, 'balance');
  if (isBlank(reason)) throw invalid(REASON_REQUIRED, 'reason');
}

/** The size of the changes posted without approval from `windowHours` before `now` (kobo). */
export function directAdjustmentsWithin(state: UserState, now: string, windowHours: number): Kobo {
  const since = Date.parse(now) - windowHours * HOUR_MS;
  return kobo(
    state.directAdjustments.reduce((sum, a) => (Date.parse(a.at) >= since ? sum + a.size : sum), 0),
  );
}

/** The request waiting for finance that would bring the account balance to `target`, if any. */
export function pendingRequestTo(
  state: UserState,
  target: number,
): { adjustmentId: string; amount: Kobo } | undefined {
  const found = state.adjustmentRequests.findEntry(
    (r) => r.state === 'pending' && r.balance === 'account' && state.balances.account + r.amount === target,
  );
  return found && { adjustmentId: found[0], amount: found[1].amount };
}

export function setAccountBalance(
  command: SetAccountBalance,
  state: UserState,
): (BalanceAdjusted | BalanceAdjustmentRequested)[] {
  const { userId, adjustmentId, target, reason, by, now, rules } = command.data;
  requireUser(state);
  if (!Number.isSafeInteger(target) || target < 0)
    throw invalid('The balance cannot be below zero.', 'balance');
  if (
    !(rules.windowHours > 0 && rules.windowHours <= DIRECT_ADJUSTMENTS_KEPT_HOURS) ||
    Number.isNaN(Date.parse(now))
  )
    throw new Error(`an approval window of ${rules.windowHours} hours at ${now} cannot be decided`);
  // Done already: this change, the balance, or a request that brings the balance there.
  if (state.adjustments.has(adjustmentId) || state.adjustmentRequests.has(adjustmentId)) return [];
  const amount = kobo(target - state.balances.account);
  if (amount === 0 || pendingRequestTo(state, target)) return [];
  const size = Math.abs(amount);
  checkBalanceChange(size, reason, rules);
  const change = { userId, adjustmentId, balance: 'account' as const, amount, reason: reason.trim(), by };
  if (size + directAdjustmentsWithin(state, now, rules.windowHours) > rules.approvalAbove)
    return [{ type: 'BalanceAdjustmentRequested', data: change }];
  const account = Accounts.userAccount(userId);
  const postings =
    amount > 0
      ? transfer(Accounts.adjustments, account, amount)
      : transfer(account, Accounts.adjustments, kobo(-amount));
  return [{ type: 'BalanceAdjusted', data: { ...change, at: now, postings } }];
}
