/**
 * Withdrawals: pending -> approved -> (sending ->) paid | payout_failed, paid -> reversed, or
 * pending -> rejected, or approved -> pending again (an approval undone within its window); and what a payout provider said that disagrees with the ledger.
 */
import {
  actorOf,
  bankCodeOf,
  withdrawalTypeOf,
  type PayoutDiscrepancyKind,
  type WithdrawalStatus,
  type WithdrawalType,
} from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../../projection';

/** A row of `withdrawals`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface WithdrawalRow {
  withdrawal_id: string;
  user_id: string;
  type: WithdrawalType;
  amount: number;
  fee: number;
  status: WithdrawalStatus;
  bank_name: string;
  /** Null only for a bank no longer in the list (events before bank codes name the bank only). */
  bank_code: string | null;
  account_num: string;
  account_name: string;
  requested_at: Date;
  approved_at: Date | null;
  approved_by: string | null;
  /** Until when the approval may be undone; null when it cannot (not approved, or approved without a window). */
  undoable_until: Date | null;
  rejected_at: Date | null;
  rejected_by: string | null;
  rejection_reason: string | null;
  paid_at: Date | null;
  /** The staff member who marked it paid by hand; null when the provider paid it, or until paid. */
  paid_by: string | null;
  payout_provider: string | null;
  payout_reference: string | null;
  failed_at: Date | null;
  failure_reason: string | null;
  /** Who pays it: the provider (it took the transfer) or finance's manual desk; null until either. */
  payout_desk: 'provider' | 'manual' | null;
  sent_at: Date | null;
  transfer_code: string | null;
  /** The provider's words when it held the payout for finance. */
  held_reason: string | null;
  held_at: Date | null;
  reversed_at: Date | null;
  reversal_reason: string | null;
  updated_at: Date;
  request_event_id: string;
}

/** A row of `payout_discrepancies`: what the provider said against what the ledger recorded. */
export interface PayoutDiscrepancyRow {
  withdrawal_id: string;
  kind: PayoutDiscrepancyKind;
  user_id: string;
  provider: string;
  detail: string;
  found_at: Date;
}

/** The row a WithdrawalRequested event makes: the projection's, and a route's immediate answer. */
export function withdrawalRowFrom(
  d: {
    withdrawalId: string;
    userId: string;
    balance: Parameters<typeof withdrawalTypeOf>[0];
    amount: number;
    fee: number;
    bankDetails: { bankName: string; bankCode?: string; accountNum: string; accountName: string };
  },
  at: Date,
  eventId: string,
): WithdrawalRow {
  return {
    withdrawal_id: d.withdrawalId,
    user_id: d.userId,
    type: withdrawalTypeOf(d.balance),
    amount: d.amount,
    fee: d.fee,
    status: 'pending',
    bank_name: d.bankDetails.bankName,
    bank_code: bankCodeOf(d.bankDetails) ?? null,
    account_num: d.bankDetails.accountNum,
    account_name: d.bankDetails.accountName,
    requested_at: at,
    approved_at: null,
    approved_by: null,
    undoable_until: null,
    rejected_at: null,
    rejected_by: null,
    rejection_reason: null,
    paid_at: null,
    paid_by: null,
    payout_provider: null,
    payout_reference: null,
    failed_at: null,
    failure_reason: null,
    payout_desk: null,
    sent_at: null,
    transfer_code: null,
    held_reason: null,
    held_at: null,
    reversed_at: null,
    reversal_reason: null,
    updated_at: at,
    request_event_id: eventId,
  };
}

