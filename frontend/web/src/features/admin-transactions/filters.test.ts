import type { AdminTransaction } from './api';
import { countTransactions, filterTransactions, readFilters, writeFilters } from './filters';

function transaction(overrides: Partial<AdminTransaction>): AdminTransaction {
  return {
    transactionId: 'tx',
    _id: 'tx',
    userId: 'u',
    fullName: 'Tunde Bakare',
    username: 'tundebakare',
    email: 'tunde@demo.kobo.ng',
    amount: 500,
    createdAt: '2026-11-20T10:30:00.000Z',
    updatedAt: '2026-11-20T10:30:00.000Z',
    description: 'Task reward: Follow Kobo on Instagram',
    type: 'task',
    status: 'completed',
    ...overrides,
  };
}

const rows = [
  transaction({ _id: 'a' }),
  transaction({
    _id: 'b',
    fullName: 'Chioma Eze',
    description: 'Withdrawal to Access Bank',
    amount: -2000,
    type: 'withdrawal',
    status: 'pending',
  }),
  transaction({
    _id: 'c',
    fullName: 'Zainab Musa',
    description: 'Withdrawal to GTBank',
    amount: -4000,
    type: 'withdrawal',
    status: 'failed',
  }),
];
const ids = (list: AdminTransaction[]) => list.map((row) => row._id);

describe('the transactions filter', () => {
  it('reads and writes the URL', () => {
    expect(readFilters(new URLSearchParams('status=failed&q=gtb'))).toEqual({
      status: 'failed',
      query: 'gtb',
    });
    expect(readFilters(new URLSearchParams('status=paid'))).toEqual({ status: 'all', query: '' });
    expect(writeFilters({ status: 'all', query: '' })).toEqual({});
    expect(writeFilters({ status: 'pending', query: 'eze' })).toEqual({ status: 'pending', q: 'eze' });
  });

  it('searches the user name and the description, ignoring case', () => {
    expect(ids(filterTransactions(rows, { status: 'all', query: 'ZAINAB' }))).toEqual(['c']);
    expect(ids(filterTransactions(rows, { status: 'all', query: 'withdrawal to' }))).toEqual(['b', 'c']);
    expect(ids(filterTransactions(rows, { status: 'all', query: 'instagram' }))).toEqual(['a']);
  });

  it('filters by status and counts for the cards', () => {
    expect(ids(filterTransactions(rows, { status: 'completed', query: '' }))).toEqual(['a']);
    expect(ids(filterTransactions(rows, { status: 'failed', query: 'withdrawal' }))).toEqual(['c']);
    expect(countTransactions(rows)).toEqual({ total: 3, completed: 1, pending: 1 });
  });
});
