/**
 * Balance adjustments: posted at once, or pending -> approved | rejected by a finance user; and in
 * the same queue, campaigns whose total reward waits for a finance user (kind 'campaign').
 */
import type { BalanceKind } from '@kobo/ledger';
import { koboToNairaText } from '../../journal/journal-csv';
import { ops, timeOf, type Projection } from '../../projection';

/** A row of `balance_adjustments`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface BalanceAdjustmentRow {
  /** A campaign's row: its approval id. */
  adjustment_id: string;
  /** 'campaign': a campaign's total reward waiting for approval (no user; campaign_id set). */
  kind: 'balance' | 'campaign';
  /** Null for a campaign's row. */
  user_id: string | null;
  campaign_id: string | null;
  campaign_title: string | null;
  balance: BalanceKind;
  /** Signed: positive credits the user. A campaign's: its total reward (price × units). */
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
  description:
    'balance adjustments and campaign approvals with their reason, who asked, who decided, and their state',
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
      case 'CampaignApprovalRequested': {
        const d = event.data;
        return [
          ops.insert(TABLE, {
            adjustment_id: d.approvalId,
            kind: 'campaign',
            user_id: null,
            campaign_id: d.campaignId,
            campaign_title: d.title,
            balance: d.rewardsTo,
            amount: d.total,
            reason: `${d.units} units × ₦${koboToNairaText(d.price)}`,
            state: 'pending',
            requested_by: d.by.id,
            requested_at: at,
            updated_at: at,
          }),
        ];
      }
      case 'CampaignApproved':
      case 'CampaignRejected':
        return [
          ops.update(
            TABLE,
            { adjustment_id: event.data.approvalId },
            {
              set: {
                state: event.type === 'CampaignApproved' ? 'approved' : 'rejected',
                decided_by: event.data.by.id,
                decided_at: at,
                ...(event.type === 'CampaignRejected' ? { decision_reason: event.data.reason } : {}),
                updated_at: at,
              },
            },
          ),
        ];
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
