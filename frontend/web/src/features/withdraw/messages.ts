/** The withdrawal screen's fixed texts (docs/product/user-site.md#messages: a contract, keep them exact). */
import type { WithdrawalKind } from './api';

export const WITHDRAW_FAILED = 'An error occurred while processing your withdrawal';

export function withdrawalSubmitted(kind: WithdrawalKind): string {
  return kind === 'activityWithdrawal'
    ? 'Activity withdrawal request submitted successfully!'
    : 'Withdrawal request submitted successfully!';
}
