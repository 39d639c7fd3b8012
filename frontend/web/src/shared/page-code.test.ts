import { isPageCodeError, PageCodeError, RELOAD_WINDOW_MS, shouldReload } from './page-code';

describe('page code that could not be downloaded', () => {
  it("tells the browsers' and Vite's download failures from bugs", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://kobo.ng/assets/HistoryPage-x.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/HistoryPage-x.css',
    ])
      expect(isPageCodeError(new TypeError(message))).toBe(true);
    expect(isPageCodeError(new PageCodeError(new Error('x')))).toBe(true);
    expect(isPageCodeError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isPageCodeError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once when online, not again right after, and never offline', () => {
    const now = 1_000_000;
    expect(shouldReload(true, null, now)).toBe(true);
    expect(shouldReload(true, now - 1000, now)).toBe(false);
    expect(shouldReload(true, now - RELOAD_WINDOW_MS, now)).toBe(true);
    expect(shouldReload(false, null, now)).toBe(false);
  });
});
