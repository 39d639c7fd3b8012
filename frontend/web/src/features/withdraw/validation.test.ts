import { ENTER_AMOUNT, INVALID_AMOUNT, checkWithdrawalAmount, minimumFor } from './validation';

const rules = { minAccount: 2000, minActivity: 40000, fee: 0 };

describe('withdrawal amount, account balance', () => {
  const check = (text: string, balance = 15965) => checkWithdrawalAmount(text, 'withdrawal', balance, rules);

  it('accepts the minimum exactly and the whole balance exactly', () => {
    expect(check('2000')).toEqual({ ok: true, amount: 2000 });
    expect(check('15,965.00')).toEqual({ ok: true, amount: 15965 });
    expect(check('₦ 2,000.50')).toEqual({ ok: true, amount: 2000.5 });
  });

  it('refuses a kobo under the minimum with the exact message', () => {
    expect(check('1999.99')).toEqual({ ok: false, message: 'Minimum withdrawal amount is ₦2,000' });
    expect(check('0.5')).toEqual({ ok: false, message: 'Minimum withdrawal amount is ₦2,000' });
  });

  it('refuses a kobo over the balance with the exact message', () => {
    expect(check('15965.01')).toEqual({ ok: false, message: 'Insufficient balance' });
  });

  it('names the minimum before the balance when both fail', () => {
    expect(check('1500', 1000)).toEqual({ ok: false, message: 'Minimum withdrawal amount is ₦2,000' });
  });

  it('refuses what is not an amount', () => {
    expect(check('')).toEqual({ ok: false, message: ENTER_AMOUNT });
    expect(check('   ')).toEqual({ ok: false, message: ENTER_AMOUNT });
    for (const text of ['abc', '-2000', '2000.123', '0', '1000000000.01'])
      expect(check(text, 2e9)).toEqual({ ok: false, message: INVALID_AMOUNT });
  });
});

describe('withdrawal amount, activity balance', () => {
  const check = (text: string, balance = 50000) =>
    checkWithdrawalAmount(text, 'activityWithdrawal', balance, rules);

  it('accepts the minimum exactly and the whole balance exactly', () => {
    expect(check('40000')).toEqual({ ok: true, amount: 40000 });
    expect(check('50000')).toEqual({ ok: true, amount: 50000 });
  });

  it('refuses under the minimum with the exact message', () => {
    expect(check('39999.99')).toEqual({ ok: false, message: 'Minimum withdrawal amount is ₦40,000' });
    expect(check('2000')).toEqual({ ok: false, message: 'Minimum withdrawal amount is ₦40,000' });
  });

  it('refuses over the activity balance with its own message', () => {
    expect(check('50000.01')).toEqual({ ok: false, message: 'Insufficient activity balance' });
  });
});

describe('withdrawal rules from the server', () => {
  it('reads the minimums from the rules, not from constants', () => {
    const other = { minAccount: 5000, minActivity: 10000, fee: 0 };
    expect(minimumFor('withdrawal', other)).toBe(5000);
    expect(minimumFor('activityWithdrawal', other)).toBe(10000);
    expect(checkWithdrawalAmount('4999', 'withdrawal', 1e6, other)).toEqual({
      ok: false,
      message: 'Minimum withdrawal amount is ₦5,000',
    });
    expect(checkWithdrawalAmount('10000', 'activityWithdrawal', 1e6, other)).toEqual({
      ok: true,
      amount: 10000,
    });
  });

  it('with a fee, the amount must be more than the fee', () => {
    const withFee = { minAccount: 0.01, minActivity: 0.01, fee: 50 };
    expect(checkWithdrawalAmount('50', 'withdrawal', 1e6, withFee)).toEqual({
      ok: false,
      message: 'The amount must be more than the ₦50 withdrawal fee.',
    });
    expect(checkWithdrawalAmount('50.01', 'withdrawal', 1e6, withFee)).toEqual({ ok: true, amount: 50.01 });
  });
});
