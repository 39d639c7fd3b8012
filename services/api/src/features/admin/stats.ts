/** GET /admin/stats: the dashboard's counters (the user-stats read model's `adminStats`). */
import { z } from 'zod';
import type { FeatureRoutes } from '../../context';
import { defineRoute } from '../../http';
import { koboToNaira } from '@kobo/ledger';
import { adminStats } from '@kobo/projector';

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

export const statsRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/admin/stats',
    summary: 'Dashboard counters: users, campaigns, money withdrawn, pending work',
    tags: ['admin'],
    access: ['admin'],
    responses: { 200: { description: 'The counters (money in naira)', schema: statsSchema } },
    async handler() {
      const s = await adminStats(ctx.pool);
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
