/**
 * GET /users/data-export: the right of access. A copy of what the user area holds of the signed-in
 * user, as one JSON file: each part in the shape its own screen's call gives it (views.ts), read
 * from the read models only.
 */
import type { Response } from 'express';
import {
  findUserAccount,
  listStatement,
  listSubmissionsOfUser,
  withdrawalsOfUser,
  type UserAccountRow,
} from '@kobo/projector';
import { nowOf, type ApiContext } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import { hasTransactionPin } from '../../accounts/transaction-pin';
import { submissionListEntryView } from '../campaigns/submissions';
import { statementAccount, type StatementBalance } from './queries';
import { dataExportSchema, messages } from './schemas';
import { statementView } from './history-routes';
import { accountView, profileView, withdrawalView } from './views';

const tags = ['user area'];

/** What each part of the file is, for the person reading it. */
const dataExportAbout = {
  profile:
    'Your name, username, email, phone number, role, account status, referral code and when you registered.',
  bankDetails: 'The bank account your withdrawals are paid to (empty until you save one).',
  submissions: 'Your task submissions, newest first, with how each was reviewed.',
  withdrawals:
    'Your withdrawals, newest first: the amount, the fee, the bank account paid and each step of the payout.',
  statement:
    'The ledger entries of your balances, newest first, as the statement screen shows them: account and ' +
    'activity (what you can withdraw) and hold (amounts held while a withdrawal waits). Each entry names ' +
    "the event it came from and that event's hash in Kobo's hash-chained ledger.",
  figures: 'Amounts are in naira; times are in UTC (ISO 8601).',
} as const;

const BALANCES: readonly StatementBalance[] = ['account', 'activity', 'hold'];

/** The whole statement of each balance (the statement query lists every entry, not a page). */
async function statementsOf(ctx: ApiContext, userId: string) {
  const statements = await Promise.all(
    BALANCES.map(async (balance) => {
      const account = statementAccount(userId, balance);
      return [balance, statementView(account, await listStatement(ctx.pool, account))] as const;
    }),
  );
  return Object.fromEntries(statements) as Record<StatementBalance, ReturnType<typeof statementView>>;
}

/** The file's name: `kobo-data-<username>-<yyyy-mm-dd>.json`, the day the copy was made (UTC). */
function dataExportFileName(username: string, exportedAt: Date): string {
  // Usernames are letters, digits and `_.-` (the ledger's rule); anything else never reaches the header.
  const safe = username.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `kobo-data-${safe}-${exportedAt.toISOString().slice(0, 10)}.json`;
}

/** A download, never kept by the browser or a proxy. */
function sendAsFile(res: Response, account: UserAccountRow, exportedAt: Date) {
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${dataExportFileName(account.username, exportedAt)}"`,
  );
  res.setHeader('Cache-Control', 'no-store');
}

export const dataExportRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/users/data-export',
    summary: "A copy of the signed-in user's data, as a JSON file to download",
    description:
      'The profile (with role, status and when the account was registered), the bank details, every ' +
      'submission, every withdrawal and the whole statement of the account, activity and hold balances, ' +
      'each in the shape GET /users/dashboard, /users/submissions, /users/withdrawals and ' +
      '/users/statement give it; `about` says what each part is. Sent as an attachment ' +
      '(`kobo-data-<username>-<yyyy-mm-dd>.json`), `Cache-Control: no-store`. Like every signed-in ' +
      "read, it waits until the read models have the user's own latest writes.",
    tags,
    access: ['user'],
    responses: {
      200: {
        description: 'The copy of the user’s data',
        schema: dataExportSchema,
        headers: {
          'Content-Disposition': 'attachment; filename="kobo-data-<username>-<yyyy-mm-dd>.json"',
          'Cache-Control': 'no-store',
        },
      },
      404: { description: 'The account does not exist (or was deleted)', problem: true },
    },
    handler: async ({ principal, res }) => {
      const userId = principal.userId;
      const [account, hasPin, submissions, withdrawals, statement] = await Promise.all([
        findUserAccount(ctx.pool, userId),
        hasTransactionPin(ctx.pool, userId),
        listSubmissionsOfUser(ctx.pool, userId),
        withdrawalsOfUser(ctx.pool, userId),
        statementsOf(ctx, userId),
      ]);
      if (!account) throw new HttpProblem('not_found', messages.userNotFound);
      const exportedAt = nowOf(ctx);
      sendAsFile(res, account, exportedAt);
      const profile = { ...account, has_pin: hasPin };
      return {
        exportedAt: exportedAt.toISOString(),
        about: dataExportAbout,
        profile: accountView(profile),
        bankDetails: profileView(profile).bankDetails,
        submissions: submissions.map(submissionListEntryView),
        withdrawals: withdrawals.map(withdrawalView),
        statement,
      };
    },
  }),
];
