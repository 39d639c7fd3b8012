/** The signed-in user's dashboard and profile: GET /users/dashboard, PUT /users/profile. */
import { bankCodeOf, bankNameKey, currentUser, type Bank, type UserState } from '@kobo/ledger';
import { findDashboard } from '@kobo/projector';
import type { ApiContext } from '../../context';
import { defineRoute, HttpProblem, principalActor } from '../../http';
import { passwordMatches } from '../../accounts/password-hashing';
import { credentialsByUserId } from '../auth/queries';
import { followEmailChange } from '../../accounts/email-change';
import { hasTransactionPin } from '../../accounts/transaction-pin';
import { checkBankAccount } from '../banks/account-check';
import {
  dashboardSchema,
  messages,
  profileUpdateBody,
  profileUpdatedSchema,
  type ProfileUpdateBody,
} from './schemas';
import { dashboardView, profileOfUser } from './views';

const tags = ['user area'];

type BankDetailsBody = NonNullable<ProfileUpdateBody['bankDetails']>;

/** The bank the request names: by code, or by its name alone (the web app's older form). */
async function bankOf(ctx: ApiContext, body: BankDetailsBody): Promise<Bank> {
  const banks = await ctx.banks.listBanks();
  const field = body.bankCode !== undefined ? 'bankDetails.bankCode' : 'bankDetails.bankName';
  const bank =
    body.bankCode !== undefined
      ? banks.find((b) => b.code === body.bankCode)
      : banks.find((b) => bankNameKey(b.name) === bankNameKey(body.bankName!));
  const namesAnother =
    bank && body.bankCode !== undefined && body.bankName !== undefined
      ? bankNameKey(bank.name) !== bankNameKey(body.bankName)
      : false;
  if (!bank || namesAnother)
    throw new HttpProblem('validation', messages.bankNotListed, {
      [namesAnother ? 'bankDetails.bankName' : field]: messages.bankNotListed,
    });
  return bank;
}

/** The bank from the list and a 10-digit number, or the 400 that says which is wrong. */
async function listedBank(ctx: ApiContext, body: BankDetailsBody): Promise<Bank> {
  const bank = await bankOf(ctx, body);
  if (!/^\d{10}$/.test(body.accountNum))
    throw new HttpProblem('validation', messages.accountNumber, {
      'bankDetails.accountNum': messages.accountNumber,
    });
  return bank;
}

/**
 * The bank details to save: the bank from the list, the number checked by the bank directory and
 * the account name the bank holds when the directory can ask (else the one typed). Checked before
 * any command runs, so a request never half-applies (profile saved, bank refused).
 */
async function bankDetailsToSave(ctx: ApiContext, body: BankDetailsBody) {
  const bank = await listedBank(ctx, body);
  const check = await checkBankAccount(ctx.banks, bank.code, body.accountNum, {
    bankCode: 'bankDetails.bankCode',
    accountNumber: 'bankDetails.accountNum',
  });
  const typed = body.accountName;
  if (check.checked && check.accountName !== null)
    return {
      bankCode: bank.code,
      bankName: bank.name,
      accountNum: body.accountNum,
      accountName: check.accountName,
      nameCheck: 'resolved' as const,
      /** The typed name was not the bank's: the answer says so. */
      replacedName: typed !== undefined && sameName(typed, check.accountName) ? undefined : check.accountName,
    };
  if (typed === undefined)
    throw new HttpProblem('validation', messages.bankFields, {
      'bankDetails.accountName': messages.bankFields,
    });
  return {
    bankCode: bank.code,
    bankName: bank.name,
    accountNum: body.accountNum,
    accountName: typed,
    nameCheck: 'unchecked' as const,
    replacedName: undefined,
  };
}

/** Names equal but for case and spacing ("Chidi  okafor" is the bank's "CHIDI OKAFOR"). */
const sameName = (a: string, b: string) => bankNameKey(a) === bankNameKey(b);

type SavedBank = { bankCode: string; accountNum: string; accountName?: string };

/** Whether these bank details differ from the user's (the name only when one is given). */
function bankChanges(user: UserState, bank: SavedBank): boolean {
  const current = user.bankDetails;
  if (!current) return true;
  return (
    bankCodeOf(current) !== bank.bankCode ||
    current.accountNum !== bank.accountNum ||
    (bank.accountName !== undefined && current.accountName !== bank.accountName)
  );
}

/** Changing where money goes or who signs in is what a stolen token would do first. */
function emailChanges(user: UserState, body: ProfileUpdateBody): boolean {
  return body.email !== undefined && body.email.trim().toLowerCase() !== user.email.trim().toLowerCase();
}

