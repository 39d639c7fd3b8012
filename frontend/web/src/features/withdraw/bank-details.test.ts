import { hasBankDetails, maskAccountNumber } from './bank-details';

describe('bank details on the withdrawal screen', () => {
  it('needs all three fields', () => {
    const full = { bankName: 'Kuda Bank', accountNum: '0123456789', accountName: 'Ada Obi' };
    expect(hasBankDetails(full)).toBe(true);
    expect(hasBankDetails({ ...full, bankName: '' })).toBe(false);
    expect(hasBankDetails({ ...full, accountNum: '  ' })).toBe(false);
    expect(hasBankDetails({ ...full, accountName: '' })).toBe(false);
    expect(hasBankDetails(undefined)).toBe(false);
  });

  it('shows only the last 4 digits of the account number', () => {
    expect(maskAccountNumber('0131234567')).toBe('••••••4567');
    expect(maskAccountNumber('4567')).toBe('4567');
  });
});
