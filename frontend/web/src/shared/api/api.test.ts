import { isRetryable, MAX_RETRIES, retryDelayMs } from './api';

describe('the retry policy of reads (user-site.md section 7)', () => {
  it('retries up to 3 times, 1 s then doubling, never more than 30 s apart', () => {
    expect(MAX_RETRIES).toBe(3);
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs(6)).toBe(30_000);
    expect(retryDelayMs(20)).toBe(30_000);
  });

  it('retries only what a retry can mend: the network or the server', () => {
    expect(isRetryable({ status: 'FETCH_ERROR', error: 'offline' })).toBe(true);
    expect(isRetryable({ status: 'TIMEOUT_ERROR', error: 'slow' })).toBe(true);
    expect(isRetryable({ status: 503, data: {} })).toBe(true);
    expect(isRetryable({ status: 500, data: {} })).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(isRetryable({ status, data: {} })).toBe(false);
    expect(isRetryable({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'bad json' })).toBe(
      false,
    );
  });
});
