/** The admin area's API (docs/product/api-contract.md#admin-calls): every route here is for the admin role only. */
import type { FeatureRoutes } from '../../context';
import { campaignRoutes } from './campaigns/routes';
import { statsRoutes } from './stats';
import { transactionRoutes } from './transactions';
import { userRoutes } from './users/routes';
import { withdrawalRoutes } from './withdrawals/routes';

export const adminRoutes: FeatureRoutes = (ctx) => [
  ...statsRoutes(ctx),
  ...userRoutes(ctx),
  ...transactionRoutes(ctx),
  ...withdrawalRoutes(ctx),
  ...campaignRoutes(ctx),
];
