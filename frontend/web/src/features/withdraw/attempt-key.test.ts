import { AttemptKeys, endsAttempt, newAttemptKey } from './attempt-key';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('one Idempotency-Key per withdrawal attempt', () => {
  it('the same attempt (double click, retry) keeps its key', () => {
    const keys = new AttemptKeys(counter());
    const request = { amount: 2000, type: 'withdrawal' as const };
    expect(keys.keyFor(request)).toBe('key-1');
    expect(keys.keyFor({ ...request })).toBe('key-1');
  });

  it('another amount or another balance is a new attempt', () => {
    const keys = new AttemptKeys(counter());
    expect(keys.keyFor({ amount: 2000, type: 'withdrawal' })).toBe('key-1');
    expect(keys.keyFor({ amount: 2500, type: 'withdrawal' })).toBe('key-2');
    expect(keys.keyFor({ amount: 2500, type: 'activityWithdrawal' })).toBe('key-3');
    // Going back to an earlier amount is still a new attempt, not the old one.
    expect(keys.keyFor({ amount: 2000, type: 'withdrawal' })).toBe('key-4');
  });

  it('another PIN for the same amount is a new attempt (the server refuses a key with another body)', () => {
    const keys = new AttemptKeys(counter());
    expect(keys.keyFor({ amount: 2000, type: 'withdrawal', pin: '1111' })).toBe('key-1');
    expect(keys.keyFor({ amount: 2000, type: 'withdrawal', pin: '1111' })).toBe('key-1');
    expect(keys.keyFor({ amount: 2000, type: 'withdrawal', pin: '1234' })).toBe('key-2');
  });

  it('after an answer, the same amount again is a new withdrawal', () => {
    const keys = new AttemptKeys(counter());
    const request = { amount: 2000, type: 'withdrawal' as const };
    expect(keys.keyFor(request)).toBe('key-1');
    keys.finish();
    expect(keys.keyFor(request)).toBe('key-2');
  });

  it('a refusal ends the attempt; an unknown outcome or a request still running does not', () => {
    expect(endsAttempt({ status: 400, data: {} })).toBe(true);
    expect(endsAttempt({ status: 422, data: {} })).toBe(true);
    expect(endsAttempt({ status: 409, data: {} })).toBe(false);
    expect(endsAttempt({ status: 500, data: {} })).toBe(false);
    expect(endsAttempt({ status: 'FETCH_ERROR', error: 'offline' })).toBe(false);
    expect(endsAttempt({ status: 'TIMEOUT_ERROR', error: 'slow' })).toBe(false);
  });

  it('makes random UUIDs', () => {
    const a = newAttemptKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newAttemptKey()).not.toBe(a);
  });
});
