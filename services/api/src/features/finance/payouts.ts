/**
 * The payout desk: approved withdrawals on their way to the bank, who pays each (the provider, or
 * finance by hand on the manual desk), and their outcome.
 */
import { koboToNaira, withdrawalStateOf, type PayoutDiscrepancyKind } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  findWithdrawal,
  fullNameOf,
  SELECT_WITHDRAWALS,
  type WithdrawalWithRequester,
} from '../admin/withdrawals/queries';
import { otherUsersOnBankAccounts, sharedBankAccountOf } from '../admin/users/shared-bank-accounts';
import { iso } from '../admin/wire';
import { staffNameOf, staffNames, type StaffNames } from '../admin/staff-names';
import { Conditions, readPage, type OrderKey } from '../../http';
import type { PayoutSummary, PayoutsQuery, PayoutView, payoutStates } from './schemas';

/**
 * Who pays an approved withdrawal that no desk has taken yet: with the manual provider, finance
 * (the manual desk lists it); with a payout provider, the payout job, which hands it to the
 * provider (PayoutSent) or holds it (PayoutHeld), and finance only sees it once moved to the
 * manual desk.
 */
export interface Desks {
  manualTakesUnassigned: boolean;
}

/** The manual desk's payouts: moved there, or (manual provider) approved and not yet taken. */
function onManualDesk(desks: Desks): string {
  const unassigned = desks.manualTakesUnassigned
    ? " OR (w.payout_desk IS NULL AND w.status = 'approved')"
    : '';
  return `(w.status IN ('approved', 'sending') AND (w.payout_desk = 'manual'${unassigned}))`;
}

const conditionFor: Record<(typeof payoutStates)[number], (desks: Desks) => string> = {
  pending: onManualDesk,
  sending: () => `(w.status = 'sending' AND w.payout_desk = 'provider')`,
  attention: () =>
    `(w.status IN ('approved', 'sending') AND w.held_reason IS NOT NULL AND w.payout_desk IS DISTINCT FROM 'manual')`,
  paid: () => `w.status = 'paid'`,
  failed: () => `w.status = 'payout_failed'`,
  reversed: () => `w.status = 'reversed'`,
  all: () => `w.status IN ('approved', 'sending', 'paid', 'payout_failed', 'reversed')`,
};

/** Whether finance may mark this payout paid or failed by hand: only one on the manual desk. */
export function isOnManualDesk(row: WithdrawalWithRequester, desks: Desks): boolean {
  if (row.status !== 'approved' && row.status !== 'sending') return true; // settled: the ledger answers
  return row.payout_desk === 'manual' || (desks.manualTakesUnassigned && row.payout_desk === null);
}

/** The date a list's range applies to: when paid, failed or reversed for those lists, else when approved. */
const dateOf: Record<(typeof payoutStates)[number], string> = {
  pending: 'w.approved_at',
  sending: 'w.approved_at',
  attention: 'w.approved_at',
  paid: 'w.paid_at',
  failed: 'w.failed_at',
  reversed: 'w.reversed_at',
  all: 'w.approved_at',
};

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

/** Oldest approval first: the order to pay them in (approved_at is set in every payout state). */
const PAYOUT_ORDER: OrderKey[] = [
  ['coalesce(approved_at, requested_at)', 'ASC'],
  ['withdrawal_id', 'ASC'],
];

/**
 * One page of payouts in a state, by key; `q` looks in who asked (name, username, email), the bank
 * account and the references; [from, to) on the list's date (dateOf).
 */
export async function listPayouts(pool: Pool, desks: Desks, query: Omit<PayoutsQuery, 'sort' | 'order'>) {
  const where = new Conditions().add(() => conditionFor[query.state](desks));
  if (query.from) where.add((param) => `${dateOf[query.state]} >= ${param(query.from)}`);
  if (query.to) where.add((param) => `${dateOf[query.state]} < ${param(query.to)}`);
  where.search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.username',
    'u.email',
    'w.account_name',
    'w.account_num',
    'w.payout_reference',
    'w.transfer_code',
  ]);
  const page = await readPage<WithdrawalWithRequester>(pool, {
    select: SELECT_WITHDRAWALS,
    where,
    order: PAYOUT_ORDER,
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
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
  const { rows } = await pool.query<{
    awaiting: string;
    to_send: string;
    oldest: Date | null;
    attention: string;
    sending: string;
  }>(
    `SELECT count(*) FILTER (WHERE ${onManualDesk(desks)}) AS awaiting,
            coalesce(sum(amount - fee) FILTER (WHERE ${onManualDesk(desks)}), 0) AS to_send,
            min(approved_at) FILTER (WHERE ${onManualDesk(desks)}) AS oldest,
            count(*) FILTER (WHERE ${conditionFor.attention(desks)}) AS attention,
            count(*) FILTER (WHERE ${conditionFor.sending(desks)}) AS sending
     FROM withdrawals w WHERE w.status IN ('approved', 'sending')`,
  );
  const row = rows[0]!;
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
  const { rows } = await pool.query<{
    withdrawal_id: string;
    user_id: string;
    kind: PayoutDiscrepancyKind;
    provider: string;
    detail: string;
    found_at: Date;
    first_name: string | null;
    last_name: string | null;
    username: string | null;
  }>(
    `SELECT d.withdrawal_id, d.user_id, d.kind, d.provider, d.detail, d.found_at,
            u.first_name, u.last_name, u.username
     FROM payout_discrepancies d LEFT JOIN users u ON u.user_id = d.user_id
     ORDER BY d.found_at DESC, d.withdrawal_id LIMIT 500`,
  );
  return rows.map((row) => ({
    withdrawalId: row.withdrawal_id,
    userId: row.user_id,
    fullName: fullNameOf(row),
    kind: row.kind,
    provider: row.provider,
    detail: row.detail,
    foundAt: iso(row.found_at)!,
  }));
}

export { findWithdrawal };
