/** What happened to the user's money: GET /users/transactions and GET /users/statement. */
import { z } from 'zod';
import type { ApiContext } from '../../context';
import { defineRoute, pagedResponseHeaders, pagingQuery, sendTotal } from '../../http';
import { listStatement, listTransactionsOf } from '@kobo/projector';
import { koboToNaira } from '@kobo/ledger';
import { statementAccount, type StatementRow } from './queries';
import { statementQuery, statementSchema, transactionSchema } from './schemas';
import { entryTitle } from './statement-titles';
import { transactionView } from './views';

const tags = ['user area'];

const { page, pageSize, after } = pagingQuery(['createdAt']);
const transactionsQuery = z.object({ page, pageSize, after });

export const historyRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/users/transactions',
    summary: "The signed-in user's transactions, newest first",
    description:
      'Pages of at most 500 (`pageSize`, `page`); `after` = the X-Next-Cursor of a full page gives ' +
      'the next one by key. X-Total-Count says how many there are.',
    tags,
    access: ['user'],
    query: transactionsQuery,
    responses: {
      200: {
        description: 'The transactions',
        schema: z.array(transactionSchema),
        headers: pagedResponseHeaders,
      },
      400: { description: 'A bad page, page size or cursor', problem: true },
    },
    handler: async ({ principal, query, res }) => {
      const { rows, total, next } = await listTransactionsOf(ctx.pool, principal.userId, query);
      sendTotal(res, total, next);
      return rows.map(transactionView);
    },
  }),

  defineRoute({
    method: 'get',
    path: '/users/statement',
    summary: 'The ledger entries behind the account, activity or hold balance, newest first',
    description:
      'Each entry carries the event it came from (id, ledger position, hash), a title in words and ' +
      'the balance after it; the entries add up to `balance`. `hold` is the withdrawal hold: amounts ' +
      'held when a withdrawal is requested, released when it is approved or returned.',
    tags,
    access: ['user'],
    query: statementQuery,
    responses: {
      200: { description: 'The statement', schema: statementSchema },
      400: { description: "balance is not 'account', 'activity' or 'hold'", problem: true },
    },
    handler: async ({ principal, query }) => {
      const account = statementAccount(principal.userId, query.balance);
      return statementView(account, await listStatement(ctx.pool, account));
    },
  }),
];

/** A balance's statement: its entries newest first, each with the event it came from and its title. */
export function statementView(account: string, rows: StatementRow[]) {
  return {
    account,
    // Newest first, so the first line's running balance is the balance now.
    balance: koboToNaira(rows[0]?.running_balance ?? 0),
    entries: rows.map((row) => ({
      eventId: row.event_id,
      position: row.global_position,
      hash: row.hash,
      type: row.event_type,
      title: entryTitle(row),
      amount: koboToNaira(row.amount),
      runningBalance: koboToNaira(row.running_balance),
      recordedAt: row.recorded_at.toISOString(),
    })),
  };
}
