/**
 * Balance adjustments as finance reviews them, and in the same queue the campaigns whose total
 * reward waits for approval (kind 'campaign'): the balance_adjustments read model with names.
 */
import { z } from 'zod';
import type { Pool } from '@kobo/platform';
import {
  findAdjustment as findAdjustmentRow,
  listAdjustments as listAdjustmentRows,
  type AdjustmentWithUser,
} from '@kobo/projector';
import { pagingQuery } from '../../http';
import { erasedAtField, iso } from '../admin/wire';
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
    erasedAt: erasedAtField,
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

/** Rows as answers, their staff named (one look-up for them all). */
async function toAdjustments(pool: Pool, rows: AdjustmentWithUser[]): Promise<AdjustmentView[]> {
  const names = await staffNames(
    pool,
    rows.flatMap((row) => [row.requested_by, row.decided_by]),
  );
  return rows.map((row) => toAdjustment(row, names));
}

function toAdjustment(row: AdjustmentWithUser, names: StaffNames): AdjustmentView {
  return {
    adjustmentId: row.adjustment_id,
    kind: row.kind,
    campaignId: row.campaign_id,
    campaignTitle: row.campaign_title,
    userId: row.user_id ?? '',
    fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email ?? '',
    erasedAt: iso(row.deleted_at),
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
  const { rows, total, next } = await listAdjustmentRows(pool, query);
  return { adjustments: await toAdjustments(pool, rows), total, next };
}

export async function findAdjustment(pool: Pool, adjustmentId: string): Promise<AdjustmentView | null> {
  const row = await findAdjustmentRow(pool, adjustmentId);
  return row ? (await toAdjustments(pool, [row]))[0]! : null;
}
