import { activityMinimumNote, activityToGo } from './activity-minimum';

describe('the activity balance minimum in words', () => {
  it('says the minimum and how much is left', () => {
    expect(activityMinimumNote(500, 40000)).toBe('Withdrawable from ₦40,000: ₦39,500 to go');
    expect(activityMinimumNote(0, 40000)).toBe('Withdrawable from ₦40,000: ₦40,000 to go');
  });

  it('keeps the kobo of what is left', () => {
    expect(activityMinimumNote(500.5, 40000)).toBe('Withdrawable from ₦40,000: ₦39,499.50 to go');
    expect(activityToGo(39999.99, 40000)).toBe(0.01);
  });

  it('says it is ready once the minimum is reached', () => {
    expect(activityToGo(40000, 40000)).toBeNull();
    expect(activityMinimumNote(40000, 40000)).toBe('Withdrawable from ₦40,000: ready to withdraw');
    expect(activityMinimumNote(52000, 40000)).toBe('Withdrawable from ₦40,000: ready to withdraw');
  });

  it('tells nothing of the balance while the balances are hidden', () => {
    expect(activityMinimumNote(500, 40000, { hidden: true })).toBe('Withdrawable from ₦40,000');
  });
});
