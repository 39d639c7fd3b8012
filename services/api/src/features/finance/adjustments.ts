/** Balance adjustments as finance reviews them: the balance_adjustments read model with names. */
import { z } from 'zod';
import type { Pool } from '@kobo/platform';
import { Conditions, pagingQuery, readPage } from '../../http';
import { iso } from '../admin/wire';
import { koboToNaira } from '@kobo/ledger';

export const adjustmentStates = ['pending', 'posted', 'approved', 'rejected'] as const;

export const adjustmentSchema = z
  .object({
    adjustmentId: z.string(),
    userId: z.string(),
    fullName: z.string(),
    email: z.string(),
    balance: z.enum(['account', 'activity']),
    /** Naira, signed: positive credits the user. */
    amount: z.number(),
    reason: z.string(),
    /** posted: applied at once (at or below the approval threshold). */
    state: z.enum(adjustmentStates),
    requestedBy: z.string(),
    requestedByName: z.string().nullable(),
    requestedAt: z.string(),
    decidedBy: z.string().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable(),
  })
  .meta({ id: 'BalanceAdjustment' });
export type AdjustmentView = z.infer<typeof adjustmentSchema>;

export const adjustmentsQuery = z.object({
  ...pagingQuery(['requestedAt']),
  state: z.enum(adjustmentStates, { error: `State is one of ${adjustmentStates.join(', ')}` }).optional(),
});

interface AdjustmentRow {
  adjustment_id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  balance: 'account' | 'activity';
  amount: string | number;
  reason: string;
  state: AdjustmentView['state'];
  requested_by: string;
  requested_by_name: string | null;
  requested_at: Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

const SELECT_ADJUSTMENTS = `
  SELECT a.*, u.first_name, u.last_name, u.email,
         nullif(trim(r.first_name || ' ' || r.last_name), '') AS requested_by_name,
         nullif(trim(d.first_name || ' ' || d.last_name), '') AS decided_by_name
  FROM balance_adjustments a
  LEFT JOIN users u ON u.user_id = a.user_id
  LEFT JOIN users r ON r.user_id = a.requested_by
  LEFT JOIN users d ON d.user_id = a.decided_by`;

function toAdjustment(row: AdjustmentRow): AdjustmentView {
  return {
    adjustmentId: row.adjustment_id,
    userId: row.user_id,
    fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email ?? '',
    balance: row.balance,
    amount: koboToNaira(row.amount),
    reason: row.reason,
    state: row.state,
    requestedBy: row.requested_by,
    requestedByName: row.requested_by_name,
    requestedAt: iso(row.requested_at)!,
    decidedBy: row.decided_by,
    decidedByName: row.decided_by_name,
    decidedAt: iso(row.decided_at),
    decisionReason: row.decision_reason,
  };
}

/** Pending first (they need someone), then newest first. `q` looks in the user's names and email. */
export async function listAdjustments(
  pool: Pool,
  query: z.infer<typeof adjustmentsQuery>,
): Promise<{ adjustments: AdjustmentView[]; total: number; next?: string }> {
  const where = new Conditions().search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.email',
    'a.reason',
  ]);
  if (query.state) where.add((param) => `a.state = ${param(query.state)}`);
  const { rows, total, next } = await readPage<AdjustmentRow>(pool, {
    select: SELECT_ADJUSTMENTS,
    where,
    order: [
      ["CASE WHEN state = 'pending' THEN 0 ELSE 1 END", 'ASC'],
      ['requested_at', query.order === 'asc' ? 'ASC' : 'DESC'],
      ['adjustment_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  return { adjustments: rows.map(toAdjustment), total, next };
}

export async function findAdjustment(pool: Pool, adjustmentId: string): Promise<AdjustmentView | null> {
  const { rows } = await pool.query<AdjustmentRow>(`${SELECT_ADJUSTMENTS} WHERE a.adjustment_id = $1`, [
    adjustmentId,
  ]);
  return rows[0] ? toAdjustment(rows[0]) : null;
}
