/**
 * Every read of the balance_adjustments read model: finance's queue of balance changes and
 * campaign approvals, each with the names and email of the user it concerns (the users read model,
 * joined by the user's id; none for a campaign's row).
 */
import type { Pool } from '@kobo/platform';
import { Conditions, readPage } from '../paging';
import type { BalanceAdjustmentRow } from './projection';

/** An adjustment with the user it concerns (null for a campaign's row); amounts as PostgreSQL answers bigint. */
export interface AdjustmentWithUser extends Omit<BalanceAdjustmentRow, 'amount'> {
  amount: string | number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** When the user's account was deleted and the person erased; null if not (or no user). */
  deleted_at: Date | null;
}

const SELECT_ADJUSTMENTS = `
  SELECT a.*, u.first_name, u.last_name, u.email, u.deleted_at
  FROM balance_adjustments a
  LEFT JOIN users u ON u.user_id = a.user_id`;

export interface AdjustmentsQuery {
  /** Looks in the user's names and email, the reason and the campaign's title. */
  q?: string;
  state?: BalanceAdjustmentRow['state'];
  kind?: BalanceAdjustmentRow['kind'];
  /** Of requested_at, after the pending ones; newest first unless 'asc'. */
  order?: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  after?: string;
}

/** Pending first (they need someone), then newest first; one page by key. */
export function listAdjustments(
  pool: Pool,
  query: AdjustmentsQuery,
): Promise<{ rows: AdjustmentWithUser[]; total: number; next?: string }> {
  const where = new Conditions().search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.email',
    'a.reason',
    'a.campaign_title',
  ]);
  if (query.state) where.add((param) => `a.state = ${param(query.state)}`);
  if (query.kind) where.add((param) => `a.kind = ${param(query.kind)}`);
  return readPage<AdjustmentWithUser>(pool, {
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
}

export async function findAdjustment(pool: Pool, adjustmentId: string): Promise<AdjustmentWithUser | null> {
  const { rows } = await pool.query<AdjustmentWithUser>(`${SELECT_ADJUSTMENTS} WHERE a.adjustment_id = $1`, [
    adjustmentId,
  ]);
  return rows[0] ?? null;
}
