import { listArgs, readFilters, STATE_FILTERS, writeFilters } from './filters';
const FIRST_PAGE_OF_ALL = { state: 'all', query: '', page: 1, pageSize: 25 } as const;
const FIRST_PAGE_OF_REQUESTED = { ...FIRST_PAGE_OF_ALL, state: 'requested' } as const;

describe('the withdrawals filter', () => {
  it('reads the URL, opening on the requests waiting for a decision when it says none or something unknown', () => {
    expect(readFilters(new URLSearchParams('state=declined&q=eze&page=2'))).toEqual({
      state: 'declined',
      query: 'eze',
      page: 2,
      pageSize: 25,
    });
    expect(readFilters(new URLSearchParams('state=bogus'))).toEqual(FIRST_PAGE_OF_REQUESTED);
    // The old vocabulary is not a state.
    expect(readFilters(new URLSearchParams('state=rejected'))).toEqual(FIRST_PAGE_OF_REQUESTED);
    expect(readFilters(new URLSearchParams(''))).toEqual(FIRST_PAGE_OF_REQUESTED);
    expect(readFilters(new URLSearchParams('state=all'))).toEqual(FIRST_PAGE_OF_ALL);
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(writeFilters(FIRST_PAGE_OF_REQUESTED)).toEqual({});
    for (const state of ['all', 'paid', 'failed', 'reversed'] as const) {
      const filters = { state, query: 'Ada', page: 3, pageSize: 50 } as const;
      const written = writeFilters(filters);
      expect(written).toEqual({ state, q: 'Ada', page: '3', pageSize: '50' });
      expect(readFilters(new URLSearchParams(written))).toEqual(filters);
    }
  });

  it('asks the server for the page with the search trimmed, and leaves All out', () => {
    expect(listArgs({ ...FIRST_PAGE_OF_ALL, query: '  eze ' })).toEqual({ q: 'eze', page: 1, pageSize: 25 });
    expect(listArgs({ state: 'reversed', query: '', page: 2, pageSize: 10 })).toEqual({
      state: 'reversed',
      page: 2,
      pageSize: 10,
    });
  });

  it('offers every state in the one vocabulary, and All', () => {
    expect(STATE_FILTERS.map((filter) => filter.label)).toEqual([
      'All',
      'Requested',
      'Approved',
      'Sending',
      'Paid',
      'Failed',
      'Declined',
      'Reversed',
    ]);
  });
});
