/** Finance's API: read-only ledger access, verification and replay status, and manual payouts (finance and admin roles). */
import type { FeatureRoutes } from '../../context';
import { adjustmentRoutes } from './adjustment-routes';
import { auditRoutes } from './audit-routes';
import { chartsRoutes } from './charts-routes';
import { eventsRoutes } from './events-routes';
import { journalRoutes } from './journal-routes';
import { payoutRoutes } from './payout-routes';
import { createRunBook } from './runs';
import { runsRoutes } from './runs-routes';

export const financeRoutes: FeatureRoutes = (ctx) => {
  // One book of verify and rebuild runs, so every way in shares its one-at-a-time rules.
  const runs = createRunBook({ pool: ctx.pool, store: ctx.store, logger: ctx.logger });
  return [
    ...journalRoutes(ctx),
    ...auditRoutes(ctx, runs),
    ...payoutRoutes(ctx),
    ...runsRoutes(runs),
    ...chartsRoutes(ctx),
    ...eventsRoutes(ctx),
    ...adjustmentRoutes(ctx),
  ];
};
