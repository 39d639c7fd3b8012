/**
 * The user's notification centre: one row per thing that happened to their work or their money
 * (a proof approved or not, a referral bonus, each step of a withdrawal), in the product's words.
 * `notificationOf` is the one place those words are written: the projection stores them, and the
 * push sender (services/api/src/push) sends the same notification to the user's devices.
 *
 * A notification's id is its event's id, so a replay or a rebuild writes each one once. Whether a
 * person has read it is not a fact of the log: the API keeps that beside this table
 * (`notification_reads`, `notification_read_marks`; decision 0042).
 */
import { formatNaira, type RecordedKoboEvent, type WithdrawalState } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../../projection';
import { ENTRY_TITLES } from '../titles';

export type NotificationKind = 'proof_approved' | 'proof_rejected' | 'referral_bonus' | 'withdrawal';

/** A withdrawal's notifications speak of the steps after the request: the person made that one. */
/** Every state; `requested` only when an approval was undone (the request itself makes none). */
export type NotificationWithdrawalState = WithdrawalState;

/** What a notification says, wherever it is shown (the centre, a push on the phone). */
export interface Notification {
  /** The event's id. */
  id: string;
  userId: string;
  kind: NotificationKind;
  /** For `withdrawal`: where its money is now, in the one vocabulary of withdrawal states. */
  withdrawalState: NotificationWithdrawalState | null;
  title: string;
  body: string;
  /** Where in the web app the person sees more: a path of the user area. */
  link: string;
  createdAt: string;
}

/** A row of `notifications`. As a query reads it: timestamps as Date, the position as a number. */
export interface NotificationRow {
  notification_id: string;
  user_id: string;
  kind: NotificationKind;
  withdrawal_state: NotificationWithdrawalState | null;
  title: string;
  body: string;
  link: string;
  event_id: string;
  global_position: number;
  created_at: Date;
}

export const NOTIFICATION_LINKS = {
  tasks: '/dashboard/tasks',
  withdraw: '/dashboard/withdraw',
  history: '/dashboard/history',
} as const;

const MONEY_RETURNED = 'The money is back on your balance.';
/** The payout job's reasons end by saying where the money is, which the body says already. */
const RETURNED_TAIL = /\s*The money is back on your balance\.?$/i;

/** ': reason' without its closing full stop (the sentence adds one), or nothing. */
function because(reason: string | undefined): string {
  const text = reason
    ?.trim()
    .replace(RETURNED_TAIL, '')
    .replace(/[.\s]+$/, '');
  return text ? `: ${text}` : '';
}

/** The notification an event makes for the person it concerns, or null. */
export function notificationOf(event: RecordedKoboEvent): Notification | null {
  const base = { id: event.id, createdAt: timeOf(event), withdrawalState: null };
  const withdrawal = (
    userId: string,
    state: NotificationWithdrawalState,
    title: string,
    body: string,
  ): Notification => ({
    ...base,
    userId,
    kind: 'withdrawal',
    withdrawalState: state,
    title,
    body,
    link: NOTIFICATION_LINKS.withdraw,
  });
  switch (event.type) {
    // A reviewed task's reward goes to the account balance; an activity's (done by the person
    // themselves, with no review) to the activity balance, and needs no notification.
    case 'RewardCredited':
      return event.data.balance === 'account'
        ? {
            ...base,
            userId: event.data.userId,
            kind: 'proof_approved',
            title: 'Proof approved',
            body:
              `Your proof for "${event.data.title}" was approved: ${formatNaira(event.data.amount)} ` +
              'was added to your account balance.',
            link: NOTIFICATION_LINKS.tasks,
          }
        : null;
    case 'SubmissionRejected':
      return {
        ...base,
        userId: event.data.userId,
        kind: 'proof_rejected',
        title: 'Proof not approved',
        body: `Your proof was not approved${because(event.data.reason)}.`,
        link: NOTIFICATION_LINKS.tasks,
      };
    case 'ReferralBonusCredited':
      return {
        ...base,
        userId: event.data.userId,
        kind: 'referral_bonus',
        title: ENTRY_TITLES.referralBonus,
        body:
          `Someone you referred had their first task approved: ${formatNaira(event.data.amount)} ` +
          'was added to your account balance.',
        link: NOTIFICATION_LINKS.history,
      };
    case 'WithdrawalApproved':
      return withdrawal(
        event.data.userId,
        'approved',
        'Withdrawal approved',
        `Your withdrawal of ${formatNaira(event.data.amount)} was approved. The payout desk is sending it to your bank.`,
      );
    case 'WithdrawalApprovalUndone':
      return withdrawal(
        event.data.userId,
        'requested',
        'Withdrawal back under review',
        `The approval of your withdrawal of ${formatNaira(event.data.amount)} was taken back moments after it was given. ` +
          'It is waiting for review again; nothing was sent.',
      );
    case 'PayoutSent':
      return withdrawal(
        event.data.userId,
        'sending',
        'Withdrawal sending',
        'Your withdrawal was sent to your bank. The transfer to your bank is under way.',
      );
    case 'PayoutSucceeded':
      return withdrawal(
        event.data.userId,
        'paid',
        'Withdrawal paid',
        `Your withdrawal of ${formatNaira(event.data.amount)} was paid to your bank account. ` +
          `Bank reference: ${event.data.reference}.`,
      );
    case 'PayoutFailed':
      return withdrawal(
        event.data.userId,
        'failed',
        'Withdrawal failed',
        `The payout of your withdrawal of ${formatNaira(event.data.amount)} failed${because(event.data.reason)}. ` +
          MONEY_RETURNED,
      );
    case 'WithdrawalRejected':
      return withdrawal(
        event.data.userId,
        'declined',
        'Withdrawal declined',
        `Your withdrawal of ${formatNaira(event.data.amount)} was declined${because(event.data.reason)}. ` +
          MONEY_RETURNED,
      );
    case 'PayoutReversed':
      return withdrawal(
        event.data.userId,
        'reversed',
        'Withdrawal reversed',
        `Your bank sent back the payout of ${formatNaira(event.data.amount)}${because(event.data.reason)}. ` +
          MONEY_RETURNED,
      );
    default:
      return null;
  }
}

export const notifications: Projection<'notifications'> = {
  name: 'notifications',
  description: "the user's notifications: proofs reviewed, referral bonuses, withdrawal steps",
  tables: [{ name: 'notifications', key: ['notification_id'] }],
  handle(event) {
    const notification = notificationOf(event);
    if (!notification) return [];
    // Keyed by the event's id: the same event projected again writes the same row.
    return [
      ops.upsert(
        'notifications',
        { notification_id: notification.id },
        {
          set: {
            user_id: notification.userId,
            kind: notification.kind,
            withdrawal_state: notification.withdrawalState,
            title: notification.title,
            body: notification.body,
            link: notification.link,
            event_id: event.id,
            global_position: event.globalPosition,
            created_at: notification.createdAt,
          },
        },
      ),
    ];
  },
};
