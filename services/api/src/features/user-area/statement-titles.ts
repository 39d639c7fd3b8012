/** A statement entry in words, from the event's type and data (the user reads these, not event types). */
import { ENTRY_TITLES } from '@kobo/projector';
import type { StatementRow } from './queries';

type TitleSource = Pick<StatementRow, 'event_type' | 'task_title' | 'reason' | 'balance_kind'>;

export function entryTitle(row: TitleSource): string {
  switch (row.event_type) {
    case 'UserRegistered':
      return ENTRY_TITLES.signupBonus;
    case 'RewardCredited':
      // Activity rewards land on the activity balance without a review.
      return row.balance_kind === 'activity'
        ? `Activity completed: ${row.task_title ?? ''}`
        : `Task approved: ${row.task_title ?? ''}`;
    case 'ReferralBonusCredited':
      return ENTRY_TITLES.referralBonus;
    case 'BalanceAdjusted':
      return `Balance adjustment: ${row.reason ?? ''}`;
    case 'WithdrawalRequested':
      return 'Withdrawal requested';
    case 'WithdrawalApproved':
      // On the hold account: the held amount leaves for the payout.
      return 'Withdrawal approved';
    case 'WithdrawalApprovalUndone':
      // Back on the hold account: the request waits for review again.
      return 'Withdrawal approval undone';
    case 'WithdrawalRejected':
      return 'Withdrawal returned';
    case 'PayoutSucceeded':
      return 'Withdrawal paid';
    case 'PayoutFailed':
      return 'Withdrawal returned: payout failed';
    case 'PayoutReversed':
      return 'Withdrawal returned: reversed by the bank';
    default:
      return row.event_type;
  }
}
