import type { Withdrawal } from './api';
import { withdrawalState } from './withdrawal-state';

const base: Withdrawal = {
  id: 'w1',
  amount: 5000,
  fee: 0,
  type: 'withdrawal',
  status: 'pending',
  payoutState: 'awaiting_approval',
  reference: null,
  bankDetails: { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: 'Ada Obi' },
  requestedAt: '2026-11-20T10:00:00.000Z',
  approvedAt: null,
  rejectedAt: null,
  rejectionReason: null,
  paidAt: null,
  failedAt: null,
  failureReason: null,
};

describe('a withdrawal as the person follows it', () => {
  it('requested: waiting for approval', () => {
    expect(withdrawalState(base)).toMatchObject({
      label: 'Requested',
      detail: expect.stringMatching(/approval/),
    });
  });

  it('approved: the payout is on its way', () => {
    expect(
      withdrawalState({
        ...base,
        status: 'approved',
        payoutState: 'queued',
        approvedAt: '2026-11-21T10:00:00Z',
      }),
    ).toMatchObject({ label: 'Approved', detail: expect.stringMatching(/Nov 21, 2026.*on its way/) });
  });

  it('paid: with the bank reference', () => {
    const state = withdrawalState({
      ...base,
      status: 'paid',
      payoutState: 'paid',
      paidAt: '2026-11-22T10:00:00Z',
      reference: 'GTB-000184',
    });
    expect(state.label).toBe('Paid');
    expect(state.detail).toContain('Bank reference: GTB-000184');
  });

  it('payout failed: the reason, and the money is back', () => {
    const state = withdrawalState({
      ...base,
      status: 'payout_failed',
      payoutState: 'failed',
      failedAt: '2026-11-22T10:00:00Z',
      failureReason: 'Account closed.',
    });
    expect(state).toMatchObject({ label: 'Failed', intent: 'danger' });
    expect(state.detail).toBe(
      'The payout failed Nov 22, 2026: Account closed. The money is back on your balance.',
    );
    expect(state.detail).toContain('The money is back on your balance.');
  });

  it('rejected: shown as declined with the reason, and the money is back', () => {
    const state = withdrawalState({
      ...base,
      status: 'rejected',
      payoutState: 'cancelled',
      rejectedAt: '2026-11-22T10:00:00Z',
      rejectionReason: 'Name does not match the bank account',
    });
    expect(state.label).toBe('Declined');
    expect(state.detail).toContain('Name does not match the bank account');
    expect(state.detail).toContain('The money is back on your balance.');
  });
});
