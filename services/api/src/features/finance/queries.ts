/** The journal (ledger_entries) as finance reads it: filtered pages, statements, point-in-time balances. */
import type { Pool } from '@kobo/platform';
import type { LedgerEntryRow } from '@kobo/projector';
import { iso } from '../admin/wire';
import { koboToNaira } from '@kobo/ledger';

export interface JournalFilter {
  /** An exact account, or a prefix ending in '*' ('user:42:*'). */
  account?: string;
  type?: string;
  from?: Date;
  to?: Date;
}

/** A journal row, with the account's running balance where a statement asks for it. */
type EntryRow = LedgerEntryRow & { running?: number };

export function toEntry(row: EntryRow) {
  const entry = {
    eventId: row.event_id,
    position: Number(row.global_position),
    postingIndex: Number(row.posting_index),
    type: row.event_type,
    account: row.account,
    amount: koboToNaira(row.amount),
    amountKobo: Number(row.amount),
    recordedAt: iso(row.recorded_at)!,
  };
  return row.running === undefined
    ? entry
    : { ...entry, balance: koboToNaira(row.running), balanceKobo: Number(row.running) };
}

/** The WHERE clause of a filter; its values are appended to `params` (numbered after those already there). */
function where(filter: JournalFilter, params: unknown[]): string {
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

export async function journalPage(
  pool: Pool,
  filter: JournalFilter,
  page: { page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const params: unknown[] = [];
  const clause = where(filter, params);
  const direction = page.order === 'asc' ? 'ASC' : 'DESC';
  const [rows, total] = await Promise.all([
    pool.query<EntryRow>(
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
  return {
    entries: rows.rows.map(toEntry),
    total: Number(total.rows[0]!.n),
    sum: koboToNaira(total.rows[0]!.sum ?? 0),
  };
}

/** An account's entries in [from, to) with the running balance, and the balances either side. */
export async function statement(
  pool: Pool,
  account: string,
  range: { from?: Date; to?: Date; page: number; pageSize: number },
) {
  const from = range.from ?? new Date(0);
  const to = range.to ?? null;
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
    pool.query<EntryRow>(
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
    openingBalance: koboToNaira(opening.rows[0]!.balance),
    closingBalance: koboToNaira(closing.rows[0]!.balance),
    total: Number(closing.rows[0]!.n),
    entries: rows.rows.map(toEntry),
  };
}

/** The balance at a moment (entries recorded up to and including it) and the latest entries behind it. */
export async function balanceAt(pool: Pool, account: string, at: Date, limit: number) {
  const [total, rows] = await Promise.all([
    pool.query<{ balance: number; n: number }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS balance, count(*)::bigint AS n
       FROM ledger_entries WHERE account = $1 AND recorded_at <= $2`,
      [account, at],
    ),
    pool.query<EntryRow>(
      `SELECT * FROM (
         SELECT global_position, posting_index, event_id, event_type, account, amount, recorded_at,
                sum(amount) OVER (ORDER BY global_position, posting_index) AS running,
                row_number() OVER (ORDER BY global_position DESC, posting_index DESC) AS from_end
         FROM ledger_entries WHERE account = $1 AND recorded_at <= $2
       ) e WHERE from_end <= $3 ORDER BY global_position, posting_index`,
      [account, at, limit],
    ),
  ]);
  const balance = Number(total.rows[0]!.balance);
  return {
    balance: koboToNaira(balance),
    balanceKobo: balance,
    entryCount: Number(total.rows[0]!.n),
    entries: rows.rows.map(toEntry),
  };
}

export async function journalPosition(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ position: number }>(
    `SELECT position FROM projection_checkpoints WHERE projector = 'ledger_entries'`,
  );
  return Number(rows[0]?.position ?? 0);
}
