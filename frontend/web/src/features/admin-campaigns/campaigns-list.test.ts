import { listQuery, readFilters, writeFilters } from './campaigns-list';

describe('the view in the address', () => {
  it('reads what it wrote, leaving the defaults out', () => {
    const params = new URLSearchParams(
      'q=naija&status=paused&platform=app-stores&sort=price&order=asc&page=3',
    );
    const filters = readFilters(params);
    expect(filters).toEqual({
      q: 'naija',
      status: 'paused',
      platform: 'app-stores',
      sort: 'price-asc',
      page: 3,
      pageSize: 25,
    });
    expect(writeFilters(filters).toString()).toBe(params.toString());
    expect(writeFilters(readFilters(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores values the selects do not offer', () => {
    const filters = readFilters(new URLSearchParams('status=deleted&platform=myspace&sort=name&order=up'));
    expect(filters).toMatchObject({ status: '', platform: '', sort: 'createdAt-desc' });
  });

  it('asks the server for one page without submissions', () => {
    expect(
      listQuery(readFilters(new URLSearchParams('q=%20naija%20&platform=playstore&pageSize=50'))),
    ).toEqual({
      q: 'naija',
      platform: 'playstore',
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: 50,
      submissions: 'none',
    });
  });
});
