import { listArgs, readFilters, withdrawalState, writeFilters } from './filters';
const FIRST_PAGE_OF_ALL = { status: 'all', query: '', page: 1, pageSize: 25 } as const;

describe('the withdrawals filter', () => {
  it('reads the URL, treating anything unknown as All', () => {
    expect(readFilters(new URLSearchParams('status=rejected&q=eze&page=2'))).toEqual({
      status: 'rejected',
      query: 'eze',
      page: 2,
      pageSize: 25,
    });
    expect(readFilters(new URLSearchParams('status=bogus'))).toEqual(FIRST_PAGE_OF_ALL);
    expect(readFilters(new URLSearchParams(''))).toEqual(FIRST_PAGE_OF_ALL);
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(writeFilters(FIRST_PAGE_OF_ALL)).toEqual({});
    const filters = { status: 'pending', query: 'Ada', page: 3, pageSize: 50 } as const;
    const written = writeFilters(filters);
    expect(written).toEqual({ status: 'pending', q: 'Ada', page: '3', pageSize: '50' });
    expect(readFilters(new URLSearchParams(written))).toEqual(filters);
  });

  it('asks the server for the page with the search trimmed, and leaves All out', () => {
    expect(listArgs({ ...FIRST_PAGE_OF_ALL, query: '  eze ' })).toEqual({ q: 'eze', page: 1, pageSize: 25 });
    expect(listArgs({ status: 'approved', query: '', page: 2, pageSize: 10 })).toEqual({
      status: 'approved',
      page: 2,
      pageSize: 10,
    });
  });

  it('names each state, with the payout after an approval', () => {
    expect(withdrawalState({ status: 'pending', payoutState: null }).label).toBe('Pending');
    expect(withdrawalState({ status: 'approved', payoutState: 'awaiting' }).label).toBe('Approved');
    expect(withdrawalState({ status: 'approved', payoutState: 'paid' }).label).toBe('Paid');
    expect(withdrawalState({ status: 'approved', payoutState: 'failed' }).label).toBe('Payout failed');
    expect(withdrawalState({ status: 'rejected', payoutState: null }).label).toBe('Rejected');
  });
});
