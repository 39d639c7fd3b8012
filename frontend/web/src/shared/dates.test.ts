import { formatAdminDate } from './dates';

describe('the admin date', () => {
  it("reads MM-DD-YYYY in the reader's zone", () => {
    expect(formatAdminDate(new Date(2026, 0, 5, 12).toISOString())).toBe('01-05-2026');
    expect(formatAdminDate(new Date(2026, 10, 23, 0, 30).toISOString())).toBe('11-23-2026');
  });
});
