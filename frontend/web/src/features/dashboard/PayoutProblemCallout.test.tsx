import { screen } from '@testing-library/react';
import { renderPage, serveFetch } from '../account/testing';
import { userWithdrawal } from '../withdraw/testing-withdrawals';
import type { Withdrawal } from '../withdraw/api';
import { PayoutProblemCallout, payoutNeedingBankCheck } from './PayoutProblemCallout';

const FAILED_ID = '3f9a2c71-5d0e-4b8a-9c1f-2e3d4c5b6a79';
const failed = userWithdrawal({
  id: FAILED_ID,
  status: 'payout_failed',
  state: 'failed',
  failedAt: '2026-11-21T10:00:00.000Z',
  failureReason: 'Account number does not exist',
});
const newer = userWithdrawal({
  id: 'b-newer',
  status: 'pending',
  state: 'requested',
  requestedAt: '2026-11-22T10:00:00.000Z',
});
const declined = userWithdrawal({ id: 'c-declined', status: 'rejected', state: 'declined' });

function show(withdrawals: Withdrawal[]) {
  serveFetch(() => ({ status: 200, body: withdrawals }));
  renderPage(<PayoutProblemCallout />, { path: '/dashboard', at: '/dashboard' });
}

describe('the dashboard callout for a payout the bank did not take', () => {
  it('says what happened and links to the bank details and to the withdrawal', async () => {
    show([failed]);
    const title = await screen.findByRole('heading', {
      name: 'Your withdrawal of ₦8,000.00 could not be paid',
    });
    const callout = title.closest('.bp6-callout')!;
    expect(callout).toHaveTextContent('Account number does not exist. The money is back on your balance.');
    expect(screen.getByRole('link', { name: 'Check your bank details' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=bank',
    );
    expect(screen.getByRole('link', { name: 'See W-3F9A2C' })).toHaveAttribute(
      'href',
      `/dashboard/history?withdrawal=${FAILED_ID}`,
    );
  });

  it('names a reversed payout as sent back', async () => {
    show([{ ...failed, state: 'reversed', status: 'reversed', reversalReason: 'Account closed' }]);
    expect(
      await screen.findByRole('heading', { name: 'Your withdrawal of ₦8,000.00 came back from your bank' }),
    ).toBeInTheDocument();
  });

  it('goes once a newer request follows, and never shows for a declined request', () => {
    expect(payoutNeedingBankCheck([failed])).toBe(failed);
    expect(payoutNeedingBankCheck([failed, newer])).toBeNull();
    expect(payoutNeedingBankCheck([newer, failed])).toBeNull();
    expect(payoutNeedingBankCheck([declined])).toBeNull();
    expect(payoutNeedingBankCheck([])).toBeNull();
  });
});
