import type { Transaction } from '../../shared/api/account';
import { filterTransactions } from './search';

const tx = (over: Partial<Transaction> & Pick<Transaction, 'id' | 'type'>): Transaction => ({
  title: '',
  amount: 100,
  status: 'Completed',
  withdrawalId: null,
  state: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const history: Transaction[] = [
  tx({ id: 'w1', type: 'withdrawal', title: 'Withdrawal', amount: 2000, status: 'Pending' }),
  tx({ id: 'w2', type: 'activityWithdrawal', title: 'Withdrawal', amount: 40000 }),
  tx({ id: 't1', type: 'task', title: 'Like the Jollof Kitchen page', amount: 25 }),
  tx({ id: 'r1', type: 'referral', title: 'Referral Bonus', amount: 200 }),
  tx({ id: 'b1', type: 'bonus', title: 'Signup Bonus', amount: 500, createdAt: '2026-10-02T10:00:00.000Z' }),
];
const ids = (list: Transaction[]) => list.map((t) => t.id);

describe('filterTransactions', () => {
  it('keeps everything, in order, for an empty or blank query', () => {
    expect(ids(filterTransactions(history, ''))).toEqual(['w1', 'w2', 't1', 'r1', 'b1']);
    expect(ids(filterTransactions(history, '   '))).toEqual(['w1', 'w2', 't1', 'r1', 'b1']);
  });

  it('matches the shown label in any case: activity withdrawals read as Withdrawal', () => {
    expect(ids(filterTransactions(history, 'WITHDRAWAL'))).toEqual(['w1', 'w2']);
  });

  it('needs every word, in any order', () => {
    expect(ids(filterTransactions(history, 'pending withdrawal'))).toEqual(['w1']);
    expect(ids(filterTransactions(history, 'kitchen jollof'))).toEqual(['t1']);
    expect(ids(filterTransactions(history, 'kitchen pending'))).toEqual([]);
  });

  it('finds amounts with or without the naira sign and separators', () => {
    expect(ids(filterTransactions(history, '40,000'))).toEqual(['w2']);
    expect(ids(filterTransactions(history, '40000'))).toEqual(['w2']);
    expect(ids(filterTransactions(history, '₦500.00'))).toEqual(['b1']);
  });

  it('finds the shown date and the status', () => {
    expect(ids(filterTransactions(history, 'oct'))).toEqual(['b1']);
    expect(ids(filterTransactions(history, 'bonus completed'))).toEqual(['r1', 'b1']);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterTransactions(history, 'airtime')).toEqual([]);
  });
});
