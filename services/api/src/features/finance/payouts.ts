/** The manual payout list: approved withdrawals waiting for finance's bank transfer, and their outcome. */
import { type WithdrawalStatus, koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  findWithdrawal,
  fullNameOf,
  payoutState,
  SELECT_WITHDRAWALS,
  type WithdrawalWithRequester,
} from '../admin/withdrawals/queries';
import { iso } from '../admin/wire';
import { Conditions, readPage, type OrderKey } from '../../http';
import type { PayoutSummary, PayoutsQuery, PayoutView, payoutStates } from './schemas';

const statusesFor: Record<(typeof payoutStates)[number], WithdrawalStatus[]> = {
  pending: ['approved'],
  paid: ['paid'],
  failed: ['payout_failed'],
  all: ['approved', 'paid', 'payout_failed'],
};

export function toPayout(row: WithdrawalWithRequester): PayoutView {
  return {
    withdrawalId: row.withdrawal_id,
    userId: row.user_id,
    fullName: fullNameOf(row),
    email: row.email ?? '',
    phone: row.phone ?? '',
    type: row.type,
    amount: koboToNaira(row.amount),
    fee: koboToNaira(row.fee),
    /** What goes to the bank account: the amount less the fee. */
    payoutAmount: koboToNaira(Number(row.amount) - Number(row.fee)),
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

/** Oldest approval first: the order to pay them in (approved_at is set in every payout state). */
const PAYOUT_ORDER: OrderKey[] = [
  ['coalesce(approved_at, requested_at)', 'ASC'],
  ['withdrawal_id', 'ASC'],
];

/** One page of payouts in a state, by key; `q` looks in who asked and the bank reference. */
export async function listPayouts(pool: Pool, query: Omit<PayoutsQuery, 'sort' | 'order'>) {
  const where = new Conditions()
    .add((param) => `w.status = ANY(${param(statusesFor[query.state])}::text[])`)
    .search(query.q, [
      "u.first_name || ' ' || u.last_name",
      'u.username',
      'u.email',
      'w.account_name',
      'w.account_num',
      'w.payout_reference',
    ]);
  return readPage<WithdrawalWithRequester>(pool, {
    select: SELECT_WITHDRAWALS,
    where,
    order: PAYOUT_ORDER,
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
}

/** Every payout in a state, a page at a time by key (for the bank file: no list is held whole). */
export async function* allPayouts(
  pool: Pool,
  state: PayoutsQuery['state'],
): AsyncGenerator<WithdrawalWithRequester> {
  let after: string | undefined;
  do {
    const page = await listPayouts(pool, { state, page: 1, after });
    yield* page.rows;
    after = page.next;
  } while (after);
}

/** The awaiting list's figures, counted by the database (not from a page in hand). */
export async function payoutSummary(pool: Pool): Promise<PayoutSummary> {
  const { rows } = await pool.query<{ awaiting: string; to_send: string; oldest: Date | null }>(
    `SELECT count(*) AS awaiting, coalesce(sum(amount - fee), 0) AS to_send, min(approved_at) AS oldest
     FROM withdrawals WHERE status = ANY($1::text[])`,
    [statusesFor.pending],
  );
  const row = rows[0]!;
  return {
    awaiting: Number(row.awaiting),
    totalToSend: koboToNaira(row.to_send),
    oldestApprovedAt: iso(row.oldest),
  };
}

export { findWithdrawal };
