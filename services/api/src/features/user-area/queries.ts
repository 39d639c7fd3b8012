/**
 * What the user area reads, from the read models (docs/projections.md); the profile, dashboard and
 * transactions come from the users and transactions read models (`@kobo/projector`). Every query
 * is scoped by the caller's own user id, which comes from the token, never from the request.
 */
import { Accounts } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';

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
