import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { accountApi, type Dashboard, type Transaction } from '../../shared/api/account';
import { withdrawApi, type Withdrawal } from '../withdraw/api';
import { userWithdrawal } from '../withdraw/testing-withdrawals';
import { HistoryPage } from './HistoryPage';

const dashboard = {
  totalEarnings: 1565,
  totalTasks: 4,
  totalWithdrawn: 10000,
  activityBalance: 500,
  withdrawalRules: { minAccount: 2000, minActivity: 40000, fee: 0 },
} as Dashboard;

function tx(
  id: string,
  type: Transaction['type'],
  title: string,
  amount: number,
  createdAt: string,
): Transaction {
  return { id, type, title, amount, status: 'Completed', withdrawalId: null, state: null, createdAt };
}

const DECLINED_ID = '3f9a2c71-5d0e-4b8a-9c1f-2e3d4c5b6a79';
const PAID_ID = '9b8c7d6e-1111-4222-8333-444455556666';

/** A withdrawal as GET /api/users/withdrawals gives it, requested on Nov 20, with a ₦100 fee. */
function withdrawal(change: Partial<Withdrawal> & Pick<Withdrawal, 'id' | 'state' | 'status'>): Withdrawal {
  return userWithdrawal({ fee: 100, ...change });
}

const declined = withdrawal({
  id: DECLINED_ID,
  status: 'rejected',
  state: 'declined',
  rejectedAt: '2026-11-21T10:00:00.000Z',
  rejectionReason: 'Name does not match the bank account',
});
const paid = withdrawal({
  id: PAID_ID,
  status: 'paid',
  state: 'paid',
  amount: 2000,
  approvedAt: '2026-11-21T10:00:00.000Z',
  paidAt: '2026-11-22T10:00:00.000Z',
  reference: 'GTB-000184',
});

function withdrawalTx(of: Withdrawal, status: Transaction['status']): Transaction {
  return {
    id: of.id,
    type: of.type,
    title: 'Withdrawal',
    amount: of.amount,
    status,
    withdrawalId: of.id,
    state: of.state,
    createdAt: of.requestedAt,
  };
}

/** The page over a real store whose cache already holds the server's answers. */
async function renderHistory(
  transactions: Transaction[],
  { at = '/', withdrawals = [] as Withdrawal[] } = {},
) {
  const store = createStore();
  await store.dispatch(accountApi.util.upsertQueryData('getDashboard', undefined, dashboard));
  await store.dispatch(accountApi.util.upsertQueryData('getTransactions', undefined, transactions));
  await store.dispatch(withdrawApi.util.upsertQueryData('getWithdrawals', undefined, withdrawals));
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <HistoryPage />
      </MemoryRouter>
    </Provider>,
  );
}

const rows = () =>
  within(screen.getByRole('list', { name: /transaction history/i })).getAllByRole('listitem');

