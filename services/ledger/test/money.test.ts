/** The one kobo -> naira conversion for the API's JSON, and the money rules made from plain settings. */
import { moneyRules } from '../src/domain/money-rules';
import { kobo, koboToNaira } from '../src/money';

describe('koboToNaira', () => {
  it.each([
    [kobo(1), 0.01],
    [kobo(5), 0.05],
    [kobo(150), 1.5],
    [kobo(123456), 1234.56],
    [kobo(-1), -0.01],
    [kobo(-123456), -1234.56],
    [kobo(0), 0],
  ])('%d kobo is %d naira', (amount, naira) => {
    expect(koboToNaira(amount)).toBe(naira);
  });

  it('reads a database bigint, which arrives as text', () => {
    expect(koboToNaira('123456')).toBe(1234.56);
    expect(koboToNaira('-150')).toBe(-1.5);
  });

  it('prints as at most 2 decimals in JSON, for every kobo amount below ₦10,000', () => {
    for (let amount = -1_000_000; amount <= 1_000_000; amount += 1) {
      const text = JSON.stringify(koboToNaira(amount));
      const sign = amount < 0 ? '-' : '';
      const abs = Math.abs(amount);
      const cents = abs % 100;
      const expected =
        `${sign}${Math.floor(abs / 100)}` +
        (cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`);
      if (text !== (amount === 0 ? '0' : expected)) throw new Error(`${amount} kobo printed as ${text}`);
    }
  });

  it('refuses a fraction of a kobo rather than rounding it away', () => {
    expect(() => koboToNaira(12.5)).toThrow(RangeError);
    expect(() => koboToNaira('12.5')).toThrow(RangeError);
  });
});

describe('moneyRules', () => {
  it('brands the amounts and keeps the hold in hours', () => {
    const rules = moneyRules({
      signupBonus: 50_000,
      referralBonus: 20_000,
      minWithdrawalAccount: 200_000,
      minWithdrawalActivity: 4_000_000,
      withdrawalFee: 0,
      bankChangeHoldHours: 1.5,
    });
    expect(rules).toEqual({
      signupBonus: 50_000,
      referralBonus: 20_000,
      minWithdrawalAccount: 200_000,
      minWithdrawalActivity: 4_000_000,
      withdrawalFee: 0,
      bankChangeHoldHours: 1.5,
    });
  });

  it('refuses an amount that is not whole kobo', () => {
    const settings = { signupBonus: 1, referralBonus: 1, minWithdrawalAccount: 1, minWithdrawalActivity: 1 };
    expect(() => moneyRules({ ...settings, withdrawalFee: 0.5 })).toThrow(RangeError);
  });
});
