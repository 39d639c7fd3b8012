/** What happened to the user's money: GET /users/transactions and GET /users/statement. */
import { z } from 'zod';
import type { ApiContext } from '../../context';
import { defineRoute, pagedResponseHeaders, pagingQuery, sendTotal } from '../../http';
import { listStatement, listTransactionsOf } from '@kobo/projector';
import { statementAccount } from './queries';
import { statementQuery, statementSchema, transactionSchema } from './schemas';
import { statementView, transactionView } from './views';

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
