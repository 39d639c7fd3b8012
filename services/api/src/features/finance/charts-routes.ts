/** The finance overview's charts: per-day figures over the last `days` days (finance and admin). */
import { z } from 'zod';
import type { FeatureRoutes } from '../../context';
import { defineRoute } from '../../http';
import { chartDays } from './charts';

const FINANCE = ['finance', 'admin'] as const;

const chartsQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be a whole number from 1 to 366.' })
    .int('Days must be a whole number from 1 to 366.')
    .min(1, 'Days must be a whole number from 1 to 366.')
    .max(366, 'Days must be a whole number from 1 to 366.')
    .default(30),
});

const chartDaySchema = z
  .object({
    date: z.string().describe('The day in Africa/Lagos, YYYY-MM-DD'),
    moneyIn: z
      .number()
      .describe(
        "Naira credited to users' balances that day as earnings: task rewards, signup and referral bonuses, adjustments up",
      ),
    moneyInKobo: z.number().int(),
    moneyOut: z
      .number()
      .describe('Naira paid out to banks that day (PayoutSucceeded: payouts clearing to world)'),
    moneyOutKobo: z.number().int(),
    pendingWithdrawals: z
      .number()
      .int()
      .describe('Withdrawals requested and not yet approved or rejected at the end of the day'),
    pendingWithdrawalAmount: z.number().describe('Their amount in naira'),
    proofsAwaitingReview: z
      .number()
      .int()
      .describe('Task proofs submitted and not yet approved or rejected at the end of the day'),
  })
  .meta({ id: 'FinanceChartDay' });

export const chartsRoutes: FeatureRoutes = (ctx) => [
  defineRoute({
    method: 'get',
    path: '/finance/charts',
    summary:
      'Per-day figures for the finance overview: money in and out, pending withdrawals, proofs awaiting review',
    description: 'Days are Africa/Lagos calendar days, oldest first, ending today.',
    tags: ['finance'],
    access: FINANCE,
    query: chartsQuery,
    responses: {
      200: {
        description: 'One entry per day, oldest first',
        schema: z.object({ days: z.array(chartDaySchema) }).meta({ id: 'FinanceCharts' }),
      },
      400: { description: 'Days outside 1-366', problem: true },
    },
    async handler({ query }) {
      return { days: await chartDays(ctx.pool, query.days) };
    },
  }),
];
