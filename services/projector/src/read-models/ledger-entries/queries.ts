/**
 * What reads ledger_entries for the API: a user's statement, an entry's owner, the journal by
 * account, finance's journal pages, statements and point-in-time balances, and money in and out
 * per day.
 */
import type { Pool } from '@kobo/platform';
import { dateOf, windowParams, WINDOW_END, WINDOW_START, type DayWindow } from '../days';
import type { LedgerEntryRow } from './projection';

/** A statement line: one posting of the account, with the balance after it. */
export type StatementRow = Pick<
  LedgerEntryRow,
  | 'global_position'
  | 'posting_index'
  | 'event_id'
  | 'hash'
  | 'event_type'
  | 'amount'
  | 'recorded_at'
  | 'task_title'
  | 'reason'
  | 'balance_kind'
> & { running_balance: number };

/**
 * The journal lines of one ledger account, newest first, each with the balance after it (summed in
 * log order) and the hash of the event it came from, so a user can check every line against the
 * hash-chained log.
 */
export async function listStatement(pool: Pool, account: string): Promise<StatementRow[]> {
  const { rows } = await pool.query<StatementRow>(
    `SELECT global_position, posting_index, event_id, hash, event_type, amount, recorded_at,
       task_title, reason, balance_kind,
       (sum(amount) OVER (ORDER BY global_position, posting_index ROWS UNBOUNDED PRECEDING))::bigint
         AS running_balance
     FROM ledger_entries
     WHERE account = $1
     ORDER BY global_position DESC, posting_index DESC`,
    [account],
  );
  return rows;
}

/** The position of an event that posted to one of these accounts; undefined if it posted to none. */
export async function entryPositionOn(
  pool: Pool,
  eventId: string,
  accounts: readonly string[],
): Promise<number | undefined> {
  const { rows } = await pool.query<{ global_position: number }>(
    `SELECT global_position FROM ledger_entries WHERE event_id = $1 AND account = ANY($2::text[]) LIMIT 1`,
    [eventId, accounts],
  );
  return rows[0] === undefined ? undefined : Number(rows[0].global_position);
}

/** The journal's events that posted to an account, narrowed further. */
export interface AccountJournalFilter {
  /** An exact account, or a prefix ending in '*'. */
  account: string;
  /** Only events of these streams. */
  streams?: readonly string[];
  type?: string;
  /** Recorded at or after. */
  from?: Date;
  /** Recorded before. */
  to?: Date;
}

/** An event of the journal: where it is in the log and its id. */
export interface JournalEvent {
  position: number;
  eventId: string;
}

/**
 * The events that posted to an account (and meet the rest of the filter) beyond a position: older
 * (below `from`, newest first) or newer (above it, oldest first), at most `limit`. Through the
 * index (account, global_position).
 */
export async function accountJournal(
  pool: Pool,
  filter: AccountJournalFilter,
  direction: 'older' | 'newer',
  from: number,
  limit: number,
): Promise<JournalEvent[]> {
  const values: unknown[] = [from, limit];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses = [
    filter.account.endsWith('*')
      ? `account LIKE ${param(filter.account.slice(0, -1).replace(/[\\%_]/g, '\\$&') + '%')}`
      : `account = ${param(filter.account)}`,
    `global_position ${direction === 'older' ? '<' : '>'} $1`,
  ];
  if (filter.streams !== undefined) clauses.push(`stream_id = ANY(${param(filter.streams)}::text[])`);
  if (filter.type !== undefined) clauses.push(`event_type = ${param(filter.type)}`);
  if (filter.from !== undefined) clauses.push(`recorded_at >= ${param(filter.from)}`);
  if (filter.to !== undefined) clauses.push(`recorded_at < ${param(filter.to)}`);
  const { rows } = await pool.query<{ global_position: string | number; event_id: string }>(
    `SELECT global_position, min(event_id) AS event_id FROM ledger_entries
     WHERE ${clauses.join(' AND ')}
     GROUP BY global_position ORDER BY global_position ${direction === 'older' ? 'DESC' : 'ASC'} LIMIT $2`,
    values,
  );
  return rows.map((row) => ({ position: Number(row.global_position), eventId: row.event_id }));
}

/** Kobo users earned and payouts paid on one day; sums as PostgreSQL answers them (numeric): text. */
export interface MoneyDayRow {
  day: string;
  money_in: string;
  money_out: string;
}

/**
 * Per day of the window (days with entries only): money in, the credits to users' balances by
 * `earningEvents`, and money out, what paid payouts sent to the world.
 */
export async function moneyInAndOutByDay(
  pool: Pool,
  window: DayWindow,
  earningEvents: readonly string[],
): Promise<MoneyDayRow[]> {
  const { rows } = await pool.query<MoneyDayRow>(
    `SELECT ${dateOf('recorded_at')} AS day,
            coalesce(sum(amount) FILTER (
              WHERE event_type = ANY($4) AND amount > 0
                AND (account LIKE 'user:%:account' OR account LIKE 'user:%:activity')), 0) AS money_in,
            coalesce(sum(amount) FILTER (WHERE event_type = 'PayoutSucceeded' AND account = 'world'), 0) AS money_out
       FROM ledger_entries
      WHERE recorded_at >= ${WINDOW_START} AND recorded_at < ${WINDOW_END}
      GROUP BY 1`,
    [...windowParams(window), earningEvents],
  );
  return rows;
}

// Finance's journal ------------------------------------------------------------------------------

/** Finance's journal filter: every condition given must hold. */
export interface JournalEntryFilter {
  /** An exact account, or a prefix ending in '*' ('user:42:*'). */
  account?: string;
  type?: string;
  /** Recorded at or after. */
  from?: Date;
  /** Recorded before. */
  to?: Date;
}

