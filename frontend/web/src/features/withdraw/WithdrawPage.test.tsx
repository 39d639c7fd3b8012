// The fetch stand-in first: the API module is created on import.
import { renderPage, serveFetch } from '../account/testing';
import { screen, within } from '@testing-library/react';
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
  bankDetails: {
    bankCode: '057',
    bankName: 'Zenith Bank',
    accountNum: '2233445566',
    accountName: 'Ada Okafor',
  },
  hasPin: true,
  withdrawalRules: { minAccount: 2000, minActivity: 40000, fee: 0 },
};
const withdrawal = {
  message: 'Withdrawal request submitted successfully!',
  withdrawal: { id: 'w1', amount: 2000 },
  balances: { accountBalance: 13_000, activityBalance: 500, heldBalance: 2000 },
};

/** Presses Withdraw for `amount` on the Account Balance tab and continues past the summary. */
async function withdrawAndContinue(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const [field] = await screen.findAllByLabelText('Amount to withdraw');
  await user.type(field!, amount);
  await user.click(screen.getAllByRole('button', { name: /withdraw$/i })[0]!);
  const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
  await user.click(within(sheet).getByRole('button', { name: 'Continue' }));
}

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
    await withdrawAndContinue(user, '2000');
    await user.type(await screen.findByLabelText('Transaction PIN'), '1234{Enter}');
    expect(await screen.findByRole('heading', { name: 'Withdrawals paused' })).toBeInTheDocument();
    expect(screen.getAllByText(HOLD).length).toBeGreaterThanOrEqual(1);
  });

  it('asks someone without a PIN to set one in the sheet, then sends the withdrawal with it', async () => {
    let hasPin = false;
    const sent = serveFetch((request) => {
      if (request.path === '/api/users/pin') {
        hasPin = true;
        return { status: 200, body: { message: 'Your transaction PIN is set.' } };
      }
      if (request.method === 'POST') return { status: 201, body: withdrawal };
      if (request.path === '/api/users/withdrawals') return { status: 200, body: [] };
      return { status: 200, body: { ...dashboard, hasPin } };
    });
    renderPage(<WithdrawPage />, { path: '/dashboard/withdraw', at: '/dashboard/withdraw' });
    const user = userEvent.setup();
    await withdrawAndContinue(user, '2000');
    const sheet = await screen.findByRole('dialog', { name: 'Set your transaction PIN' });
    await user.type(within(sheet).getByLabelText('PIN'), '4821');
    await user.type(within(sheet).getByLabelText('Confirm PIN'), '4821');
    await user.type(within(sheet).getByLabelText(/Current password/), 'password123');
    await user.click(within(sheet).getByRole('button', { name: 'Set PIN and continue' }));

    const pinStep = await screen.findByRole('dialog', { name: 'Enter your transaction PIN' });
    expect(within(pinStep).getByText('Your transaction PIN is set.')).toBeInTheDocument();
    await user.type(within(pinStep).getByLabelText('Transaction PIN'), '4821{Enter}');
    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeInTheDocument();
    expect(sent.filter((r) => r.method !== 'GET').map((r) => [r.path, r.body])).toEqual([
      ['/api/users/pin', { pin: '4821', currentPassword: 'password123' }],
      ['/api/users/withdraw', { amount: 2000, type: 'withdrawal', pin: '4821' }],
    ]);
  });

  it('says on the Activity Balance tab what the activity balance still needs before its minimum', async () => {
    serveFetch((request) =>
      request.path === '/api/users/withdrawals'
        ? { status: 200, body: [] }
        : { status: 200, body: dashboard },
    );
    renderPage(<WithdrawPage />, { path: '/dashboard/withdraw', at: '/dashboard/withdraw' });
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Activity Balance' }));
    const card = screen.getByRole('region', { name: 'Activity Balance and bank account' });
    expect(card).toHaveTextContent('Withdrawable from ₦40,000: ₦39,500 to go');
  });

  it('sends someone without bank details to the Bank tab of Settings, with the way back', async () => {
    serveFetch((request) =>
      request.path === '/api/users/withdrawals'
        ? { status: 200, body: [] }
        : {
            status: 200,
            body: {
              ...dashboard,
              bankDetails: { bankCode: '', bankName: '', accountNum: '', accountName: '' },
            },
          },
    );
    const { router } = renderPage(<WithdrawPage />, {
      path: '/dashboard/withdraw',
      at: '/dashboard/withdraw',
      others: ['/dashboard/settings'],
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Go to Settings' }));
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'bank',
      back: '/dashboard/withdraw',
    });
  });
});
