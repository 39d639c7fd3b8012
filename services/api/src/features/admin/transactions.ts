/** GET /admin/transactions: every user's transactions, newest first (admin-area.md section 3). */
import { z } from 'zod';
import type { FeatureRoutes } from '../../app';
import { defineRoute } from '../../http';
import { iso, toNaira } from './wire';

const transactionSchema = z
  .object({
    transactionId: z.string(),
    _id: z.string(),
    userId: z.string(),
    fullName: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    amount: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    description: z.string(),
    type: z.string(),
    status: z.enum(['completed', 'pending', 'failed']),
  })
  .meta({ id: 'AdminTransaction' });

const query = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

interface Row {
  id: string;
  user_id: string;
  type: string;
  title: string;
  amount: number;
  status: 'completed' | 'pending' | 'failed';
  created_at: Date;
  updated_at: Date;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
}

export const transactionRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/admin/transactions',
    summary: "Users' transactions, newest first (amount signed, in naira)",
    tags: ['admin'],
    access: ['admin'],
    query,
    responses: {
      200: { description: 'The transactions', schema: z.array(transactionSchema) },
      400: { description: 'Invalid limit', problem: true },
    },
    async handler({ query }) {
      const { rows } = await ctx.pool.query<Row>(
        `SELECT t.id, t.user_id, t.type, t.title, t.amount, t.status, t.created_at, t.updated_at,
                u.first_name, u.last_name, u.username, u.email
         FROM transactions t LEFT JOIN users u ON u.user_id = t.user_id
         ORDER BY t.created_at DESC, t.global_position DESC LIMIT $1`,
        [query.limit],
      );
      return rows.map((row) => ({
        transactionId: row.id,
        _id: row.id,
        userId: row.user_id,
        fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
        username: row.username,
        email: row.email,
        amount: toNaira(row.amount),
        createdAt: iso(row.created_at)!,
        updatedAt: iso(row.updated_at)!,
        description: row.title,
        type: row.type,
        status: row.status,
      }));
    },
  }),
];
