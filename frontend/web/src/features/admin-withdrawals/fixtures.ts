/** Withdrawal requests as GET /api/admin/withdrawals gives them, for the tests. */
import type { AdminWithdrawal } from './api';

export function withdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  const id = overrides._id ?? 'wd-1';
  return {
    _id: id,
    userId: 'user-1',
    fullName: 'Tunde Bakare',
    username: 'tundebakare',
    email: 'tunde@demo.kobo.ng',
    phone: '08031234567',
    erasedAt: null,
    amount: 2000,
    withdrawalAmount: 2000,
    fee: 0,
    method: 'Bank Transfer',
    type: 'withdrawal',
    createdAt: '2026-11-20T10:30:00.000Z',
    status: 'pending',
    totalTasks: 12,
    totalReferrals: 3,
    accountBalance: 5400,
    activityBalance: 1000,
    bankName: 'Access Bank',
    accountName: 'Tunde Bakare',
    accountNumber: '0123456789',
    accountDetails: 'Access Bank 0123456789',
    sharedBankAccount: null,
    transactionId: id,
    payoutReference: null,
    rejectionReason: null,
    failureReason: null,
    state: 'requested',
    bankCode: '044',
    sentAt: null,
    reversedAt: null,
    reversalReason: null,
    heldReason: null,
    needsConfirmation: false,
    undoableUntil: null,
    ...overrides,
  };
}
