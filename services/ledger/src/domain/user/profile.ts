/** Registration and the user's own details: profile, bank details, password, role, status, deletion. */
import { Accounts, kobo, transfer } from '../../money';
import { bankByCode, bankCodeOf } from '../banks';
import { nubanValid } from '../nuban';
import { conflict, invalid } from '../errors';
import type {
  BankDetailsUpdated,
  PasswordChanged,
  UserDeleted,
  UserProfileUpdated,
  UserRegistered,
  UserRoleSet,
  UserStatusSet,
} from '../events';
import {
  emailProblem,
  nameProblem,
  normalizeEmail,
  phoneProblem,
  usernameProblem,
  USERNAME_MIN_LENGTH,
} from '../person';
import { capitalizeName, isBlank } from '../text';
import type {
  ChangePassword,
  DeleteUser,
  RegisterUser,
  SetUserRole,
  SetUserStatus,
  UpdateBankDetails,
  UpdateProfile,
} from './commands';
import { hasWithdrawalInProgress, requireUser } from './guards';
import type { UserState } from './state';

export const MIN_USERNAME_LENGTH = USERNAME_MIN_LENGTH;

export function registerUser(command: RegisterUser, state: UserState): UserRegistered[] {
  const d = command.data;
  const username = d.username.trim();
  const email = normalizeEmail(d.email);
  if (state.existence !== 'none') {
    // The same registration sent again is a retry.
    if (state.username === username && state.email === email) return [];
    throw conflict('This user is already registered.');
  }
  if (isBlank(d.firstName)) throw invalid('First name is required.', 'firstName');
  if (isBlank(d.lastName)) throw invalid('Last name is required.', 'lastName');
  refuse('firstName', nameProblem('firstName', d.firstName));
  refuse('lastName', nameProblem('lastName', d.lastName));
  refuse('username', usernameProblem(username));
  if (email === '') throw invalid('Email is required.', 'email');
  refuse('email', emailProblem(email));
  // Staff made at start-up have no phone number; anyone who gives one gives a real one.
  if (!isBlank(d.phone)) refuse('phone', phoneProblem(d.phone));
  if (isBlank(d.referralCode)) throw invalid('A referral code is required.', 'referralCode');
  // Staff accounts get no sign-up bonus.
  const signupBonus = d.role === 'user' ? d.rules.signupBonus : kobo(0);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: d.userId,
        firstName: capitalizeName(d.firstName),
        lastName: capitalizeName(d.lastName),
        username,
        email,
        phone: d.phone.trim(),
        role: d.role,
        referralCode: d.referralCode.trim(),
        referredBy: d.referredBy,
        ...(d.by ? { by: d.by } : {}),
        signupBonus,
        postings:
          signupBonus > 0
            ? transfer(Accounts.bonusExpense, Accounts.userActivity(d.userId), signupBonus)
            : [],
      },
    },
  ];
}

export function updateProfile(command: UpdateProfile, state: UserState): UserProfileUpdated[] {
  const { userId, ...given } = command.data;
  requireUser(state);
  const changes: Omit<UserProfileUpdated['data'], 'userId'> = {};
  for (const [field, value] of Object.entries(given) as [keyof typeof given, string | undefined][]) {
    if (value === undefined) continue;
    if (isBlank(value)) throw invalid('Please fill in all fields before updating.', field);
  }
  if (given.firstName !== undefined) {
    refuse('firstName', nameProblem('firstName', given.firstName));
    changes.firstName = capitalizeName(given.firstName);
  }
  if (given.lastName !== undefined) {
    refuse('lastName', nameProblem('lastName', given.lastName));
    changes.lastName = capitalizeName(given.lastName);
  }
  if (given.phone !== undefined) {
    refuse('phone', phoneProblem(given.phone));
    changes.phone = given.phone.trim();
  }
  if (given.email !== undefined) {
    refuse('email', emailProblem(given.email));
    changes.email = normalizeEmail(given.email);
  }
  // Only what actually changes is recorded; nothing changed is a no-op.
  for (const key of Object.keys(changes) as (keyof typeof changes)[])
    if (changes[key] === state[key]) delete changes[key];
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'UserProfileUpdated', data: { userId, ...changes } }];
}

/** A person's field refused by its rule (person.ts), with the rule's words. */
function refuse(field: string, problem: string | undefined): void {
  if (problem !== undefined) throw invalid(problem, field);
}

export const ACCOUNT_NUMBER_DIGITS = 10;

export function updateBankDetails(command: UpdateBankDetails, state: UserState): BankDetailsUpdated[] {
  const { userId } = command.data;
  requireUser(state);
  const bankCode = command.data.bankCode.trim();
  const accountNum = command.data.accountNum.trim();
  const accountName = command.data.accountName.trim();
  if (!bankCode || !accountNum || !accountName)
    throw invalid('Please fill in all bank details before updating.', 'bankDetails');
  // The list's name for a listed code; a payout provider's name for a bank only it lists.
  const bankName = bankByCode(bankCode)?.name ?? command.data.bankName?.trim();
  if (!bankName || !/^[0-9A-Za-z]{2,12}$/.test(bankCode))
    throw invalid('Please choose your bank from the list.', 'bankCode');
  // Nigerian account numbers (NUBAN) are 10 digits; a typo here would only show up as a failed payout.
  if (!new RegExp(`^\\d{${ACCOUNT_NUMBER_DIGITS}}$`).test(accountNum))
    throw invalid('Account number must be 10 digits.', 'accountNum');
  if (!nubanValid(bankCode, accountNum))
    throw invalid(`This account number is not valid for ${bankName}. Check it and try again.`, 'accountNum');
  const current = state.bankDetails;
  if (
    current &&
    bankCodeOf(current) === bankCode &&
    current.accountNum === accountNum &&
    current.accountName === accountName
  )
    return [];
  const nameCheck = command.data.nameCheck ?? 'unchecked';
  return [
    {
      type: 'BankDetailsUpdated',
      data: {
        userId,
        bankDetails: { bankName, accountNum, accountName, bankCode, nameCheck },
        changedAt: command.data.now,
      },
    },
  ];
}

export function changePassword(command: ChangePassword, state: UserState): PasswordChanged[] {
  requireUser(state);
  return [{ type: 'PasswordChanged', data: { userId: command.data.userId } }];
}

export function setUserRole(command: SetUserRole, state: UserState): UserRoleSet[] {
  requireUser(state);
  if (state.role === command.data.role) return [];
  return [{ type: 'UserRoleSet', data: { userId: command.data.userId, role: command.data.role } }];
}

export function setUserStatus(command: SetUserStatus, state: UserState): UserStatusSet[] {
  requireUser(state);
  if (state.status === command.data.status) return [];
  return [{ type: 'UserStatusSet', data: { ...command.data } }];
}

export function deleteUser(command: DeleteUser, state: UserState): UserDeleted[] {
  if (state.existence === 'deleted') return [];
  requireUser(state);
  // A hold or a queued payout must reach its end first, or its money would be stranded.
  if (hasWithdrawalInProgress(state))
    throw conflict(
      'A withdrawal is still being processed; the account can be deleted once it is paid or rejected.',
    );
  // The person's withdrawals are named so that the read models forget their bank details too.
  const withdrawalIds = [...state.withdrawals.keys()];
  const { userId, by, reason } = command.data;
  return [
    { type: 'UserDeleted', data: { userId, by, withdrawalIds, ...(reason !== undefined && { reason }) } },
  ];
}
