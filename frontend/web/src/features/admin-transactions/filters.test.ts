import { listArgs, readFilters, typeLabel, writeFilters } from './filters';

describe('the transactions filter', () => {
  it('reads and writes the URL, page included', () => {
    expect(readFilters(new URLSearchParams('status=failed&q=gtb&page=4'))).toEqual({
      status: 'failed',
      query: 'gtb',
      page: 4,
      pageSize: 25,
    });
    const plain = { status: 'all', query: '', page: 1, pageSize: 25 } as const;
    expect(readFilters(new URLSearchParams('status=paid'))).toEqual(plain);
    expect(writeFilters(plain)).toEqual({});
    expect(writeFilters({ status: 'pending', query: 'eze', page: 2, pageSize: 100 })).toEqual({
      status: 'pending',
      q: 'eze',
      page: '2',
      pageSize: '100',
    });
  });

  it('asks the server for the page, with the search trimmed and All left out', () => {
    expect(listArgs({ status: 'all', query: ' gtb ', page: 1, pageSize: 25 })).toEqual({
      q: 'gtb',
      page: 1,
      pageSize: 25,
    });
    expect(listArgs({ status: 'failed', query: '', page: 3, pageSize: 50 })).toEqual({
      status: 'failed',
      page: 3,
      pageSize: 50,
    });
  });

  it('names the types the admin knows', () => {
    expect(typeLabel('other')).toBe('Adjustment');
    expect(typeLabel('activityWithdrawal')).toBe('Activity withdrawal');
  });
});
