import { labelledDays, niceAxis, shortDay, summarise } from './scale';

describe("the overview charts' scale", () => {
  it('rounds the axis up to a tidy step, whole numbers for counts', () => {
    expect(niceAxis(111_500)).toEqual({ top: 150_000, step: 50_000 });
    expect(niceAxis(10_000)).toEqual({ top: 10_000, step: 2_500 });
    expect(niceAxis(2, 4, true)).toEqual({ top: 2, step: 1 });
    expect(niceAxis(9, 4, true)).toEqual({ top: 9, step: 3 });
    expect(niceAxis(0)).toEqual({ top: 4, step: 1 });
  });

  it('labels a few days, always the last one', () => {
    expect(labelledDays(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledDays(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledDays(0, 6)).toEqual([]);
  });

  it("shows the server's Lagos date as that day", () => {
    expect(shortDay('2026-11-23')).toBe('23 Nov');
    expect(shortDay('2026-01-01')).toBe('1 Jan');
  });

  it('summarises a series: total, peak and its day, the last value', () => {
    expect(summarise('Money in', ['2026-11-21', '2026-11-22', '2026-11-23'], [5, 20, 10])).toEqual({
      label: 'Money in',
      total: 35,
      peak: 20,
      peakDate: '2026-11-22',
      last: 10,
    });
    expect(summarise('Money out', ['2026-11-23'], [0]).peakDate).toBeNull();
  });
});
