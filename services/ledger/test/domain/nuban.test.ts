import { bankByCode, bankByName, bankCodeOf, BANKS, isBank, SPEC_BANKS } from '../../src/domain/banks';
import { institutionCode, nubanCheckDigit, nubanChecked, nubanValid } from '../../src/domain/nuban';

describe('the NUBAN check digit', () => {
  it("gives the CBN's worked examples (First Bank, serials 000001457 and 000000022)", () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(nubanCheckDigit('011', '000000022')).toBe(0);
  });

  it("pads codes to the 2020 revision's 6 digits: 000 before a bank's 3, 9 before an institution's 5", () => {
    expect(institutionCode('044')).toBe('000044');
    expect(institutionCode('50211')).toBe('950211');
    expect(institutionCode('090267')).toBe('090267');
    expect(() => institutionCode('MFB50992')).toThrow();
    // The leading 9 weighs in: the same serial at a 5-digit institution gets another digit.
    expect(nubanCheckDigit('00211', '123456789')).not.toBe(nubanCheckDigit('211', '123456789'));
  });

  it('checks numbers at deposit money banks against the digit', () => {
    expect(nubanValid('044', '0123456784')).toBe(true);
    expect(nubanValid('044', '0123456789')).toBe(false);
    expect(nubanValid('057', '2233445568')).toBe(true);
    expect(nubanValid('057', '2233445566')).toBe(false);
    expect(nubanValid('011', '0000014579')).toBe(true);
  });

  it('does not check wallets and microfinance banks whose numbers are phone numbers', () => {
    for (const code of ['999992', '999991', '50515', '50211', '51318']) {
      expect(nubanChecked(code)).toBe(false);
      expect(nubanValid(code, '8031234567')).toBe(true);
    }
  });

  it('refuses ten identical digits everywhere, and anything but 10 digits', () => {
    expect(nubanValid('044', '0000000000')).toBe(false);
    expect(nubanValid('999992', '7777777777')).toBe(false);
    expect(nubanValid('999992', '803123456')).toBe(false);
    expect(nubanValid('999992', '80312345a7')).toBe(false);
  });
});

describe('the bank list', () => {
  it("keeps the spec's 20 names exactly, each with Paystack's code", () => {
    expect(SPEC_BANKS.map((b) => b.name)).toEqual([
      'Access Bank',
      'Citibank Nigeria',
      'Ecobank Nigeria',
      'Fidelity Bank',
      'Fairmoney Bank',
      'First Bank of Nigeria',
      'Guaranty Trust Bank',
      'Keystone Bank',
      'Kuda Bank',
      'Moniepoint Bank',
      'Opay Bank',
      'PalmPay Bank',
      'Polaris Bank',
      'Stanbic IBTC Bank',
      'Sterling Bank',
      'Union Bank of Nigeria',
      'United Bank for Africa',
      'Unity Bank',
      'Wema Bank',
      'Zenith Bank',
    ]);
    expect(bankByName('Opay Bank')?.code).toBe('999992');
    expect(bankByName('Kuda Bank')?.code).toBe('50211');
  });

  it('has one bank per code and per name', () => {
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
    expect(new Set(BANKS.map((b) => b.name.toLowerCase())).size).toBe(BANKS.length);
  });

  it('finds a bank by code, and by name whatever the case and spacing', () => {
    expect(bankByCode('058')?.name).toBe('Guaranty Trust Bank');
    expect(bankByCode('000')).toBeUndefined();
    expect(bankByName('  guaranty   TRUST bank ')?.code).toBe('058');
    expect(bankByName('Bank of Nowhere')).toBeUndefined();
    expect(isBank('Zenith Bank')).toBe(true);
    expect(isBank('zenith bank')).toBe(false);
  });

  it('gives the code of details stored before codes were kept from their name', () => {
    expect(bankCodeOf({ bankName: 'Zenith Bank' })).toBe('057');
    expect(bankCodeOf({ bankName: 'Bowen Microfinance Bank', bankCode: '50931' })).toBe('50931');
  });
});
