/** The adjustments read model: balance adjustments and campaign approvals as finance reviews them. */
export { adjustments, type BalanceAdjustmentRow } from './projection';
export { findAdjustment, listAdjustments, type AdjustmentsQuery, type AdjustmentWithUser } from './queries';
