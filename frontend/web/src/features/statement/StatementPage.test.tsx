import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '../../app/store';
import { accountApi, type Dashboard } from '../../shared/api/account';
import { statementApi, type EntryProof, type Statement } from './api';
import { ProofResult } from './ProofDialog';
import { StatementPage } from './StatementPage';

const hash = (digit: string) => digit.repeat(64);

const statement: Statement = {
  account: 'user:u1:account',
  balance: 1700,
  entries: [
    {
      eventId: 'e2',
      position: 42,
      hash: hash('b'),
      type: 'WithdrawalRequested',
      title: 'Withdrawal requested',
      amount: -2000,
      runningBalance: 1700,
      recordedAt: '2026-11-21T08:00:00.000Z',
    },
    {
      eventId: 'e1',
      position: 7,
      hash: hash('a'),
      type: 'BalanceAdjusted',
      title: 'Balance adjustment: Opening balance',
      amount: 3700,
      runningBalance: 3700,
      recordedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
};

async function renderStatement(accountBalance: number, at = '/dashboard/statement') {
  const store = createStore();
  await store.dispatch(
    accountApi.util.upsertQueryData('getDashboard', undefined, {
      accountBalance,
      activityBalance: 500,
      heldBalance: 0,
      withdrawalRules: { minAccount: 2000, minActivity: 40000, fee: 0 },
    } as Dashboard),
  );
  await store.dispatch(statementApi.util.upsertQueryData('getStatement', 'account', statement));
  await store.dispatch(
    statementApi.util.upsertQueryData('getStatement', 'activity', {
      account: 'user:u1:activity',
      balance: 500,
      entries: [],
    }),
  );
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <StatementPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('StatementPage', () => {
  it('lists the entries with signed amounts and says the balances agree', async () => {
    await renderStatement(1700);
    expect(screen.getByText('The running balance equals your balance card: ₦1,700.00')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Withdrawal requested');
    // The user's words only: no event type names or ledger positions in the default view.
    expect(rows[0]).not.toHaveTextContent('WithdrawalRequested');
    expect(rows[0]).not.toHaveTextContent('#42');
    expect(rows[0]).toHaveTextContent('-₦2,000.00');
    expect(rows[1]).toHaveTextContent('+₦3,700.00');
    expect(
      within(rows[0]!).getByRole('button', { name: /^Audit details of Withdrawal requested/ }),
    ).toBeInTheDocument();
  });

  it('says on the activity balance what it still needs before its minimum, and only there', async () => {
    await renderStatement(1700, '/dashboard/statement?balance=activity');
    const summary = screen.getByRole('region', { name: 'Reconciliation' });
    expect(summary).toHaveTextContent('Withdrawable from ₦40,000: ₦39,500 to go');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Account balance' }));
    expect(screen.getByRole('region', { name: 'Reconciliation' })).not.toHaveTextContent('Withdrawable');
  });

  it('warns when the statement and the balance card disagree', async () => {
    await renderStatement(1500);
    expect(screen.queryByText(/equals your balance card/)).not.toBeInTheDocument();
    expect(screen.getByText('The figures do not agree')).toBeInTheDocument();
    expect(
      screen.getByText(/The running balance \(₦1,700.00\) differs from your balance card \(₦1,500.00\)/),
    ).toBeInTheDocument();
  });
});

const proof: EntryProof = {
  eventId: 'e2',
  position: 42,
  previousHash: hash('a'),
  hash: hash('b'),
  recomputedHash: hash('b'),
  verified: true,
  nextHash: hash('c'),
  nextLinksBack: true,
  checkedAt: '2026-11-22T09:00:00.000Z',
};

describe('ProofResult', () => {
  it('says a verified entry is in the hash chain, with the hashes shortened and whole for copying', async () => {
    render(<ProofResult entry={{ type: 'WithdrawalRequested' }} proof={proof} />);
    expect(screen.getByText('WithdrawalRequested')).toBeInTheDocument();
    expect(screen.getByText('This entry is in the hash chain')).toBeInTheDocument();
    expect(screen.getAllByText('bbbbbbbbbb…bbbbbb')).toHaveLength(2);
    expect(screen.getAllByTitle(hash('b'))).toHaveLength(2);
    expect(screen.getByText('links back')).toBeInTheDocument();

    // user-event stands in for the system clipboard.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy previous hash' }));
    expect(await navigator.clipboard.readText()).toBe(hash('a'));
    expect(screen.getByRole('button', { name: 'previous hash copied' })).toBeInTheDocument();
  });

  it('says clearly when an entry fails the check, and why', () => {
    render(
      <ProofResult
        entry={{ type: 'WithdrawalRequested' }}
        proof={{ ...proof, verified: false, recomputedHash: hash('d') }}
      />,
    );
    expect(screen.queryByText('This entry is in the hash chain')).not.toBeInTheDocument();
    expect(screen.getByText('This entry could not be verified')).toBeInTheDocument();
    expect(screen.getByText(/differs from the hash recomputed/)).toBeInTheDocument();
  });
});
