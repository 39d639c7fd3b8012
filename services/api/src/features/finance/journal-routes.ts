/** Finance's read access to the journal: pages of entries, statements, point-in-time balances, CSV. */
import type { Response } from 'express';
import type { FeatureRoutes } from '../../context';
import { defineRoute } from '../../http';
import { iso } from '../admin/wire';
import type { Pool } from '@kobo/platform';
import { writeJournalCsv } from '@kobo/projector';
import { balanceAt, journalPage, journalPosition, statement } from './queries';
import {
  accountParams,
  balanceQuery,
  balanceSchema,
  journalPageSchema,
  journalQuery,
  rangeQuery,
  statementQuery,
  statementSchema,
} from './schemas';

const FINANCE = ['finance', 'admin'] as const;

export const journalRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/finance/journal',
    summary: 'Ledger entries (one per posting), filtered and paged',
    description:
      'account is exact, or a prefix ending in * (user:<id>:*); type is the event type; the range is [from, to). ' +
      'sum is the total of the matching entries (0 when every event is included whole).',
    tags: ['finance'],
    access: FINANCE,
    query: journalQuery,
    responses: {
      200: {
        description: 'A page of entries, the count and sum of all that match',
        schema: journalPageSchema,
      },
      400: { description: 'Invalid filter or paging', problem: true },
    },
    async handler({ query }) {
      const { page, pageSize, order, ...filter } = query;
      const [result, position] = await Promise.all([
        journalPage(ctx.pool, filter, { page, pageSize, order }),
        journalPosition(ctx.pool),
      ]);
      return { ...result, page, pageSize, journalPosition: position };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/finance/accounts/:account/statement',
    summary: "An account's statement: opening balance, entries with the running balance, closing balance",
    tags: ['finance'],
    access: FINANCE,
    params: accountParams,
    query: statementQuery,
    responses: {
      200: { description: 'The statement (balances in naira and kobo)', schema: statementSchema },
      400: { description: 'Invalid range or paging', problem: true },
    },
    async handler({ params, query }) {
      const result = await statement(ctx.pool, params.account, query);
      return {
        account: params.account,
        from: iso(query.from),
        to: iso(query.to),
        ...result,
        page: query.page,
        pageSize: query.pageSize,
        journalPosition: await journalPosition(ctx.pool),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/finance/accounts/:account/balance',
    summary: "An account's balance at a moment (default now) and the latest entries behind it",
    tags: ['finance'],
    access: FINANCE,
    params: accountParams,
    query: balanceQuery,
    responses: {
      200: { description: 'The balance and the latest entries behind it', schema: balanceSchema },
      400: { description: 'Invalid time', problem: true },
    },
    async handler({ params, query }) {
      const at = query.at ?? new Date();
      const result = await balanceAt(ctx.pool, params.account, at, query.limit);
      return {
        account: params.account,
        at: at.toISOString(),
        ...result,
        journalPosition: await journalPosition(ctx.pool),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/finance/export.csv',
    summary: 'The journal as CSV, in log order, for [from, to) (default: everything)',
    tags: ['finance'],
    access: FINANCE,
    query: rangeQuery,
    responses: {
      200: {
        description:
          'CSV, one row per posting: position,posting_index,event_id,event_type,account,amount_kobo,amount_naira,recorded_at',
        contentType: 'text/csv',
      },
      400: { description: 'Invalid range', problem: true },
    },
    async handler({ query, res }) {
      await exportJournal(ctx.pool, res, query.from ?? new Date(0), query.to ?? null);
    },
  }),
];

/** Streams the journal CSV (the same writer as `npm run ledger -- export`). */
async function exportJournal(pool: Pool, res: Response, from: Date, to: Date | null) {
  const stamp = (to ?? new Date()).toISOString().slice(0, 10);
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="kobo-journal-${stamp}.csv"`);
  await writeJournalCsv(pool, { from, to }, (text) => {
    res.write(text);
  });
  res.end();
}
