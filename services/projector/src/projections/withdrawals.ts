/** Withdrawals: pending -> approved -> paid | payout_failed, or pending -> rejected. */
import { withdrawalTypeOf, type WithdrawalStatus, type WithdrawalType } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../projection';

/** A row of `withdrawals`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface WithdrawalRow {
  withdrawal_id: string;
  user_id: string;
  type: WithdrawalType;
  amount: number;
  fee: number;
  status: WithdrawalStatus;
  bank_name: string;
  account_num: string;
  account_name: string;
  requested_at: Date;
  approved_at: Date | null;
  approved_by: string | null;
  rejected_at: Date | null;
  rejected_by: string | null;
  rejection_reason: string | null;
  paid_at: Date | null;
  payout_provider: string | null;
  payout_reference: string | null;
  failed_at: Date | null;
  failure_reason: string | null;
  updated_at: Date;
  request_event_id: string;
}

export const withdrawals: Projection<'withdrawals'> = {
  name: 'withdrawals',
  description: 'withdrawal requests with status, payout reference and the bank details they were made to',
  tables: [{ name: 'withdrawals', key: ['withdrawal_id'] }],
  handle(event) {
    const at = timeOf(event);
    switch (event.type) {
      case 'WithdrawalRequested': {
        const d = event.data;
        return [
          ops.insert('withdrawals', {
            withdrawal_id: d.withdrawalId,
            user_id: d.userId,
            type: withdrawalTypeOf(d.balance),
            amount: d.amount,
            fee: d.fee,
            status: 'pending' satisfies WithdrawalStatus,
            bank_name: d.bankDetails.bankName,
            account_num: d.bankDetails.accountNum,
            account_name: d.bankDetails.accountName,
            requested_at: at,
            updated_at: at,
            request_event_id: event.id,
          }),
        ];
      }
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
                updated_at: at,
              },
            },
          ),
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
      case 'PayoutSucceeded':
        return [
          ops.update(
            'withdrawals',
            { withdrawal_id: event.data.withdrawalId },
            {
              set: {
                status: 'paid' satisfies WithdrawalStatus,
                paid_at: at,
                payout_provider: event.data.provider,
                payout_reference: event.data.reference,
                updated_at: at,
              },
            },
          ),
        ];
      case 'PayoutFailed':
        return [
          ops.update(
            'withdrawals',
            { withdrawal_id: event.data.withdrawalId },
            {
              set: {
                status: 'payout_failed' satisfies WithdrawalStatus,
                failed_at: at,
                payout_provider: event.data.provider,
                failure_reason: event.data.reason,
                updated_at: at,
              },
            },
          ),
        ];
      default:
        return [];
    }
  },
};
