/** Balance adjustments: posted at once, or pending -> approved | rejected by a finance user. */
import type { BalanceKind } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../projection';

/** A row of `balance_adjustments`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface BalanceAdjustmentRow {
  adjustment_id: string;
  user_id: string;
  balance: BalanceKind;
  /** Signed: positive credits the user. */
  amount: number;
  reason: string;
  /**
   * posted: applied at once (below the threshold); pending -> approved | rejected otherwise (a
   * request replaced by a later balance edit is rejected, decided by that edit's admin).
   */
  state: 'posted' | 'pending' | 'approved' | 'rejected';
  requested_by: string;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  updated_at: Date;
}

const TABLE = 'balance_adjustments';

export const adjustments: Projection<'adjustments'> = {
  name: 'adjustments',
  description: 'balance adjustments with their reason, who asked, who decided, and their state',
  tables: [{ name: TABLE, key: ['adjustment_id'] }],
  handle(event) {
    const at = timeOf(event);
    switch (event.type) {
      case 'BalanceAdjustmentRequested': {
        const d = event.data;
        return [
          ops.insert(TABLE, {
            adjustment_id: d.adjustmentId,
            user_id: d.userId,
            balance: d.balance,
            amount: d.amount,
            reason: d.reason,
            state: 'pending',
            requested_by: d.by.id,
            requested_at: at,
            updated_at: at,
          }),
        ];
      }
      case 'BalanceAdjusted': {
        const d = event.data;
        // Approved: the pending row (same adjustment id) gets its decision.
        if (d.requestedBy !== undefined && d.adjustmentId)
          return [
            ops.update(
              TABLE,
              { adjustment_id: d.adjustmentId },
              { set: { state: 'approved', decided_by: d.by.id, decided_at: at, updated_at: at } },
            ),
          ];
        return [
          ops.insert(TABLE, {
            // Old adjustments without an id are keyed by their event.
            adjustment_id: d.adjustmentId ?? event.id,
            user_id: d.userId,
            balance: d.balance,
            amount: d.amount,
            reason: d.reason,
            state: 'posted',
            requested_by: d.by.id,
            requested_at: at,
            updated_at: at,
          }),
        ];
      }
      // Rejected by finance, or replaced by an admin's later balance edit (`replacedBy`): then the
      // admin is who decided and the reason says it was replaced. Either way it no longer waits.
      case 'BalanceAdjustmentRejected':
        return [
          ops.update(
            TABLE,
            { adjustment_id: event.data.adjustmentId },
            {
              set: {
                state: 'rejected',
                decided_by: event.data.by.id,
                decided_at: at,
                decision_reason: event.data.reason,
                updated_at: at,
              },
            },
          ),
        ];
      default:
        return [];
    }
  },
};
