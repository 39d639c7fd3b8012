import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { accountApi, type Dashboard, type Transaction } from '../../shared/api/account';
import { HistoryPage } from './HistoryPage';

const dashboard = {
  totalEarnings: 1565,
  totalTasks: 4,
  totalWithdrawn: 10000,
} as Dashboard;

function tx(
  id: string,
  type: Transaction['type'],
  title: string,
  amount: number,
  createdAt: string,
): Transaction {
  return { id, type, title, amount, status: 'Completed', createdAt };
}

/** The page over a real store whose cache already holds the server's answers. */
async function renderHistory(transactions: Transaction[]) {
  const store = createStore();
  await store.dispatch(accountApi.util.upsertQueryData('getDashboard', undefined, dashboard));
  await store.dispatch(accountApi.util.upsertQueryData('getTransactions', undefined, transactions));
  return render(
    <Provider store={store}>
      <MemoryRouter>
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
});