async function checkCurrentPassword(ctx: ApiContext, userId: string, password: string | undefined) {
  if (!password)
    throw new HttpProblem('validation', messages.currentPasswordNeeded, {
      currentPassword: messages.currentPasswordNeeded,
    });
  const credentials = await credentialsByUserId(ctx.pool, userId);
  if (!credentials || !(await passwordMatches(credentials.password_hash, password)))
    throw new HttpProblem('validation', messages.currentPasswordWrong, {
      currentPassword: messages.currentPasswordWrong,
    });
}

/** The email a profile update recorded (normalised by the ledger), if it changed one. */
export const profileRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/users/dashboard',
    summary: "The signed-in user's balances, totals, profile and withdrawal rules",
    tags,
    access: ['user'],
    responses: {
      200: { description: 'The dashboard', schema: dashboardSchema },
      404: { description: 'The account does not exist (or was deleted)', problem: true },
    },
    handler: async ({ principal }) => {
      const [row, hasPin] = await Promise.all([
        findDashboard(ctx.pool, principal.userId),
        hasTransactionPin(ctx.pool, principal.userId),
      ]);
      if (!row) throw new HttpProblem('not_found', messages.userNotFound);
      return dashboardView({ ...row, has_pin: hasPin }, ctx.config.money);
    },
  }),

  defineRoute({
    method: 'put',
    path: '/users/profile',
    summary: 'Update the profile (firstName, lastName, email, phone) and/or the bank details',
    description:
      'Changing the email, or setting or changing the bank details, needs `currentPassword`. The old ' +
      'address is told of an email change; withdrawals wait BANK_CHANGE_HOLD_HOURS (default 24) after ' +
      'bank details change (not when first set). `bankDetails` names the bank by `bankCode` (GET /banks) ' +
      'or by `bankName`; with a payout provider the account name stored is the one the bank holds ' +
      '(`accountName` may be left out; a different one typed is replaced, and the message says so).',
    tags,
    access: ['user'],
    body: profileUpdateBody,
    responses: {
      200: { description: 'Updated; the profile as it now is', schema: profileUpdatedSchema },
      400: {
        description:
          'A field is empty or invalid, the bank is not in the list, the account number cannot be one at ' +
          'that bank, or the current password is missing or wrong',
        problem: true,
      },
      422: { description: 'The bank has no account with this number (payout provider)', problem: true },
      503: { description: 'The bank could not be asked about the account just now', problem: true },
      404: { description: 'The account does not exist (or was deleted)', problem: true },
      409: { description: 'The email belongs to another account', problem: true },
    },
    handler: async ({ body, principal, req }) => {
      const { bankDetails, currentPassword, ...fields } = body;
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as Omit<ProfileUpdateBody, 'bankDetails' | 'currentPassword'>;
      const profileGiven = Object.keys(changes).length > 0;
      if (!profileGiven && !bankDetails) throw new HttpProblem('validation', messages.profileFields);

      const userId = principal.userId;
      const user = await currentUser(ctx.store, userId);
      if (user.existence !== 'registered') throw new HttpProblem('not_found', messages.userNotFound);
      // The password before the bank is asked whose account a number is; a change the bank's
      // answer alone makes (its name for the same account) is checked after.
      let passwordChecked = false;
      const bankListed = bankDetails && (await listedBank(ctx, bankDetails));
      if (
        emailChanges(user, body) ||
        (bankDetails && bankListed && bankChanges(user, { ...bankDetails, bankCode: bankListed.code }))
      ) {
        await checkCurrentPassword(ctx, userId, currentPassword);
        passwordChecked = true;
      }
      const bank = bankDetails && (await bankDetailsToSave(ctx, bankDetails));
      if (bank && !passwordChecked && bankChanges(user, bank))
        await checkCurrentPassword(ctx, userId, currentPassword);

      const meta = { actor: principalActor(principal), correlationId: String(req.id) };
      let position = 0;
      if (profileGiven) {
        const result = await ctx.commands.updateProfile({ userId, ...changes }, meta);
        position = Math.max(position, result.lastPosition);
        await followEmailChange(ctx, user, result.events);
      }
      if (bank) {
        const { bankCode, bankName, accountNum, accountName, nameCheck } = bank;
        const result = await ctx.commands.updateBankDetails(
          { userId, bankCode, bankName, accountNum, accountName, nameCheck },
          meta,
        );
        position = Math.max(position, result.lastPosition);
      }
      // The next read of the dashboard sees the change (read-your-writes); this answer is the
      // ledger's own, so a saved change never answers 404 while the users read model is behind.
      await ctx.writes.caughtUpTo(position, ['users']);
      return {
        message: bank?.replacedName
          ? messages.bankUpdatedWithBanksName(bank.replacedName)
          : profileGiven
            ? messages.profileUpdated
            : messages.bankUpdated,
        profile: profileOfUser(
          await currentUser(ctx.store, userId),
          await hasTransactionPin(ctx.pool, userId),
        ),
      };
    },
  }),
];
