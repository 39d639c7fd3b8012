/** GET /banks (the banks a user may be paid at) and GET /banks/resolve (whose account a number is). */
import type { FeatureRoutes } from '../../context';
import { defineRoute } from '../../http';
import { rateLimiters } from '../auth/rate-limits';
import { checkBankAccount } from './account-check';
import { bankListSchema, bankMessages, resolveQuery, resolvedAccountSchema } from './schemas';

const tags = ['banks'];

export const bankRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/banks',
    summary: 'The banks a user may be paid at, with their codes',
    description:
      "The payout provider's list when one is configured (PAYOUT_PROVIDER), else Kobo's own; the " +
      "spec's 20 banks are always in it, named as the web app has always named them.",
    tags,
    access: ['user', 'admin', 'finance'],
    responses: { 200: { description: 'The banks, by name', schema: bankListSchema } },
    handler: async () => ({ banks: await ctx.banks.listBanks() }),
  }),

  defineRoute({
    method: 'get',
    path: '/banks/resolve',
    summary: 'Check an account number at a bank, and the name the bank holds for it',
    description:
      "With a payout provider, its account-name enquiry answers the bank's name for the account " +
      '(`checked: true`). Without one, only the NUBAN check digit is checked: `accountName` is null ' +
      'and `checked` false. Limited to 10 checks a minute per account.',
    tags,
    access: ['user', 'admin', 'finance'],
    query: resolveQuery,
    middleware: rateLimiters(ctx.pool, 'resolveBankAccount'),
    responses: {
      200: {
        description: 'The account can be paid; its name when the bank gave it',
        schema: resolvedAccountSchema,
      },
      400: {
        description: 'The bank is not in the list, or the number cannot be an account there',
        problem: true,
      },
      422: { description: 'The bank has no account with this number', problem: true },
      429: { description: 'Too many checks; try again in a minute', problem: true },
      503: { description: 'The bank could not be asked just now', problem: true },
    },
    handler: async ({ query }) => {
      const { accountName, checked } = await checkBankAccount(
        ctx.banks,
        query.bankCode,
        query.accountNumber,
        {
          bankCode: 'bankCode',
          accountNumber: 'accountNumber',
        },
      );
      return {
        accountName,
        checked,
        message: checked ? bankMessages.nameChecked : bankMessages.nameUnchecked,
      };
    },
  }),
];
