/**
 * Balance adjustments as finance reviews them, and in the same queue the campaigns whose total
 * reward waits for approval (kind 'campaign'): the balance_adjustments read model with names.
 */
import { z } from 'zod';
import type { Pool } from '@kobo/platform';
import { Conditions, pagingQuery, readPage } from '../../http';
import { iso } from '../admin/wire';
import { staffNameOf, staffNames, type StaffNames } from '../admin/staff-names';
import { koboToNaira } from '@kobo/ledger';

export const adjustmentStates = ['pending', 'posted', 'approved', 'rejected'] as const;
export const adjustmentKinds = ['balance', 'campaign'] as const;

export const adjustmentSchema = z
  .object({
    adjustmentId: z.string(),
    /** balance: a change of a user's balance; campaign: a campaign's total reward (no user: userId ''). */
    kind: z.enum(adjustmentKinds),
    /** The campaign, for kind campaign; null otherwise. */
    campaignId: z.string().nullable(),
    campaignTitle: z.string().nullable(),
    userId: z.string(),
    fullName: z.string(),
    email: z.string(),
    balance: z.enum(['account', 'activity']),
    /** Naira, signed: positive credits the user. For a campaign: its total reward, price × units. */
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
  kind: z.enum(adjustmentKinds, { error: `Kind is one of ${adjustmentKinds.join(', ')}` }).optional(),
});

interface AdjustmentRow {
  adjustment_id: string;
  kind: AdjustmentView['kind'];
  campaign_id: string | null;
  campaign_title: string | null;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  balance: 'account' | 'activity';
  amount: string | number;
  reason: string;
  state: AdjustmentView['state'];
  requested_by: string;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

const SELECT_ADJUSTMENTS = `
  SELECT a.*, u.first_name, u.last_name, u.email
  FROM balance_adjustments a
  LEFT JOIN users u ON u.user_id = a.user_id`;

/** Rows as answers, their staff named (one look-up for them all). */
async function toAdjustments(pool: Pool, rows: AdjustmentRow[]): Promise<AdjustmentView[]> {
  const names = await staffNames(
    pool,
    rows.flatMap((row) => [row.requested_by, row.decided_by]),
  );
  return rows.map((row) => toAdjustment(row, names));
}

function toAdjustment(row: AdjustmentRow, names: StaffNames): AdjustmentView {
  return {
    adjustmentId: row.adjustment_id,
    kind: row.kind,
    campaignId: row.campaign_id,
    campaignTitle: row.campaign_title,
    userId: row.user_id ?? '',
    fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email ?? '',
    balance: row.balance,
    amount: koboToNaira(row.amount),
    reason: row.reason,
    state: row.state,
    requestedBy: row.requested_by,
    requestedByName: staffNameOf(names, row.requested_by),
    requestedAt: iso(row.requested_at)!,
    decidedBy: row.decided_by,
    decidedByName: staffNameOf(names, row.decided_by),
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
    'a.campaign_title',
  ]);
  if (query.state) where.add((param) => `a.state = ${param(query.state)}`);
  if (query.kind) where.add((param) => `a.kind = ${param(query.kind)}`);
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
  return { adjustments: await toAdjustments(pool, rows), total, next };
}

export async function findAdjustment(pool: Pool, adjustmentId: string): Promise<AdjustmentView | null> {
  const { rows } = await pool.query<AdjustmentRow>(`${SELECT_ADJUSTMENTS} WHERE a.adjustment_id = $1`, [
    adjustmentId,
  ]);
  return rows[0] ? (await toAdjustments(pool, rows))[0]! : null;
}
