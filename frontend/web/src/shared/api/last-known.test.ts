import {
  asOfLabel,
  clearLastKnown,
  ENTRIES_PER_ENDPOINT,
  formatClock,
  LAST_KNOWN_STORAGE_KEY,
  lastKnownOwner,
  readLastKnown,
  saveLastKnown,
  type LastKnownEntry,
} from './last-known';

const at = new Date(2026, 10, 23, 14, 5).getTime();
const entry = (overrides: Partial<LastKnownEntry> = {}): LastKnownEntry => ({
  queryCacheKey: 'getDashboard(undefined)',
  endpointName: 'getDashboard',
  originalArgs: undefined,
  data: { username: 'ada', accountBalance: 1500 },
  at,
  ...overrides,
});

beforeEach(() => localStorage.clear());

describe('last-known data on the device', () => {
  it('is kept under the signed-in user and read back by that user only', () => {
    saveLastKnown('user-a', entry());
    expect(readLastKnown('user-a')).toEqual([entry()]);
    expect(readLastKnown('user-b')).toEqual([]);
    expect(lastKnownOwner()).toBe('user-a');
  });

  it("drops the earlier account's answers when another account's are saved", () => {
    saveLastKnown('user-a', entry());
    saveLastKnown('user-b', entry({ data: { username: 'bola' } }));
    expect(readLastKnown('user-a')).toEqual([]);
    expect(readLastKnown('user-b')).toEqual([entry({ data: { username: 'bola' } })]);
    expect(localStorage.getItem(LAST_KNOWN_STORAGE_KEY)).not.toContain('ada');
  });

  it('keeps the newest answer per cache key, and a few entries per read', () => {
    saveLastKnown('user-a', entry({ at: at - 1000, data: { username: 'old' } }));
    saveLastKnown('user-a', entry());
    expect(readLastKnown('user-a')).toEqual([entry()]);
    for (let page = 1; page <= ENTRIES_PER_ENDPOINT + 2; page += 1)
      saveLastKnown(
        'user-a',
        entry({
          endpointName: 'getAdminUsers',
          queryCacheKey: `getAdminUsers({"page":${page}})`,
          at: at + page,
        }),
      );
    const users = readLastKnown('user-a').filter((kept) => kept.endpointName === 'getAdminUsers');
    expect(users.map((kept) => kept.queryCacheKey)).toEqual([
      'getAdminUsers({"page":5})',
      'getAdminUsers({"page":4})',
      'getAdminUsers({"page":3})',
    ]);
  });

  it('keeps only the chosen reads (never a withdrawal form, a PIN or a proof link)', () => {
    saveLastKnown('user-a', entry({ endpointName: 'getProofLink', queryCacheKey: 'getProofLink("k")' }));
    expect(readLastKnown('user-a')).toEqual([]);
  });

  it('is cleared whole', () => {
    saveLastKnown('user-a', entry());
    clearLastKnown();
    expect(readLastKnown('user-a')).toEqual([]);
    expect(lastKnownOwner()).toBeNull();
  });

  it('survives a broken stored value', () => {
    localStorage.setItem(LAST_KNOWN_STORAGE_KEY, '{not json');
    expect(readLastKnown('user-a')).toEqual([]);
    saveLastKnown('user-a', entry());
    expect(readLastKnown('user-a')).toEqual([entry()]);
  });
});

describe('"as of"', () => {
  it('labels an answer from before the page started, with its time (en-NG, 24-hour)', () => {
    expect(asOfLabel(at, at + 60_000, at + 60_000)).toBe('as of 14:05');
    expect(formatClock(new Date(2026, 10, 23, 9, 7).getTime(), at)).toBe('09:07');
  });

  it('names the day when the answer is not from today', () => {
    expect(formatClock(new Date(2026, 10, 20, 18, 30).getTime(), at)).toMatch(/^20 Nov, 18:30$/);
  });

  it('says nothing of an answer the server gave during this visit', () => {
    expect(asOfLabel(at + 1, at)).toBeNull();
    expect(asOfLabel(undefined, at)).toBeNull();
  });
});