/** Columns as a projection writes them: times as ISO strings (timeOf). */
type Written<T> = {
  [K in keyof T]?: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Who marked a payout paid by hand (its metadata actor): a staff member's id, else null (the provider). */
function staffWhoPaid(event: Parameters<typeof actorOf>[0]): string | null {
  const actor = actorOf(event);
  return actor && (actor.role === 'admin' || actor.role === 'finance') ? actor.id : null;
}

const update = (withdrawalId: string, set: Written<WithdrawalRow>) =>
  ops.update('withdrawals', { withdrawal_id: withdrawalId }, { set });

export const withdrawals: Projection<'withdrawals'> = {
  name: 'withdrawals',
  description: 'withdrawal requests with status, payout reference and the bank details they were made to',
  tables: [
    { name: 'withdrawals', key: ['withdrawal_id'] },
    { name: 'payout_discrepancies', key: ['withdrawal_id', 'kind'] },
  ],
  handle(event) {
    const at = timeOf(event);
    switch (event.type) {
      case 'WithdrawalRequested':
        return [ops.insert('withdrawals', { ...withdrawalRowFrom(event.data, event.recordedAt, event.id) })];
      case 'WithdrawalApproved':
        return [
          ops.update(
            'withdrawals',
            { withdrawal_id: event.data.withdrawalId },
            {
              set: {
                status: 'approved' satisfies WithdrawalStatus,
                approved_at: at,
                approved_by: event.data.by.id,
                undoable_until: event.data.undoableUntil > event.data.at ? event.data.undoableUntil : null,
                updated_at: at,
              },
            },
          ),
        ];
      case 'WithdrawalApprovalUndone':
        return [
          update(event.data.withdrawalId, {
            status: 'pending',
            approved_at: null,
            approved_by: null,
            undoable_until: null,
            updated_at: at,
          }),
        ];
      case 'WithdrawalRejected':
        return [
          ops.update(
            'withdrawals',
            { withdrawal_id: event.data.withdrawalId },
            {
              set: {
                status: 'rejected' satisfies WithdrawalStatus,
                rejected_at: at,
                rejected_by: event.data.by.id,
                rejection_reason: event.data.reason,
                updated_at: at,
              },
            },
          ),
        ];
      case 'PayoutSent':
        return [
          update(event.data.withdrawalId, {
            status: 'sending',
            payout_desk: 'provider',
            payout_provider: event.data.provider,
            payout_reference: event.data.reference,
            transfer_code: event.data.transferCode,
            sent_at: at,
            held_reason: null,
            held_at: null,
            updated_at: at,
          }),
        ];
      case 'PayoutHeld':
        return [
          update(event.data.withdrawalId, {
            payout_provider: event.data.provider,
            held_reason: event.data.reason,
            held_at: at,
            updated_at: at,
          }),
        ];
      case 'PayoutMovedToManual':
        return [
          update(event.data.withdrawalId, {
            payout_desk: 'manual',
            held_reason: null,
            held_at: null,
            updated_at: at,
          }),
        ];
      case 'PayoutSucceeded':
        return [
          update(event.data.withdrawalId, {
            status: 'paid',
            paid_at: at,
            paid_by: staffWhoPaid(event),
            payout_provider: event.data.provider,
            payout_reference: event.data.reference,
            held_reason: null,
            held_at: null,
            updated_at: at,
          }),
        ];
      case 'PayoutFailed':
        return [
          update(event.data.withdrawalId, {
            status: 'payout_failed',
            failed_at: at,
            payout_provider: event.data.provider,
            failure_reason: event.data.reason,
            held_reason: null,
            held_at: null,
            updated_at: at,
          }),
        ];
      case 'PayoutReversed':
        return [
          update(event.data.withdrawalId, {
            status: 'reversed',
            reversed_at: at,
            reversal_reason: event.data.reason,
            updated_at: at,
          }),
        ];
      case 'UserDeleted':
        // The person is erased: the bank details their withdrawals were made to are forgotten.
        return (event.data.withdrawalIds ?? []).map((withdrawalId) =>
          update(withdrawalId, { account_num: '', account_name: '' }),
        );
      case 'PayoutDiscrepancyFound': {
        const d = event.data;
        const row: Written<PayoutDiscrepancyRow> = {
          withdrawal_id: d.withdrawalId,
          kind: d.kind,
          user_id: d.userId,
          provider: d.provider,
          detail: d.detail,
          found_at: at,
        };
        return [ops.insert('payout_discrepancies', { ...row })];
      }
      default:
        return [];
    }
  },
};
