/** Withdrawal requests joined with who asked: the admin withdrawals screen and finance's payout list. */
import {
  koboToNaira,
  withdrawalStateOf,
  withdrawalStatusOf,
  type WithdrawalState,
  type WithdrawalStatus,
} from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { WithdrawalRow } from '@kobo/projector';
import { Conditions, direction, readPage } from '../../../http';
import { iso } from '../wire';
import { otherUsersOnBankAccounts, sharedBankAccountOf } from '../users/shared-bank-accounts';
import type { AdminWithdrawal, WithdrawalChecks } from './schemas';

/** A withdrawal (the projector's row) with who asked, their counters and balances (left joins). */
export interface WithdrawalWithRequester extends WithdrawalRow {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  total_tasks: number | null;
  total_referrals: number | null;
  account_balance: number | null;
  activity_balance: number | null;
  /** Other users holding the bank account this withdrawal pays (`otherUsersOnBankAccounts`). */
  shared_bank_others?: number;
}

export const SELECT_WITHDRAWALS = `
  SELECT w.*, u.first_name, u.last_name, u.username, u.email, u.phone,
         s.total_tasks, s.total_referrals, b.account_balance, b.activity_balance
  FROM withdrawals w
  LEFT JOIN users u ON u.user_id = w.user_id
  LEFT JOIN user_stats s ON s.user_id = w.user_id
  LEFT JOIN user_balances b ON b.user_id = w.user_id`;

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
    accountDetails: `${row.bank_name} - ${row.account_num} - ${row.account_name}`,
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
const WITHDRAWAL_ORDER: Record<(typeof WITHDRAWAL_SORTS)[number], string> = {
  createdAt: 'requested_at',
  amount: 'amount',
};
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
  const where = new Conditions().search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.username',
    'u.email',
  ]);
  if (query.status) where.add((param) => `w.status = ANY(${param(STATUSES_OF[query.status!])}::text[])`);
  if (query.state) where.add((param) => `w.status = ${param(withdrawalStatusOf(query.state!))}`);
  const sort = query.sort ?? 'createdAt';
  const { rows, total, next } = await readPage<WithdrawalWithRequester>(pool, {
    select: SELECT_WITHDRAWALS,
    where,
    order: [
      [WITHDRAWAL_ORDER[sort], direction(query.order, 'desc')],
      ['withdrawal_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  const withdrawals = (await otherUsersOnBankAccounts(pool, rows)).map((row) => toAdminWithdrawal(row, desk));
  return { withdrawals, total, next };
}

export async function findWithdrawal(
  pool: Pool,
  withdrawalId: string,
): Promise<WithdrawalWithRequester | null> {
  const { rows } = await pool.query<WithdrawalWithRequester>(
    `${SELECT_WITHDRAWALS} WHERE w.withdrawal_id = $1`,
    [withdrawalId],
  );
  return rows[0] ? (await otherUsersOnBankAccounts(pool, rows))[0]! : null;
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
  const [{ rows: users }, { rows: payouts }] = await Promise.all([
    pool.query<{
      created_at: Date;
      bank_details_set_at: Date | null;
      bank_name_check: 'resolved' | 'unchecked' | null;
    }>('SELECT created_at, bank_details_set_at, bank_name_check FROM users WHERE user_id = $1', [
      found.user_id,
    ]),
    pool.query<{
      count: number;
      total: string | null;
      last_paid_at: Date | null;
      last_amount: string | null;
    }>(
      `SELECT count(*)::int AS count, sum(amount) AS total, max(paid_at) AS last_paid_at,
              (array_agg(amount ORDER BY paid_at DESC))[1] AS last_amount
       FROM withdrawals WHERE user_id = $1 AND status = 'paid' AND withdrawal_id <> $2`,
      [found.user_id, withdrawalId],
    ),
  ]);
  const user = users[0];
  const paid = payouts[0]!;
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
