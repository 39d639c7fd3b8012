/** Finance's API: read-only ledger access, verification and replay status, and manual payouts (finance and admin roles). */
import type { FeatureRoutes } from '../../app';
import { auditRoutes } from './audit-routes';
import { chartsRoutes } from './charts-routes';
import { eventsRoutes } from './events-routes';
import { journalRoutes } from './journal-routes';
import { payoutRoutes } from './payout-routes';
import { runsRoutes } from './runs-routes';

export const financeRoutes: FeatureRoutes = (ctx) => [
  ...journalRoutes(ctx),
  ...auditRoutes(ctx),
  ...payoutRoutes(ctx),
  ...runsRoutes(ctx),
  ...chartsRoutes(ctx),
  ...eventsRoutes(ctx),
];