describe('HistoryPage', () => {
  it('shows the totals and the transactions newest first', async () => {
    await renderHistory([
      tx('old', 'bonus', 'Signup Bonus', 500, '2026-10-01T08:00:00.000Z'),
      tx('new', 'withdrawal', 'Withdrawal', 2000, '2026-11-21T08:00:00.000Z'),
      tx('mid', 'task', 'Like the Jollof Kitchen page', 25, '2026-11-01T08:00:00.000Z'),
    ]);
    expect(await screen.findByRole('region', { name: 'Total Earnings' })).toHaveTextContent('₦1,565.00');
    expect(screen.getByRole('region', { name: 'Total Tasks' })).toHaveTextContent('4');
    expect(screen.getByRole('region', { name: 'Total Withdrawn' })).toHaveTextContent('₦10,000.00');
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Withdrawal'),
      expect.stringContaining('Like the Jollof Kitchen page'),
      expect.stringContaining('Signup Bonus'),
    ]);
    expect(rows()[0]).toHaveTextContent('-₦2,000.00');
  });

  it('says on the signup bonus what the activity balance it went to still needs', async () => {
    await renderHistory([
      tx('bonus', 'bonus', 'Signup Bonus', 500, '2026-10-01T08:00:00.000Z'),
      tx('task', 'task', 'Like the Jollof Kitchen page', 25, '2026-11-01T08:00:00.000Z'),
    ]);
    const [task, bonus] = rows();
    expect(bonus).toHaveTextContent('Withdrawable from ₦40,000: ₦39,500 to go');
    expect(task).not.toHaveTextContent('Withdrawable');
  });

  it('filters as the person types, says when nothing matches, and clears', async () => {
    const user = userEvent.setup();
    await renderHistory([
      tx('w', 'withdrawal', 'Withdrawal', 2000, '2026-11-21T08:00:00.000Z'),
      tx('t', 'task', 'Like the Jollof Kitchen page', 25, '2026-11-01T08:00:00.000Z'),
      tx('r', 'referral', 'Referral Bonus', 200, '2026-11-02T08:00:00.000Z'),
    ]);
    const search = screen.getByRole('searchbox', { name: 'Search transactions' });
    expect(search).toHaveAttribute('placeholder', 'Search transactions...');

    await user.type(search, 'jollof');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Like the Jollof Kitchen page');
    expect(screen.getByText('1 of 3 shown')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'airtime');
    expect(screen.getByText('No matching transactions')).toBeInTheDocument();
    expect(screen.queryByText('No transaction history')).not.toBeInTheDocument();

    // The empty state offers the same clearing as the button in the search box.
    const [, clearInEmptyState] = screen.getAllByRole('button', { name: 'Clear search' });
    await user.click(clearInEmptyState!);
    expect(search).toHaveValue('');
    expect(rows()).toHaveLength(3);
  });

  it('says there is no history yet when the list is empty', async () => {
    await renderHistory([]);
    expect(await screen.findByText('No transaction history')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toBeDisabled();
  });

  it('shows a declined withdrawal as money returned, not as a red debit, and an approved one as Approved', async () => {
    const approved = withdrawal({ id: 'a1b2c3d4-0000', status: 'approved', state: 'approved' });
    await renderHistory([
      withdrawalTx(declined, 'Failed'),
      { ...withdrawalTx(approved, 'Pending'), createdAt: '2026-11-19T10:00:00.000Z' },
    ]);
    const [returned, onItsWay] = rows();
    expect(returned).toHaveTextContent('Withdrawal');
    expect(returned).toHaveTextContent('Declined');
    expect(returned).toHaveTextContent('money returned');
    expect(returned).toHaveTextContent('₦8,000.00');
    expect(returned).not.toHaveTextContent('-₦8,000.00');
    expect(returned).not.toHaveTextContent('Failed');
    // Struck through, with no debit colour.
    const amount = within(returned!).getByText('₦8,000.00');
    expect(amount.closest('s')).not.toBeNull();
    expect(amount).not.toHaveClass('kobo-debit');

    expect(onItsWay).toHaveTextContent('Approved');
    expect(onItsWay).not.toHaveTextContent('Pending');
    expect(onItsWay).toHaveTextContent('-₦8,000.00');
  });

  it('opens a withdrawal from its row, with the reason and the money returned', async () => {
    const user = userEvent.setup();
    await renderHistory([withdrawalTx(declined, 'Failed')], { withdrawals: [declined] });
    await user.click(within(rows()[0]!).getByRole('link'));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal W-3F9A2C' });
    expect(dialog).toHaveTextContent('Declined');
    expect(dialog).toHaveTextContent(
      'Declined on 21 Nov 2026: Name does not match the bank account. The money is back on your balance.',
    );
    expect(dialog).toHaveTextContent('Kuda Bank');
    expect(dialog).toHaveTextContent('••4567');
    expect(dialog).not.toHaveTextContent('0131234567');
    expect(dialog).not.toHaveTextContent(DECLINED_ID);
    expect(within(dialog).getByText('Returned to your balance').nextSibling).toHaveTextContent('₦8,000.00');

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens a paid withdrawal from the address, with the bank's reference and the amount sent", async () => {
    await renderHistory([withdrawalTx(paid, 'Completed')], {
      at: `/?withdrawal=${PAID_ID}`,
      withdrawals: [paid],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal W-9B8C7D' });
    expect(dialog).toHaveTextContent('Paid');
    expect(within(dialog).getByText('Bank reference').nextSibling).toHaveTextContent('GTB-000184');
    expect(within(dialog).getByText('Fee').nextSibling).toHaveTextContent('₦100.00');
    expect(within(dialog).getByText('Amount sent').nextSibling).toHaveTextContent('₦1,900.00');
    expect(dialog).not.toHaveTextContent('Reason');
  });
});
