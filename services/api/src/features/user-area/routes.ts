/** The signed-in user's own area (docs/product/api-contract.md#user-calls): every route reads the token's user only. */
import type { FeatureRoutes } from '../../context';
import { dataExportRoutes } from './data-export-routes';
import { historyRoutes } from './history-routes';
import { pinRoutes } from './pin-routes';
import { profileRoutes } from './profile-routes';
import { statementProofRoutes } from './statement-proof';
import { submissionsRoutes } from './submissions-routes';
import { withdrawalRoutes } from './withdrawal-routes';

export const userAreaRoutes: FeatureRoutes = (ctx) => [
  ...profileRoutes(ctx),
  ...pinRoutes(ctx),
  ...historyRoutes(ctx),
  ...statementProofRoutes(ctx),
  ...submissionsRoutes(ctx),
  ...withdrawalRoutes(ctx),
  ...dataExportRoutes(ctx),
];
