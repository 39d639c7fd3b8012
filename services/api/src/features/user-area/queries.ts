/**
 * What the user area reads, from the read models (docs/projections.md). Every query is scoped by
 * the caller's own user id, which comes from the token, never from the request.
 */
import { Accounts } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { TransactionRow as ReadModelTransactionRow, UserRow } from '@kobo/projector';
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

export type StatementBalance = 'account' | 'activity' | 'hold';

export interface StatementRow {
  global_position: number;
  posting_index: number;
  event_id: string;
  hash: string;
  event_type: string;
  amount: number;
  running_balance: number;
  recorded_at: Date;
  /** From the event's data, for the entry's title: the task's title, the adjustment's reason, the balance. */
  task_title: string | null;
  reason: string | null;
  balance_kind: string | null;
}

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

/**
 * The journal lines of one of the user's ledger accounts, newest first, each with the balance
 * after it (summed in log order) and the hash of the event it came from, so a user can check
 * every line against the hash-chained log.
 */
export async function listStatement(pool: Pool, account: string): Promise<StatementRow[]> {
  const { rows } = await pool.query<StatementRow>(
    `SELECT le.global_position, le.posting_index, le.event_id, encode(e.hash, 'hex') AS hash,
       le.event_type, le.amount, le.recorded_at,
       e.data->>'title' AS task_title, e.data->>'reason' AS reason, e.data->>'balance' AS balance_kind,
       (sum(le.amount) OVER (ORDER BY le.global_position, le.posting_index
                             ROWS UNBOUNDED PRECEDING))::bigint AS running_balance
     FROM ledger_entries le
     JOIN events e ON e.global_position = le.global_position
     WHERE le.account = $1
     ORDER BY le.global_position DESC, le.posting_index DESC`,
    [account],
  );
  return rows;
}
