/** GET /admin/transactions: every user's transactions, newest first (docs/product/staff-area.md#what-the-admin-screens-show). */
import { z } from 'zod';
import type { FeatureRoutes } from '../../context';
import { choicesQuery, defineRoute, pagedResponseHeaders, pagingQuery, sendTotal } from '../../http';
import { koboToNaira } from '@kobo/ledger';
import { listTransactions, TRANSACTION_SORTS } from '@kobo/projector';
import { erasedAtField, iso } from './wire';

const transactionSchema = z
  .object({
    transactionId: z.string(),
    _id: z.string(),
    userId: z.string(),
    fullName: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    erasedAt: erasedAtField,
    amount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    description: z.string(),
    type: z.string(),
    status: z.enum(['completed', 'pending', 'failed']),
  })
  .meta({ id: 'AdminTransaction' });

const TYPES = ['task', 'activity', 'referral', 'bonus', 'withdrawal', 'activityWithdrawal', 'other'] as const;

const query = z.object({
  /** The old cap, for a call without pageSize. */
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  ...pagingQuery(TRANSACTION_SORTS),
  status: z
    .enum(['completed', 'pending', 'failed'], { error: 'Status is completed, pending or failed' })
    .optional(),
  type: choicesQuery('Type', TYPES),
});

export const transactionRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/admin/transactions',
    summary: "Users' transactions, newest first (amount signed, in naira); searched, filtered and paged",
    description:
      'Without pageSize the first `limit` rows (default 1000). X-Total-Count says how many match in all.',
    tags: ['admin'],
    access: ['admin'],
    query,
    responses: {
      200: {
        description: 'The transactions',
        schema: z.array(transactionSchema),
        headers: pagedResponseHeaders,
      },
      400: { description: 'An invalid limit, filter, sort or page', problem: true },
    },
    async handler({ query, res }) {
      const { rows, total, next } = await listTransactions(ctx.pool, {
        q: query.q,
        status: query.status,
        type: query.type,
        sort: query.sort,
        order: query.order,
        page: query.pageSize ? query.page : 1,
        pageSize: query.pageSize ?? query.limit,
        after: query.after,
      });
      sendTotal(res, total, next);
      return rows.map((row) => ({
        transactionId: row.id,
        _id: row.id,
        userId: row.user_id,
        fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
        username: row.username,
        email: row.email,
        erasedAt: iso(row.deleted_at),
        amount: koboToNaira(row.amount),
        createdAt: iso(row.created_at)!,
        updatedAt: iso(row.updated_at)!,
        description: row.title,
        type: row.type,
        status: row.status,
      }));
    },
  }),
];
