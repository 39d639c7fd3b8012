import { readPage, toPage, writePage } from './paging';

describe('paging', () => {
  it('reads the total from X-Total-Count, and falls back to the rows when the header is absent', () => {
    // jsdom has no fetch Response: only the headers are read.
    const answer = (headers: Record<string, string>) =>
      ({ response: { headers: new Headers(headers) } }) as never;
    expect(toPage([1, 2], answer({ 'X-Total-Count': '133' }))).toEqual({ items: [1, 2], total: 133 });
    expect(toPage([1, 2], answer({}))).toEqual({ items: [1, 2], total: 2 });
  });

  it('keeps the page in the address, leaving the defaults out', () => {
    expect(readPage(new URLSearchParams('page=3&pageSize=50'))).toEqual({ page: 3, pageSize: 50 });
    expect(readPage(new URLSearchParams('page=-2&pageSize=7'))).toEqual({ page: 1, pageSize: 25 });
    expect(writePage({ page: 1, pageSize: 25 })).toEqual({});
    expect(writePage({ page: 4, pageSize: 100 })).toEqual({ page: '4', pageSize: '100' });
  });
});
