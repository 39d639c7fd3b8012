/** Withdrawals as GET /api/users/withdrawals gives them, for the component tests. */
import type { Withdrawal } from './api';

export function userWithdrawal(
  change: Partial<Withdrawal> & Pick<Withdrawal, 'id' | 'state' | 'status'>,
): Withdrawal {
  return {
    amount: 8000,
    fee: 0,
    type: 'withdrawal',
    reference: null,
    bankDetails: {
      bankName: 'Kuda Bank',
      bankCode: '50211',
      accountNum: '0131234567',
      accountName: 'Ada Obi',
    },
    requestedAt: '2026-11-20T10:00:00.000Z',
    approvedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    paidAt: null,
    failedAt: null,
    failureReason: null,
    sentAt: null,
    reversedAt: null,
    reversalReason: null,
    ...change,
  };
}
