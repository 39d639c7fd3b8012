// The fetch stand-in first: the API module is created on import.
import { renderPage, serveFetch } from '../account/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithdrawPage } from './WithdrawPage';

const HOLD =
  'Your bank details changed recently. For your safety, withdrawals open again at 14:05 on 24 Nov 2026 ' +
  '(24 hours after the change).';
const dashboard = {
  username: 'adaokafor',
  firstName: 'Ada',
  lastName: 'Okafor',
  accountBalance: 15_000,
  activityBalance: 500,
  heldBalance: 0,
  bankDetails: { bankName: 'Zenith Bank', accountNum: '2233445566', accountName: 'Ada Okafor' },
  withdrawalRules: { minAccount: 2000, minActivity: 40000, fee: 0 },
};

describe('the withdraw page', () => {
  it("keeps the server's bank-change hold message on the page", async () => {
    serveFetch((request) => {
      if (request.method === 'POST')
        return {
          status: 403,
          body: { status: 403, code: 'withdrawals_on_hold', message: HOLD, errors: { amount: HOLD } },
        };
      if (request.path === '/api/users/withdrawals') return { status: 200, body: [] };
      return { status: 200, body: dashboard };
    });
    renderPage(<WithdrawPage />, { path: '/dashboard/withdraw', at: '/dashboard/withdraw' });
    const user = userEvent.setup();
    const [amount] = await screen.findAllByLabelText('Amount to withdraw');
    await user.type(amount!, '2000');
    await user.click(screen.getAllByRole('button', { name: /withdraw$/i })[0]!);
    expect(await screen.findByRole('heading', { name: 'Withdrawals paused' })).toBeInTheDocument();
    expect(screen.getAllByText(HOLD).length).toBeGreaterThanOrEqual(1);
  });
});
