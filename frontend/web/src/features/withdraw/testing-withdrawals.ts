/** Withdrawals as GET /api/users/withdrawals gives them, for the component tests. */
import type { Withdrawal } from './api';

export function userWithdrawal(
  change: Partial<Withdrawal> & Pick<Withdrawal, 'id' | 'state' | 'status'>,
): Withdrawal {
  return {
    amount: 8000,
    fee: 0,
    type: 'withdrawal',
    payoutState: 'awaiting_approval',
    reference: null,
    bankDetails: { bankName: 'Kuda Bank', accountNum: '0131234567', accountName: 'Ada Obi' },
    requestedAt: '2026-11-20T10:00:00.000Z',
    approvedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    paidAt: null,
    failedAt: null,
    failureReason: null,
    bankCode: '50211',
    sentAt: null,
    reversedAt: null,
    reversalReason: null,
    heldReason: null,
    ...change,
  };
}
