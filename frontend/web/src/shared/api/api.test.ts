import { attemptTimeoutMs, isRetryable, MAX_RETRIES, mayRetry, READ_DEADLINE_MS, retryDelayMs } from './api';

describe('the retry policy of reads (docs/product/user-site.md#how-things-change)', () => {
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

describe('the deadline of a read', () => {
  it('retries a quick failure while a retry can still finish within 10 s', () => {
    expect(mayRetry(1, 400)).toBe(true); // 0.4 s + 1 s wait + 3 s attempt
    expect(mayRetry(2, 1_800)).toBe(true); // 1.8 s + 2 s + 3 s
    expect(mayRetry(3, 4_200)).toBe(false); // 4.2 s + 4 s + 3 s > 10 s: say so now
  });

  it('does not retry a read that already waited out its deadline', () => {
    expect(mayRetry(1, READ_DEADLINE_MS)).toBe(false);
  });

  it("gives each attempt what is left of the read's 10 s", () => {
    expect(READ_DEADLINE_MS).toBe(10_000);
    expect(attemptTimeoutMs(0)).toBe(10_000);
    expect(attemptTimeoutMs(3_500)).toBe(6_500);
    expect(attemptTimeoutMs(9_900)).toBe(1_000);
  });
});
