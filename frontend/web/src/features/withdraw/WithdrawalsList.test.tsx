import { screen, within } from '@testing-library/react';
import { renderPage, serveFetch } from '../account/testing';
import { userWithdrawal } from './testing-withdrawals';
import { WithdrawalsList } from './WithdrawalsList';

describe("the person's withdrawals", () => {
  it('reads each state in the one vocabulary, and sends a failed payout to the bank details', async () => {
    serveFetch(() => ({
      status: 200,
      body: [
        userWithdrawal({
          id: 'aaa111-1',
          status: 'payout_failed',
          state: 'failed',
          failedAt: '2026-11-22T10:00:00.000Z',
          failureReason: 'Account closed',
        }),
        userWithdrawal({
          id: 'bbb222-2',
          status: 'rejected',
          state: 'declined',
          amount: 3000,
          rejectedAt: '2026-11-21T10:00:00.000Z',
          rejectionReason: 'Name does not match',
        }),
        userWithdrawal({ id: 'ccc333-3', status: 'sending', state: 'sending', amount: 2000 }),
      ],
    }));
    renderPage(<WithdrawalsList />, { path: '/dashboard/withdraw', at: '/dashboard/withdraw' });
    const [failed, declined, sending] = await screen.findAllByRole('listitem');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('W-AAA111');
    expect(failed).toHaveTextContent('••4567');
    expect(failed).toHaveTextContent('Account closed. The money is back on your balance.');
    expect(within(failed!).getByRole('link', { name: 'Check your bank details' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=bank',
    );
    expect(declined).toHaveTextContent('Declined');
    expect(declined).toHaveTextContent('Name does not match. The money is back on your balance.');
    // A declined request is not a bank problem.
    expect(within(declined!).queryByRole('link')).not.toBeInTheDocument();
    expect(sending).toHaveTextContent('Sending');
  });
});
