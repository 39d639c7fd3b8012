/** Withdrawals: pending -> approved -> paid | payout_failed, or pending -> rejected. */
import { withdrawalTypeOf } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../projection';

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
            status: 'pending',
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
            { set: { status: 'approved', approved_at: at, approved_by: event.data.by, updated_at: at } },
          ),
        ];
      case 'WithdrawalRejected':
        return [
          ops.update(
            'withdrawals',
            { withdrawal_id: event.data.withdrawalId },
            {
              set: {
                status: 'rejected',
                rejected_at: at,
                rejected_by: event.data.by,
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
                status: 'paid',
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
                status: 'payout_failed',
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
