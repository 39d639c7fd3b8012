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
import type { AdminWithdrawal } from './schemas';

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

export function toAdminWithdrawal(row: WithdrawalWithRequester): AdminWithdrawal {
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
export async function listWithdrawals(pool: Pool, query: WithdrawalListQuery) {
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
  return { withdrawals: (await otherUsersOnBankAccounts(pool, rows)).map(toAdminWithdrawal), total, next };
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
