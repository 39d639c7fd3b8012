import {
  SETTINGS_MESSAGES as M,
  accountNumberInput,
  bankDetailsChanged,
  bankFieldOf,
  pinInput,
  profileChanges,
  validateAccountDeletion,
  validateBankDetails,
  validatePasswordChange,
  validatePinChange,
  validateProfile,
} from './validation';

const profile = { firstName: 'Ada', lastName: 'Okafor', phone: '08031234567', email: 'ada@demo.kobo.ng' };
const bank = {
  bankCode: '50211',
  bankName: 'Kuda Bank',
  accountNum: '0123456789',
  accountName: 'Ada Okafor',
};
const banks = [
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Opay Bank', code: '999992' },
];

describe('profile', () => {
  it('accepts a complete profile', () => {
    expect(validateProfile(profile)).toBeNull();
  });

  it('needs all four fields, blanks included, and names the empty ones', () => {
    expect(validateProfile({ ...profile, lastName: '  ', phone: '' })).toEqual({
      message: 'Please fill in all fields before updating.',
      fields: ['lastName', 'phone'],
    });
  });

  it('refuses an email that is not an address', () => {
    expect(validateProfile({ ...profile, email: 'ada.demo' })).toEqual({
      message: M.invalidEmail,
      fields: ['email'],
    });
  });

  it('sends only the changed fields, trimmed', () => {
    expect(profileChanges(profile, { ...profile, phone: ' 08039999999 ' })).toEqual({ phone: '08039999999' });
    expect(profileChanges(profile, { ...profile, firstName: 'Ada ' })).toEqual({});
  });
});

describe('bank details', () => {
  it("accepts a bank from the server's list with a 10-digit number and a name", () => {
    expect(validateBankDetails(bank, banks)).toBeNull();
  });

  it('needs all three fields', () => {
    expect(validateBankDetails({ ...bank, accountName: '' }, banks)).toEqual({
      message: 'Please fill in all bank details before updating.',
      fields: ['accountName'],
    });
    expect(
      validateBankDetails({ bankCode: '', bankName: '', accountNum: '', accountName: '' }, banks)?.fields,
    ).toEqual(['bankCode', 'accountNum', 'accountName']);
  });

  it('needs a bank from the list and a 10-digit account number', () => {
    expect(validateBankDetails({ ...bank, bankCode: '000' }, banks)?.message).toBe(M.bankNotInList);
    expect(validateBankDetails({ ...bank, accountNum: '012345678' }, banks)?.message).toBe(
      M.accountNumberDigits,
    );
  });

  it('keeps only digits, at most 10, in the account number', () => {
    expect(accountNumberInput('0123-456 789012')).toBe('0123456789');
  });

  it('tells a change from the saved details', () => {
    expect(bankDetailsChanged(bank, { ...bank })).toBe(false);
    expect(bankDetailsChanged(bank, { ...bank, bankCode: '999992', bankName: 'Opay Bank' })).toBe(true);
  });

  it("finds the form's field in the server's field names", () => {
    expect(bankFieldOf('bankDetails.accountNum')).toBe('accountNum');
    expect(bankFieldOf('accountNumber')).toBe('accountNum');
    expect(bankFieldOf('bankDetails.bankName')).toBe('bankCode');
    expect(bankFieldOf('bankCode')).toBe('bankCode');
    expect(bankFieldOf('currentPassword')).toBeNull();
  });
});

describe('transaction PIN', () => {
  const ok = { pin: '4821', confirmPin: '4821', currentPassword: 'password123' };

  it('takes 4 digits, typed twice the same, and the current password', () => {
    expect(validatePinChange(ok)).toBeNull();
    expect(validatePinChange({ ...ok, pin: '482', confirmPin: '482' })).toEqual({
      message: 'Enter your 4-digit transaction PIN.',
      fields: ['pin'],
    });
    expect(validatePinChange({ ...ok, confirmPin: '4812' })?.fields).toEqual(['confirmPin']);
    expect(validatePinChange({ ...ok, currentPassword: '' })?.fields).toEqual(['currentPassword']);
  });

  it('keeps only digits, at most 4', () => {
    expect(pinInput('4a8-21 9')).toBe('4821');
  });
});

describe('password change', () => {
  const ok = { currentPassword: 'password123', newPassword: 'secret99', confirmPassword: 'secret99' };

  it('accepts matching new passwords of 6 characters or more', () => {
    expect(validatePasswordChange(ok)).toBeNull();
    expect(validatePasswordChange({ ...ok, newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });

  it('says when the new passwords differ', () => {
    expect(validatePasswordChange({ ...ok, confirmPassword: 'secret98' })?.message).toBe(
      'New passwords do not match!',
    );
  });

  it('says when the new password is too short', () => {
    expect(validatePasswordChange({ ...ok, newPassword: 'abcde', confirmPassword: 'abcde' })?.message).toBe(
      'Password must be at least 6 characters!',
    );
  });

  it('needs the current password', () => {
    expect(validatePasswordChange({ ...ok, currentPassword: '' })?.fields).toEqual(['currentPassword']);
  });
});

describe('account deletion', () => {
  it('needs the password, then the confirmation', () => {
    expect(validateAccountDeletion({ password: '', confirmed: true })?.message).toBe(
      'Please enter your password to delete account!',
    );
    expect(validateAccountDeletion({ password: 'password123', confirmed: false })?.message).toBe(
      'Please confirm that you want to delete your account!',
    );
    expect(validateAccountDeletion({ password: 'password123', confirmed: true })).toBeNull();
  });
});
