/**
 * What the user area reads, from the read models (docs/projections.md). Every query is scoped by
 * the caller's own user id, which comes from the token, never from the request.
 */
import { Accounts } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { TransactionRow as ReadModelTransactionRow, UserRow, WithdrawalRow } from '@kobo/projector';
import { Conditions, readPage } from '../../http';

/** The columns of the users read model that the profile shows. */
export type ProfileRow = Pick<
  UserRow,
  | 'user_id'
  | 'username'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'referral_code'
  | 'bank_name'
  | 'bank_code'
  | 'account_num'
  | 'account_name'
> & {
  /** Whether the account has a transaction PIN (transaction_pins, beside the credentials). */
  has_pin: boolean;
};

export interface DashboardRow extends ProfileRow {
  account_balance: number;
  activity_balance: number;
  held_balance: number;
  total_tasks: number;
  total_earnings: number;
  total_referrals: number;
  total_withdrawn: number;
}

const profileColumns = `u.user_id, u.username, u.first_name, u.last_name, u.email, u.phone, u.referral_code,
  u.bank_name, u.bank_code, u.account_num, u.account_name`;

export async function findDashboard(pool: Pool, userId: string): Promise<DashboardRow | undefined> {
  const { rows } = await pool.query<DashboardRow>(
    `SELECT ${profileColumns},
       coalesce(b.account_balance, 0) AS account_balance,
       coalesce(b.activity_balance, 0) AS activity_balance,
       coalesce(b.held_balance, 0) AS held_balance,
       coalesce(s.total_tasks, 0) AS total_tasks,
       coalesce(s.total_earnings, 0) AS total_earnings,
       coalesce(s.total_referrals, 0) AS total_referrals,
       coalesce(s.total_withdrawn, 0) AS total_withdrawn,
       EXISTS (SELECT 1 FROM transaction_pins p WHERE p.user_id = u.user_id::uuid) AS has_pin
     FROM users u
     LEFT JOIN user_balances b ON b.user_id = u.user_id
     LEFT JOIN user_stats s ON s.user_id = u.user_id
     WHERE u.user_id = $1 AND NOT u.deleted`,
    [userId],
  );
  return rows[0];
}

export interface BalancesRow {
  account_balance: number;
  activity_balance: number;
  held_balance: number;
}

export async function findBalances(pool: Pool, userId: string): Promise<BalancesRow> {
  const { rows } = await pool.query<BalancesRow>(
    `SELECT account_balance, activity_balance, held_balance FROM user_balances WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { account_balance: 0, activity_balance: 0, held_balance: 0 };
}

/** The columns of the user's history that the client sees. */
export type TransactionRow = Pick<
  ReadModelTransactionRow,
  'id' | 'type' | 'title' | 'amount' | 'status' | 'withdrawal_state' | 'created_at'
>;

/** The user's transactions, newest first, a page at a time (by number or by key). */
export async function listTransactions(
  pool: Pool,
  userId: string,
  paging: { page: number; pageSize?: number; after?: string },
): Promise<{ rows: TransactionRow[]; total: number; next?: string }> {
  return readPage<TransactionRow>(pool, {
    select:
      'SELECT id, type, title, amount, status, withdrawal_state, created_at, global_position FROM transactions',
    where: new Conditions().add((param) => `user_id = ${param(userId)}`),
    order: [
      ['created_at', 'DESC'],
      ['global_position', 'DESC'],
      ['id', 'ASC'],
    ],
    ...paging,
  });
}

export async function listWithdrawals(pool: Pool, userId: string): Promise<WithdrawalRow[]> {
  const { rows } = await pool.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE user_id = $1
     ORDER BY requested_at DESC, withdrawal_id`,
    [userId],
  );
  return rows;
}

export async function findWithdrawal(
  pool: Pool,
  userId: string,
  withdrawalId: string,
): Promise<WithdrawalRow | undefined> {
  const { rows } = await pool.query<WithdrawalRow>(
    'SELECT * FROM withdrawals WHERE user_id = $1 AND withdrawal_id = $2',
    [userId, withdrawalId],
  );
  return rows[0];
}

export type StatementBalance = 'account' | 'activity' | 'hold';

/** A statement line, as the ledger_entries read model lists it. */
export type { StatementRow } from '@kobo/projector';

const statementAccounts: Record<StatementBalance, (userId: string) => string> = {
  account: Accounts.userAccount,
  activity: Accounts.userActivity,
  hold: Accounts.userHold,
};

export function statementAccount(userId: string, balance: StatementBalance): string {
  return statementAccounts[balance](userId);
}

/** The user's own ledger accounts: an entry on any of them is theirs to see and prove. */
export function userAccounts(userId: string): string[] {
  return Object.values(statementAccounts).map((account) => account(userId));
}
