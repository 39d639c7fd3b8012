/** GET /admin/stats: the dashboard's counters, from admin_stats() over the read models. */
import { z } from 'zod';
import type { FeatureRoutes } from '../../context';
import { defineRoute } from '../../http';
import { koboToNaira } from '@kobo/ledger';

const statsSchema = z
  .object({
    totalUsers: z.number(),
    totalWithdrawn: z.number(),
    totalCampaigns: z.number(),
    activeUsers: z.number(),
    inactiveUsers: z.number(),
    suspendedUsers: z.number(),
    activeCampaigns: z.number(),
    /** Units × price over the campaigns that are not deleted, in naira. */
    totalBudget: z.number(),
    /** Approved submissions and completed activities over those campaigns. */
    completedTasks: z.number(),
    pendingWithdrawals: z.number(),
    pendingWithdrawalAmount: z.number(),
    pendingSubmissions: z.number(),
  })
  .meta({ id: 'AdminStats' });

interface StatsRow {
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

export const statsRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/admin/stats',
    summary: 'Dashboard counters: users, campaigns, money withdrawn, pending work',
    tags: ['admin'],
    access: ['admin'],
    responses: { 200: { description: 'The counters (money in naira)', schema: statsSchema } },
    async handler() {
      const { rows } = await ctx.pool.query<StatsRow>(
        `SELECT s.*, (SELECT count(*) FROM submissions WHERE status = 'pending')::bigint AS pending_submissions,
                c.total_budget, c.completed_tasks
         FROM admin_stats() s,
              (SELECT coalesce(sum(budget), 0)::bigint AS total_budget, coalesce(sum(approved), 0)::bigint AS completed_tasks
               FROM campaigns WHERE status <> 'deleted') c`,
      );
      const s = rows[0]!;
      return {
        totalUsers: Number(s.total_users),
        totalWithdrawn: koboToNaira(s.total_withdrawn),
        totalCampaigns: Number(s.total_campaigns),
        activeUsers: Number(s.active_users),
        inactiveUsers: Number(s.inactive_users),
        suspendedUsers: Number(s.suspended_users),
        activeCampaigns: Number(s.active_campaigns),
        totalBudget: koboToNaira(s.total_budget),
        completedTasks: Number(s.completed_tasks),
        pendingWithdrawals: Number(s.pending_withdrawals),
        pendingWithdrawalAmount: koboToNaira(s.pending_withdrawal_amount),
        pendingSubmissions: Number(s.pending_submissions),
      };
    },
  }),
];
