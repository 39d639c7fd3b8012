/** The signed-in user's dashboard and profile: GET /users/dashboard, PUT /users/profile. */
import { isBank, type HandledEvent } from '@kobo/ledger';
import type { ApiContext } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import { updateSignInEmail } from '../../accounts/credentials';
import { findDashboard, findProfile } from './queries';
import {
  dashboardSchema,
  messages,
  profileUpdateBody,
  profileUpdatedSchema,
  type ProfileUpdateBody,
} from './schemas';
import { dashboardView, profileView } from './views';

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

/** The email a profile update recorded (normalised by the ledger), if it changed one. */
function emailChangedTo(events: readonly HandledEvent[]): string | undefined {
  for (const event of events)
    if (event.type === 'UserProfileUpdated') {
      const email = (event.data as { email?: unknown }).email;
      if (typeof email === 'string') return email;
    }
  return undefined;
}

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
    tags,
    access: ['user'],
    body: profileUpdateBody,
    responses: {
      200: { description: 'Updated; the profile as it now is', schema: profileUpdatedSchema },
      400: { description: 'A field is empty or invalid, or the bank is not in the list', problem: true },
      404: { description: 'The account does not exist (or was deleted)', problem: true },
      409: { description: 'The email belongs to another account', problem: true },
    },
    handler: async ({ body, principal, req }) => {
      const { bankDetails, ...fields } = body;
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as Omit<ProfileUpdateBody, 'bankDetails'>;
      const profileGiven = Object.keys(changes).length > 0;
      if (!profileGiven && !bankDetails) throw new HttpProblem('validation', messages.profileFields);
      if (bankDetails) checkBankDetails(bankDetails);

      const userId = principal.userId;
      const meta = { actor: userId, correlationId: String(req.id) };
      let position = 0;
      let newEmail: string | undefined;
      if (profileGiven) {
        const result = await ctx.commands.updateProfile({ userId, ...changes }, meta);
        position = Math.max(position, result.lastPosition);
        newEmail = emailChangedTo(result.events);
      }
      if (bankDetails) {
        const result = await ctx.commands.updateBankDetails({ userId, ...bankDetails }, meta);
        position = Math.max(position, result.lastPosition);
      }
      if (newEmail !== undefined) await updateSignInEmail(ctx.pool, userId, newEmail);
      await ctx.projectors.waitFor(position, ['users']);

      const row = await findProfile(ctx.pool, userId);
      if (!row) throw new HttpProblem('not_found', messages.userNotFound);
      return {
        message: profileGiven ? messages.profileUpdated : messages.bankUpdated,
        profile: profileView(row),
      };
    },
  }),
];
