/**
 * Withdrawal requests as the admin withdrawals screen and finance's payout list show them: the
 * withdrawals read model's rows (its queries, @kobo/projector) with who asked, as answers.
 */
import {
  koboToNaira,
  withdrawalStateOf,
  withdrawalStatusOf,
  type WithdrawalState,
  type WithdrawalStatus,
} from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  earlierPayouts,
  findBankDetailsAge,
  findWithdrawal as findWithdrawalRow,
  listWithdrawals as listWithdrawalRows,
  type WithdrawalWithRequester as WithdrawalRowWithRequester,
} from '@kobo/projector';
import { direction } from '../../../http';
import { iso } from '../wire';
import { otherUsersOnBankAccounts, sharedBankAccountOf } from '../users/shared-bank-accounts';
import type { AdminWithdrawal, WithdrawalChecks } from './schemas';

/** A withdrawal (the projector's row) with who asked, and other users on the bank account it pays. */
export interface WithdrawalWithRequester extends WithdrawalRowWithRequester {
  /** Other users holding the bank account this withdrawal pays (`otherUsersOnBankAccounts`). */
  shared_bank_others?: number;
}

export function fullNameOf(
  row: Pick<WithdrawalWithRequester, 'first_name' | 'last_name' | 'username'>,
): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username || 'User';
}

/**
 * The old client knows pending, approved and rejected; every later payout status was approved,
 * and `state` says where the money is.
 */
export function adminStatus(status: WithdrawalStatus): 'pending' | 'approved' | 'rejected' {
  return status === 'pending' || status === 'rejected' ? status : 'approved';
}

/** The desk's settings a row needs: approving above `confirmAbove` (kobo) must be confirmed. */
export interface WithdrawalDesk {
  confirmAbove: number;
}

export function needsConfirmation(amount: number, desk: WithdrawalDesk): boolean {
  return amount > desk.confirmAbove;
}

export function toAdminWithdrawal(row: WithdrawalWithRequester, desk: WithdrawalDesk): AdminWithdrawal {
  return {
    _id: row.withdrawal_id,
    userId: row.user_id,
    fullName: fullNameOf(row),
    username: row.username ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    erasedAt: iso(row.deleted_at),
    amount: koboToNaira(row.amount),
    withdrawalAmount: koboToNaira(row.amount),
    fee: koboToNaira(row.fee),
    method: 'Bank Transfer',
    type: row.type,
    createdAt: iso(row.requested_at)!,
    status: adminStatus(row.status),
    totalTasks: Number(row.total_tasks ?? 0),
    totalReferrals: Number(row.total_referrals ?? 0),
    accountBalance: koboToNaira(row.account_balance ?? 0),
    activityBalance: koboToNaira(row.activity_balance ?? 0),
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_num,
    accountDetails:
      row.deleted_at && !row.account_num
        ? `${row.bank_name} - account details erased`
        : `${row.bank_name} - ${row.account_num} - ${row.account_name}`,
    sharedBankAccount: sharedBankAccountOf(row),
    transactionId: row.withdrawal_id,
    state: withdrawalStateOf(row.status),
    bankCode: row.bank_code,
    payoutReference: row.payout_reference,
    sentAt: iso(row.sent_at),
    reversedAt: iso(row.reversed_at),
    reversalReason: row.reversal_reason,
    heldReason: row.held_reason,
    rejectionReason: row.rejection_reason,
    failureReason: row.failure_reason,
    needsConfirmation: row.status === 'pending' && needsConfirmation(Number(row.amount), desk),
    undoableUntil: row.status === 'approved' ? iso(row.undoable_until) : null,
  };
}

export const WITHDRAWAL_SORTS = ['createdAt', 'amount'] as const;
const WITHDRAWAL_ORDER = {
  createdAt: 'requested_at',
  amount: 'amount',
} as const satisfies Record<(typeof WITHDRAWAL_SORTS)[number], string>;
/** The old client's statuses, as the read model's. */
const STATUSES_OF = {
  pending: ['pending'],
  approved: ['approved', 'sending', 'paid', 'payout_failed', 'reversed'],
  rejected: ['rejected'],
} satisfies Record<ReturnType<typeof adminStatus>, WithdrawalStatus[]>;

export interface WithdrawalListQuery {
  q?: string;
  status?: keyof typeof STATUSES_OF;
  /** Where the money is (the one vocabulary); narrower than the old client's status. */
  state?: WithdrawalState;
  sort?: (typeof WITHDRAWAL_SORTS)[number];
  order?: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  after?: string;
}

/** Requests in every state, newest first unless sorted otherwise; `q` looks in who asked. */
export async function listWithdrawals(pool: Pool, query: WithdrawalListQuery, desk: WithdrawalDesk) {
  const { rows, total, next } = await listWithdrawalRows(pool, {
    q: query.q,
    statusIn: query.status && STATUSES_OF[query.status],
    status: query.state && withdrawalStatusOf(query.state),
    sort: WITHDRAWAL_ORDER[query.sort ?? 'createdAt'],
    order: direction(query.order, 'desc'),
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  const withdrawals = (await otherUsersOnBankAccounts(pool, rows)).map((row) => toAdminWithdrawal(row, desk));
  return { withdrawals, total, next };
}

/** A withdrawal with who asked and other users on its bank account; null when there is none. */
export async function findWithdrawal(
  pool: Pool,
  withdrawalId: string,
): Promise<WithdrawalWithRequester | null> {
  const row = await findWithdrawalRow(pool, withdrawalId);
  return row ? (await otherUsersOnBankAccounts(pool, [row]))[0]! : null;
}

/** The words of a name, lower-cased, letters and digits only: 'Ada-Obi  N.' -> ['ada', 'obi', 'n']. */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether an account name holds the user's first and last names, each as a whole word, in any
 * order and case (banks often hold SURNAME FIRSTNAME MIDDLENAME).
 */
export function accountNameMatches(accountName: string, firstName: string, lastName: string): boolean {
  const held = new Set(wordsOf(accountName));
  const wanted = [...wordsOf(firstName), ...wordsOf(lastName)];
  return wanted.length > 0 && wanted.every((word) => held.has(word));
}

/** What the desk shows beside one request; null when there is no such withdrawal. */
export async function withdrawalChecks(pool: Pool, withdrawalId: string): Promise<WithdrawalChecks | null> {
  const found = await findWithdrawal(pool, withdrawalId);
  if (!found) return null;
  const [user, paid] = await Promise.all([
    findBankDetailsAge(pool, found.user_id),
    earlierPayouts(pool, found.user_id, withdrawalId),
  ]);
  return {
    withdrawalId,
    accountCreatedAt: iso(user?.created_at ?? null),
    bankDetailsSetAt: iso(user?.bank_details_set_at ?? null),
    accountNameCheck: user?.bank_name_check ?? null,
    accountNameMatchesUser: accountNameMatches(
      found.account_name,
      found.first_name ?? '',
      found.last_name ?? '',
    ),
    earlierPayouts: {
      count: paid.count,
      total: koboToNaira(Number(paid.total ?? 0)),
      lastPaidAt: iso(paid.last_paid_at),
      lastAmount: paid.last_amount === null ? null : koboToNaira(Number(paid.last_amount)),
    },
    sharedBankAccount: sharedBankAccountOf(found),
  };
}
