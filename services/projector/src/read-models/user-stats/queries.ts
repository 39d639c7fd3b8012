/**
 * The admin dashboard's counters: the SQL function admin_stats() (migration 0003: users by status,
 * campaigns, money withdrawn and waiting, from the users, campaigns and withdrawals read models),
 * with the proofs waiting for review and the campaigns' budget and completed tasks. Counts, not
 * rows: kept beside the per-user counters.
 */
import type { Pool } from '@kobo/platform';

/** The counters; money in kobo. */
export interface AdminStatsRow {
  total_users: number;
  active_users: number;
  inactive_users: number;
  suspended_users: number;
  total_campaigns: number;
  active_campaigns: number;
  total_withdrawn: number;
  pending_withdrawals: number;
  pending_withdrawal_amount: number;
  pending_submissions: number;
  total_budget: number;
  completed_tasks: number;
}

export async function adminStats(pool: Pool): Promise<AdminStatsRow> {
  const { rows } = await pool.query<AdminStatsRow>(
    `SELECT s.*, (SELECT count(*) FROM submissions WHERE status = 'pending')::bigint AS pending_submissions,
            c.total_budget, c.completed_tasks
     FROM admin_stats() s,
          (SELECT coalesce(sum(budget), 0)::bigint AS total_budget, coalesce(sum(approved), 0)::bigint AS completed_tasks
           FROM campaigns WHERE status <> 'deleted') c`,
  );
  return rows[0]!;
}