/** A journal line as finance reads it. */
export type JournalEntryRow = Pick<
  LedgerEntryRow,
  'global_position' | 'posting_index' | 'event_id' | 'event_type' | 'account' | 'amount' | 'recorded_at'
>;

/** A journal line with the account's balance after it (summed in log order). */
export type RunningEntryRow = JournalEntryRow & { running: number };

/** The WHERE clause of a filter; its values are appended to `params` (numbered after those already there). */
function journalWhere(filter: JournalEntryFilter, params: unknown[]): string {
  const clauses: string[] = [];
  if (filter.account !== undefined) {
    if (filter.account.endsWith('*')) {
      params.push(filter.account.slice(0, -1).replace(/[\\%_]/g, '\\$&') + '%');
      clauses.push(`account LIKE $${params.length}`);
    } else {
      params.push(filter.account);
      clauses.push(`account = $${params.length}`);
    }
  }
  if (filter.type !== undefined) {
    params.push(filter.type);
    clauses.push(`event_type = $${params.length}`);
  }
  if (filter.from !== undefined) {
    params.push(filter.from);
    clauses.push(`recorded_at >= $${params.length}`);
  }
  if (filter.to !== undefined) {
    params.push(filter.to);
    clauses.push(`recorded_at < $${params.length}`);
  }
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
}

/** One page of the journal's lines matching a filter, in log order (`order`), how many match and their sum. */
export async function listJournalEntries(
  pool: Pool,
  filter: JournalEntryFilter,
  page: { page: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<{ rows: JournalEntryRow[]; total: number; sum: number | null }> {
  const params: unknown[] = [];
  const clause = journalWhere(filter, params);
  const direction = page.order === 'asc' ? 'ASC' : 'DESC';
  const [rows, total] = await Promise.all([
    pool.query<JournalEntryRow>(
      `SELECT global_position, posting_index, event_id, event_type, account, amount, recorded_at
       FROM ledger_entries ${clause}
       ORDER BY global_position ${direction}, posting_index ${direction}
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.pageSize, (page.page - 1) * page.pageSize],
    ),
    pool.query<{ n: number; sum: number | null }>(
      `SELECT count(*)::bigint AS n, sum(amount)::bigint AS sum FROM ledger_entries ${clause}`,
      params,
    ),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]!.n), sum: total.rows[0]!.sum };
}

/** An account's statement over [from, to): its balance before and at the end, its lines and how many. */
export interface AccountStatementPage {
  opening: number;
  closing: number;
  total: number;
  rows: RunningEntryRow[];
}

/** An account's lines in [from, to) (to: none, up to now), in log order, one page, with the running balance. */
export async function accountStatement(
  pool: Pool,
  account: string,
  range: { from: Date; to: Date | null; page: number; pageSize: number },
): Promise<AccountStatementPage> {
  const { from, to } = range;
  const [opening, closing, rows] = await Promise.all([
    pool.query<{ balance: number }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS balance FROM ledger_entries WHERE account = $1 AND recorded_at < $2`,
      [account, from],
    ),
    pool.query<{ balance: number; n: number }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS balance, count(*) FILTER (WHERE recorded_at >= $2)::bigint AS n
       FROM ledger_entries WHERE account = $1 AND ($3::timestamptz IS NULL OR recorded_at < $3)`,
      [account, from, to],
    ),
    pool.query<RunningEntryRow>(
      `SELECT * FROM (
         SELECT global_position, posting_index, event_id, event_type, account, amount, recorded_at,
                sum(amount) OVER (ORDER BY global_position, posting_index) AS running
         FROM ledger_entries WHERE account = $1 AND ($3::timestamptz IS NULL OR recorded_at < $3)
       ) e WHERE recorded_at >= $2
       ORDER BY global_position, posting_index LIMIT $4 OFFSET $5`,
      [account, from, to, range.pageSize, (range.page - 1) * range.pageSize],
    ),
  ]);
  return {
    opening: opening.rows[0]!.balance,
    closing: closing.rows[0]!.balance,
    total: Number(closing.rows[0]!.n),
    rows: rows.rows,
  };
}

/** An account's balance at a moment (lines recorded up to and including it), how many lines, and the last `limit` of them. */
export async function accountBalanceAt(
  pool: Pool,
  account: string,
  at: Date,
  limit: number,
): Promise<{ balance: number; count: number; rows: RunningEntryRow[] }> {
  const [total, rows] = await Promise.all([
    pool.query<{ balance: number; n: number }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS balance, count(*)::bigint AS n
       FROM ledger_entries WHERE account = $1 AND recorded_at <= $2`,
      [account, at],
    ),
    pool.query<RunningEntryRow>(
      `SELECT * FROM (
         SELECT global_position, posting_index, event_id, event_type, account, amount, recorded_at,
                sum(amount) OVER (ORDER BY global_position, posting_index) AS running,
                row_number() OVER (ORDER BY global_position DESC, posting_index DESC) AS from_end
         FROM ledger_entries WHERE account = $1 AND recorded_at <= $2
       ) e WHERE from_end <= $3 ORDER BY global_position, posting_index`,
      [account, at, limit],
    ),
  ]);
  return { balance: Number(total.rows[0]!.balance), count: Number(total.rows[0]!.n), rows: rows.rows };
}

/** How far the journal has read the log: the ledger_entries projector's checkpoint (0 before any). */
export async function journalPosition(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ position: number }>(
    `SELECT position FROM projection_checkpoints WHERE projector = 'ledger_entries'`,
  );
  return Number(rows[0]?.position ?? 0);
}
