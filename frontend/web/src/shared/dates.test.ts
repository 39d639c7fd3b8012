import { formatDate, formatDateTime, formatTime } from './dates';

describe('dates', () => {
  const afternoon = new Date(2026, 10, 27, 14, 5).toISOString();
  const morning = new Date(2026, 0, 5, 9, 7).toISOString();

  it("read day, short month and year, en-NG, in the reader's zone", () => {
    expect(formatDate(afternoon)).toBe('27 Nov 2026');
    expect(formatDate(morning)).toBe('5 Jan 2026');
  });

  it('add the time on a 24-hour clock', () => {
    expect(formatDateTime(afternoon)).toBe('27 Nov 2026, 14:05');
    expect(formatDateTime(morning)).toBe('5 Jan 2026, 09:07');
    expect(formatTime(afternoon)).toBe('14:05');
  });
});
