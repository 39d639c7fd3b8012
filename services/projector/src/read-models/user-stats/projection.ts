/**
 * Per-user overview counters (docs/projections.md defines each). The admin dashboard counters are
 * the SQL function admin_stats(), computed from the users, campaigns and withdrawals read models.
 */
import { ops, type Projection, type RowOp } from '../../projection';

/** A row of `user_stats`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface UserStatsRow {
  user_id: string;
  total_tasks: number;
  total_earnings: number;
  total_referrals: number;
  total_withdrawn: number;
}

const stats = (userId: string, add: Record<string, number>) =>
  ops.upsert('user_stats', { user_id: userId }, { add });

export const userStats: Projection<'user_stats'> = {
  name: 'user_stats',
  description: 'per-user totals: tasks, earnings, referrals, withdrawn',
  tables: [{ name: 'user_stats', key: ['user_id'] }],
  handle(event) {
    switch (event.type) {
      case 'UserRegistered': {
        const bonus = event.data.postings.length ? event.data.signupBonus : 0;
        const changes: RowOp[] = [stats(event.data.userId, bonus ? { total_earnings: bonus } : {})];
        if (event.data.referredBy) changes.push(stats(event.data.referredBy, { total_referrals: 1 }));
        return changes;
      }
      case 'RewardCredited':
        return [stats(event.data.userId, { total_tasks: 1, total_earnings: event.data.amount })];
      case 'ReferralBonusCredited':
        return [stats(event.data.userId, { total_earnings: event.data.amount })];
      case 'PayoutSucceeded':
        return [stats(event.data.userId, { total_withdrawn: event.data.amount })];
      // The bank sent a paid payout back: it was not withdrawn after all.
      case 'PayoutReversed':
        return [stats(event.data.userId, { total_withdrawn: -event.data.amount })];
      default:
        return [];
    }
  },
};
