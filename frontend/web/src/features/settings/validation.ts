/**
 * The settings forms' rules and texts (docs/product/user-site.md#form-rules, #messages), pure so they can be tested
 * alone. The server checks the same rules; these only spare a round trip.
 */
import { MIN_PASSWORD_LENGTH } from '../../shared/constants';

export const SETTINGS_MESSAGES = {
  profileRequired: 'Please fill in all fields before updating.',
  invalidEmail: 'Please enter a valid email address.',
  profileUpdated: 'Profile updated successfully!',
  profileFailed: 'An unknown error occured, please try again.', // sic: the spec's text
  profileFailedTitle: 'Error updating profile',
  bankRequired: 'Please fill in all bank details before updating.',
  bankNotInList: 'Please choose your bank from the list.',
  accountNumberDigits: 'Account number must be 10 digits.',
  bankUpdated: 'Bank details updated successfully!',
  bankFailed: 'Error updating bank details',
  currentPasswordRequired: 'Current password is required',
  /** The server's words (docs/product/settled-contradictions.md#sensitive-changes). */
  currentPasswordForChange: 'Please enter your current password to change your email or bank details.',
  passwordsDiffer: 'New passwords do not match!',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters!`,
  passwordUpdated: 'Password updated successfully!',
  passwordFailed: 'There was an error updating your password.',
  deletePasswordRequired: 'Please enter your password to delete account!',
  deleteNotConfirmed: 'Please confirm that you want to delete your account!',
  accountDeleted: 'Account deleted successfully!',
  deleteFailed: 'There was an error deleting your account.',
  deleteFailedTitle: 'Error deleting account',
  dataExportFailed: 'Your data could not be downloaded. Please check your connection and try again.',
  /** The bank picker and the name enquiry (docs/product/settled-contradictions.md#bank-details). */
  banksFailed: 'The list of banks could not be loaded.',
  nameChecking: 'Checking the account name with the bank...',
  nameConfirmed: 'Name confirmed by the bank',
  nameCheckFailed: 'The account name could not be checked. Please check your connection and try again.',
  /** The transaction PIN (docs/product/settled-contradictions.md#withdrawal-confirmation); the first is the server's words. */
  pinDigits: 'Enter your 4-digit transaction PIN.',
  pinsDiffer: 'The two PINs do not match.',
  pinFailed: 'Your transaction PIN could not be set.',
} as const;

/** A refusal: the sentence to show and the fields it is about (marked invalid on the form). */
export interface Refusal<Field extends string> {
  message: string;
  fields: Field[];
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}
export const PROFILE_FIELDS = ['firstName', 'lastName', 'phone', 'email'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateProfile(values: ProfileValues): Refusal<keyof ProfileValues> | null {
  const empty = PROFILE_FIELDS.filter((field) => !values[field].trim());
  if (empty.length > 0) return { message: SETTINGS_MESSAGES.profileRequired, fields: empty };
  if (!EMAIL.test(values.email.trim())) return { message: SETTINGS_MESSAGES.invalidEmail, fields: ['email'] };
  return null;
}

/** A new sign-in email (not just another case of the same one) needs the current password. */
export function emailChanged(saved: ProfileValues, values: ProfileValues): boolean {
  return values.email.trim().toLowerCase() !== saved.email.trim().toLowerCase();
}

/** Only the fields that differ from what is saved, trimmed: the server changes only what it is sent. */
export function profileChanges(saved: ProfileValues, values: ProfileValues): Partial<ProfileValues> {
  const changes: Partial<ProfileValues> = {};
  for (const field of PROFILE_FIELDS) {
    const value = values[field].trim();
    if (value !== saved[field]) changes[field] = value;
  }
  return changes;
}

export interface BankValues {
  /** The bank's code in the server's list (GET /api/banks). */
  bankCode: string;
  bankName: string;
  accountNum: string;
  /** The name the bank gave (name enquiry), or the one typed when it could not be checked. */
  accountName: string;
}
/** The fields a bank refusal can name (the bank is picked by its code). */
export const BANK_FIELDS = ['bankCode', 'accountNum', 'accountName'] as const;
export type BankField = (typeof BANK_FIELDS)[number];

export function validateBankDetails(
  values: BankValues,
  banks: readonly { code: string }[],
): Refusal<BankField> | null {
  const empty = BANK_FIELDS.filter((field) => !values[field].trim());
  if (empty.length > 0) return { message: SETTINGS_MESSAGES.bankRequired, fields: empty };
  if (!banks.some((bank) => bank.code === values.bankCode))
    return { message: SETTINGS_MESSAGES.bankNotInList, fields: ['bankCode'] };
  if (!/^\d{10}$/.test(values.accountNum.trim()))
    return { message: SETTINGS_MESSAGES.accountNumberDigits, fields: ['accountNum'] };
  return null;
}

export function bankDetailsChanged(saved: BankValues, values: BankValues): boolean {
  return BANK_FIELDS.some((field) => values[field].trim() !== saved[field]);
}

/**
 * The form field a server refusal names: the API names them inside the body (`bankDetails.accountNum`)
 * and the name enquiry by its query (`bankCode`, `accountNumber`).
 */
export function bankFieldOf(key: string): BankField | null {
  const name = key.replace(/^bankDetails\./, '');
  if (name === 'bankCode' || name === 'bankName') return 'bankCode';
  if (name === 'accountNum' || name === 'accountNumber') return 'accountNum';
  if (name === 'accountName') return 'accountName';
  return null;
}

/** Account numbers are typed as digits only, at most 10 (NUBAN). */
export function accountNumberInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 10);
}

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordChange(
  values: PasswordChangeValues,
): Refusal<keyof PasswordChangeValues> | null {
  if (!values.currentPassword)
    return { message: SETTINGS_MESSAGES.currentPasswordRequired, fields: ['currentPassword'] };
  if (values.newPassword !== values.confirmPassword)
    return { message: SETTINGS_MESSAGES.passwordsDiffer, fields: ['confirmPassword'] };
  if (values.newPassword.length < MIN_PASSWORD_LENGTH)
    return { message: SETTINGS_MESSAGES.passwordTooShort, fields: ['newPassword'] };
  return null;
}

export interface AccountDeletionValues {
  password: string;
  confirmed: boolean;
}

export function validateAccountDeletion(
  values: AccountDeletionValues,
): Refusal<keyof AccountDeletionValues> | null {
  if (!values.password) return { message: SETTINGS_MESSAGES.deletePasswordRequired, fields: ['password'] };
  if (!values.confirmed) return { message: SETTINGS_MESSAGES.deleteNotConfirmed, fields: ['confirmed'] };
  return null;
}

export interface PinValues {
  pin: string;
  confirmPin: string;
  currentPassword: string;
}

/** A PIN is typed as digits only, at most 4. */
export function pinInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4);
}

export function validatePinChange(values: PinValues): Refusal<keyof PinValues> | null {
  if (!/^\d{4}$/.test(values.pin)) return { message: SETTINGS_MESSAGES.pinDigits, fields: ['pin'] };
  if (values.confirmPin !== values.pin)
    return { message: SETTINGS_MESSAGES.pinsDiffer, fields: ['confirmPin'] };
  if (!values.currentPassword)
    return { message: SETTINGS_MESSAGES.currentPasswordRequired, fields: ['currentPassword'] };
  return null;
}
