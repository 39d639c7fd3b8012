/** The signed-in user's dashboard and profile: GET /users/dashboard, PUT /users/profile. */
import { bankByName, isBank, type UserState, currentUser } from '@kobo/ledger';
import type { ApiContext } from '../../context';
import { defineRoute, HttpProblem, principalActor } from '../../http';
import { passwordMatches } from '../../accounts/password-hashing';
import { credentialsByUserId } from '../auth/queries';
import { followEmailChange } from '../../accounts/email-change';
import { findDashboard } from './queries';
import {
  dashboardSchema,
  messages,
  profileUpdateBody,
  profileUpdatedSchema,
  type ProfileUpdateBody,
} from './schemas';
import { dashboardView, profileOfUser } from './views';

const tags = ['user area'];

/** Checked before any command runs, so a request never half-applies (profile saved, bank refused). */
function checkBankDetails(bank: NonNullable<ProfileUpdateBody['bankDetails']>): void {
  if (!isBank(bank.bankName))
    throw new HttpProblem('validation', messages.bankNotListed, {
      'bankDetails.bankName': messages.bankNotListed,
    });
  if (!/^\d{10}$/.test(bank.accountNum))
    throw new HttpProblem('validation', messages.accountNumber, {
      'bankDetails.accountNum': messages.accountNumber,
    });
}

/** Changing where money goes or who signs in is what a stolen token would do first. */
function needsCurrentPassword(user: UserState, body: ProfileUpdateBody): boolean {
  const emailChanges =
    body.email !== undefined && body.email.trim().toLowerCase() !== user.email.trim().toLowerCase();
  const bank = body.bankDetails;
  const current = user.bankDetails;
  const bankChanges =
    bank !== undefined &&
    !(
      current &&
      current.bankName === bank.bankName &&
      current.accountNum === bank.accountNum &&
      current.accountName === bank.accountName
    );
  return emailChanges || bankChanges;
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
      const row = await findDashboard(ctx.pool, principal.userId);
      if (!row) throw new HttpProblem('not_found', messages.userNotFound);
      return dashboardView(row, ctx.config.money);
    },
  }),

  defineRoute({
    method: 'put',
    path: '/users/profile',
    summary: 'Update the profile (firstName, lastName, email, phone) and/or the bank details',
    description:
      'Changing the email, or setting or changing the bank details, needs `currentPassword`. The old ' +
      'address is told of an email change; withdrawals wait BANK_CHANGE_HOLD_HOURS (default 24) after ' +
      'bank details change (not when first set).',
    tags,
    access: ['user'],
    body: profileUpdateBody,
    responses: {
      200: { description: 'Updated; the profile as it now is', schema: profileUpdatedSchema },
      400: {
        description:
          'A field is empty or invalid, the bank is not in the list, or the current password is missing or wrong',
        problem: true,
      },
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
      if (bankDetails) checkBankDetails(bankDetails);

      const userId = principal.userId;
      const user = await currentUser(ctx.store, userId);
      if (user.existence !== 'registered') throw new HttpProblem('not_found', messages.userNotFound);
      if (needsCurrentPassword(user, body)) await checkCurrentPassword(ctx, userId, currentPassword);

      const meta = { actor: principalActor(principal), correlationId: String(req.id) };
      let position = 0;
      if (profileGiven) {
        const result = await ctx.commands.updateProfile({ userId, ...changes }, meta);
        position = Math.max(position, result.lastPosition);
        await followEmailChange(ctx, user, result.events);
      }
      if (bankDetails) {
        const bankCode = bankByName(bankDetails.bankName)?.code ?? '';
        const result = await ctx.commands.updateBankDetails({ userId, bankCode, ...bankDetails }, meta);
        position = Math.max(position, result.lastPosition);
      }
      // The next read of the dashboard sees the change (read-your-writes); this answer is the
      // ledger's own, so a saved change never answers 404 while the users read model is behind.
      await ctx.writes.caughtUpTo(position, ['users']);
      return {
        message: profileGiven ? messages.profileUpdated : messages.bankUpdated,
        profile: profileOfUser(await currentUser(ctx.store, userId)),
      };
    },
  }),
];
