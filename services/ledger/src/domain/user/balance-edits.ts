/**
 * An admin sets a user's account balance: the difference from the balance as decided is posted at
 * once, or waits for a finance user when it, added to the changes posted without approval in the
 * window, is above the approval threshold. Decided on the user's stream, so edits made at the same
 * time are decided one after another on fresh state: "set to X" means X, never X added twice, and
 * the window's sum holds however the edits interleave. The admin's latest edit is the one that
 * counts: an edit that changes the balance or asks for a change replaces, in the same decision, the
 * requests earlier edits left waiting, so at most one edit's request waits for finance.
 */
import { Accounts, kobo, transfer, type Kobo } from '../../money';
import { invalid } from '../errors';
import type { BalanceAdjusted, BalanceAdjustmentRejected, BalanceAdjustmentRequested } from '../events';
import { nairaInMessage } from '../money-rules';
import { isBlank } from '../text';
import type { AdjustmentRules, SetAccountBalance } from './commands';
import { requireUser } from './guards';
import { DIRECT_ADJUSTMENTS_KEPT_HOURS, type UserState } from './state';

export const REASON_REQUIRED = 'Please give a reason for the balance change.';
/** Why a waiting request was closed when a later edit set the balance again. */
export const REPLACED_REASON = 'Replaced by a later balance change.';

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

/**
 * The requests earlier edits of the account balance left waiting, closed as replaced by the change
 * `replacedBy`. Requests asked for another way (no target) are finance's to decide.
 */
function replaceWaitingEdits(
  state: UserState,
  replacedBy: string,
  by: SetAccountBalance['data']['by'],
): BalanceAdjustmentRejected[] {
  return [...state.adjustmentRequests.entries()]
    .filter(([, r]) => r.state === 'pending' && r.balance === 'account' && r.target !== undefined)
    .map(([adjustmentId]) => ({
      type: 'BalanceAdjustmentRejected',
      data: { userId: state.userId, adjustmentId, reason: REPLACED_REASON, by, replacedBy },
    }));
}

export function setAccountBalance(
  command: SetAccountBalance,
  state: UserState,
): (BalanceAdjustmentRejected | BalanceAdjusted | BalanceAdjustmentRequested)[] {
  const { userId, adjustmentId, target, reason, by, now, rules } = command.data;
  requireUser(state);
  if (!Number.isSafeInteger(target) || target < 0)
    throw invalid('The balance cannot be below zero.', 'balance');
  if (
    !(rules.windowHours > 0 && rules.windowHours <= DIRECT_ADJUSTMENTS_KEPT_HOURS) ||
    Number.isNaN(Date.parse(now))
  )
    throw new Error(`an approval window of ${rules.windowHours} hours at ${now} cannot be decided`);
  // Done already: this change, the balance, or a request that brings the balance there. These
  // replace nothing: a no-op leaves no trace, so a retry decided later must not close newer requests.
  if (state.adjustments.has(adjustmentId) || state.adjustmentRequests.has(adjustmentId)) return [];
  const amount = kobo(target - state.balances.account);
  if (amount === 0 || pendingRequestTo(state, target)) return [];
  const size = Math.abs(amount);
  checkBalanceChange(size, reason, rules);
  const change = { userId, adjustmentId, balance: 'account' as const, amount, reason: reason.trim(), by };
  // Decided against the balance now: any request still waiting from an earlier edit is out of date.
  const replaced = replaceWaitingEdits(state, adjustmentId, by);
  if (size + directAdjustmentsWithin(state, now, rules.windowHours) > rules.approvalAbove)
    return [...replaced, { type: 'BalanceAdjustmentRequested', data: { ...change, target: kobo(target) } }];
  const account = Accounts.userAccount(userId);
  const postings =
    amount > 0
      ? transfer(Accounts.adjustments, account, amount)
      : transfer(account, Accounts.adjustments, kobo(-amount));
  return [...replaced, { type: 'BalanceAdjusted', data: { ...change, at: now, postings } }];
}
