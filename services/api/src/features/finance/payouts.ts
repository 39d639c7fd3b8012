/**
 * The payout desk: approved withdrawals on their way to the bank, who pays each (the provider, or
 * finance by hand on the manual desk), and their outcome.
 */
import { koboToNaira, withdrawalStateOf } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  isOnManualDesk,
  listPayoutDiscrepancies,
  listPayouts as listPayoutRows,
  payoutCounts,
  type Desks,
} from '@kobo/projector';
import { findWithdrawal, fullNameOf, type WithdrawalWithRequester } from '../admin/withdrawals/views';
import { otherUsersOnBankAccounts, sharedBankAccountOf } from '../admin/users/shared-bank-accounts';
import { iso } from '../admin/wire';
import { staffNameOf, staffNames, type StaffNames } from '../admin/staff-names';
import type { PayoutSummary, PayoutsQuery, PayoutView } from './schemas';

export { isOnManualDesk, type Desks };

/** Rows as answers, their staff named (one look-up for a page). */
export async function toPayouts(pool: Pool, rows: WithdrawalWithRequester[]): Promise<PayoutView[]> {
  const names = await staffNames(
    pool,
    rows.flatMap((row) => [row.approved_by, row.paid_by]),
  );
  return rows.map((row) => toPayout(row, names));
}

export function toPayout(row: WithdrawalWithRequester, names: StaffNames): PayoutView {
  return {
    withdrawalId: row.withdrawal_id,
    userId: row.user_id,
    fullName: fullNameOf(row),
    email: row.email ?? '',
    phone: row.phone ?? '',
    erasedAt: iso(row.deleted_at),
    type: row.type,
    amount: koboToNaira(row.amount),
    fee: koboToNaira(row.fee),
    /** What goes to the bank account: the amount less the fee. */
    payoutAmount: koboToNaira(Number(row.amount) - Number(row.fee)),
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_num,
    sharedBankAccount: sharedBankAccountOf(row),
    requestedAt: iso(row.requested_at)!,
    approvedAt: iso(row.approved_at),
    approvedBy: row.approved_by,
    approvedByName: staffNameOf(names, row.approved_by),
    state: withdrawalStateOf(row.status),
    desk: row.payout_desk,
    bankCode: row.bank_code,
    provider: row.payout_provider,
    reference: row.payout_reference,
    sentAt: iso(row.sent_at),
    heldReason: row.held_reason,
    paidAt: iso(row.paid_at),
    paidBy: row.paid_by,
    paidByName: staffNameOf(names, row.paid_by),
    transferCode: row.transfer_code,
    failedAt: iso(row.failed_at),
    failureReason: row.failure_reason,
    reversedAt: iso(row.reversed_at),
    reversalReason: row.reversal_reason,
  };
}

export type Payout = PayoutView;

/** The day (Africa/Lagos, YYYY-MM-DD) an instant falls on. */
const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The name a payout's person reads as in a file: 'Deleted user (erased 2026-11-28)' once they are erased. */
export function payoutNameInFile(payout: Pick<PayoutView, 'fullName' | 'erasedAt'>): string {
  return payout.erasedAt
    ? `${payout.fullName} (erased ${lagosDay.format(new Date(payout.erasedAt))})`
    : payout.fullName;
}

/**
 * One page of payouts in a state, by key (the withdrawals read model's `listPayouts`), with other
 * users on each one's bank account.
 */
export async function listPayouts(pool: Pool, desks: Desks, query: Omit<PayoutsQuery, 'sort' | 'order'>) {
  const page = await listPayoutRows(pool, desks, query);
  return { ...page, rows: await otherUsersOnBankAccounts(pool, page.rows) };
}

/**
 * Every payout of a list (its state, search and range), a page at a time by key (for the bank
 * file: no list is held whole), with its staff named.
 */
export async function* allPayouts(
  pool: Pool,
  desks: Desks,
  query: Pick<PayoutsQuery, 'state' | 'q' | 'from' | 'to'>,
): AsyncGenerator<{ row: WithdrawalWithRequester; payout: PayoutView }> {
  let after: string | undefined;
  do {
    const page = await listPayouts(pool, desks, { ...query, page: 1, after });
    const payouts = await toPayouts(pool, page.rows);
    for (const [i, row] of page.rows.entries()) yield { row, payout: payouts[i]! };
    after = page.next;
  } while (after);
}

/** The manual desk's figures, counted by the database (not from a page in hand). */
export async function payoutSummary(pool: Pool, desks: Desks): Promise<PayoutSummary> {
  const row = await payoutCounts(pool, desks);
  return {
    awaiting: Number(row.awaiting),
    totalToSend: koboToNaira(row.to_send),
    oldestApprovedAt: iso(row.oldest),
    needsAttention: Number(row.attention),
    sending: Number(row.sending),
  };
}

/** What a payout provider said against the ledger, newest first. */
export async function listDiscrepancies(pool: Pool) {
  const rows = await listPayoutDiscrepancies(pool);
  return rows.map((row) => ({
    withdrawalId: row.withdrawal_id,
    userId: row.user_id,
    fullName: fullNameOf(row),
    erasedAt: iso(row.deleted_at),
    kind: row.kind,
    provider: row.provider,
    detail: row.detail,
    foundAt: iso(row.found_at)!,
  }));
}

export { findWithdrawal };
