/** The manual payout list: approved withdrawals waiting for finance's bank transfer, and their outcome. */
import type { Pool } from '@kobo/platform';
import {
  findWithdrawal,
  fullNameOf,
  payoutState,
  SELECT_WITHDRAWALS,
  type WithdrawalRow,
} from '../admin/withdrawals/queries';
import { iso, toNaira } from '../admin/wire';
import type { PayoutView, payoutStates } from './schemas';

const statusesFor: Record<(typeof payoutStates)[number], string[]> = {
  pending: ['approved'],
  paid: ['paid'],
  failed: ['payout_failed'],
  all: ['approved', 'paid', 'payout_failed'],
};

export function toPayout(row: WithdrawalRow): PayoutView {
  return {
    withdrawalId: row.withdrawal_id,
    userId: row.user_id,
    fullName: fullNameOf(row),
    email: row.email ?? '',
    phone: row.phone ?? '',
    type: row.type,
    amount: toNaira(row.amount),
    fee: toNaira(row.fee),
    /** What goes to the bank account: the amount less the fee. */
    payoutAmount: toNaira(Number(row.amount) - Number(row.fee)),
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_num,
    requestedAt: iso(row.requested_at)!,
    approvedAt: iso(row.approved_at),
    approvedBy: row.approved_by,
    // Only pending and rejected have no payout state; approved and payout_failed always do.
    state: (payoutState(row.status) ?? row.status) as PayoutView['state'],
    provider: row.payout_provider,
    reference: row.payout_reference,
    paidAt: iso(row.paid_at),
    failedAt: iso(row.failed_at),
    failureReason: row.failure_reason,
  };
}

export type Payout = PayoutView;

/** Oldest approval first: the order to pay them in. */
export async function listPayoutRows(pool: Pool, state: keyof typeof statusesFor): Promise<WithdrawalRow[]> {
  const { rows } = await pool.query<WithdrawalRow>(
    `${SELECT_WITHDRAWALS} WHERE w.status = ANY($1::text[]) ORDER BY w.approved_at, w.withdrawal_id`,
    [statusesFor[state]],
  );
  return rows;
}

export { findWithdrawal };
