import { filterWithdrawals, readFilters, withdrawalState, writeFilters } from './filters';
import { withdrawal } from './fixtures';

const rows = [
  withdrawal({ _id: 'a', fullName: 'Tunde Bakare', email: 'tunde@demo.kobo.ng', status: 'pending' }),
  withdrawal({
    _id: 'b',
    fullName: 'Chioma Eze',
    email: 'chioma@demo.kobo.ng',
    username: 'chiomaeze',
    status: 'approved',
    payoutState: 'paid',
  }),
  withdrawal({ _id: 'c', fullName: 'Zainab Musa', email: 'zainab@mail.ng', status: 'rejected' }),
  withdrawal({
    _id: 'd',
    fullName: 'Ada Obi',
    email: 'ada@demo.kobo.ng',
    status: 'approved',
    payoutState: 'awaiting',
  }),
];
const ids = (list: typeof rows) => list.map((row) => row._id);

describe('the withdrawals filter', () => {
  it('reads the URL, treating anything unknown as All', () => {
    expect(readFilters(new URLSearchParams('status=rejected&q=eze'))).toEqual({
      status: 'rejected',
      query: 'eze',
    });
    expect(readFilters(new URLSearchParams('status=bogus'))).toEqual({ status: 'all', query: '' });
    expect(readFilters(new URLSearchParams(''))).toEqual({ status: 'all', query: '' });
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(writeFilters({ status: 'all', query: '' })).toEqual({});
    const written = writeFilters({ status: 'pending', query: 'Ada' });
    expect(written).toEqual({ status: 'pending', q: 'Ada' });
    expect(readFilters(new URLSearchParams(written))).toEqual({ status: 'pending', query: 'Ada' });
  });

  it('matches name, username or email as a case-insensitive substring', () => {
    expect(ids(filterWithdrawals(rows, { status: 'all', query: 'EZE' }))).toEqual(['b']);
    expect(ids(filterWithdrawals(rows, { status: 'all', query: 'demo.kobo' }))).toEqual(['a', 'b', 'd']);
    expect(ids(filterWithdrawals(rows, { status: 'all', query: '  mail.ng ' }))).toEqual(['c']);
    expect(ids(filterWithdrawals(rows, { status: 'all', query: 'nobody' }))).toEqual([]);
  });

  it('filters by status; Approved includes the paid ones', () => {
    expect(ids(filterWithdrawals(rows, { status: 'all', query: '' }))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(filterWithdrawals(rows, { status: 'pending', query: '' }))).toEqual(['a']);
    expect(ids(filterWithdrawals(rows, { status: 'approved', query: '' }))).toEqual(['b', 'd']);
    expect(ids(filterWithdrawals(rows, { status: 'approved', query: 'ada' }))).toEqual(['d']);
    expect(ids(filterWithdrawals(rows, { status: 'rejected', query: '' }))).toEqual(['c']);
  });

  it('names each state, with the payout after an approval', () => {
    expect(withdrawalState({ status: 'pending', payoutState: null }).label).toBe('Pending');
    expect(withdrawalState({ status: 'approved', payoutState: 'awaiting' }).label).toBe('Approved');
    expect(withdrawalState({ status: 'approved', payoutState: 'paid' }).label).toBe('Paid');
    expect(withdrawalState({ status: 'approved', payoutState: 'failed' }).label).toBe('Payout failed');
    expect(withdrawalState({ status: 'rejected', payoutState: null }).label).toBe('Rejected');
  });
});
