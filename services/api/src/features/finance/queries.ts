/**
 * The journal (the ledger_entries read model, its queries through @kobo/projector) as finance
 * reads it: filtered pages, statements, point-in-time balances, as answers in naira and kobo.
 */
import { koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import {
  accountBalanceAt,
  accountStatement,
  listJournalEntries,
  type JournalEntryFilter,
  type JournalEntryRow,
} from '@kobo/projector';
import { iso } from '../admin/wire';

export { journalPosition } from '@kobo/projector';

/** A journal row, with the account's running balance where a statement asks for it. */
type EntryRow = JournalEntryRow & { running?: number };

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

export async function journalPage(
  pool: Pool,
  filter: JournalEntryFilter,
  page: { page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const { rows, total, sum } = await listJournalEntries(pool, filter, page);
  return { entries: rows.map(toEntry), total, sum: koboToNaira(sum ?? 0) };
}

/** An account's entries in [from, to) with the running balance, and the balances either side. */
export async function statement(
  pool: Pool,
  account: string,
  range: { from?: Date; to?: Date; page: number; pageSize: number },
) {
  const { opening, closing, total, rows } = await accountStatement(pool, account, {
    from: range.from ?? new Date(0),
    to: range.to ?? null,
    page: range.page,
    pageSize: range.pageSize,
  });
  return {
    openingBalance: koboToNaira(opening),
    closingBalance: koboToNaira(closing),
    total,
    entries: rows.map(toEntry),
  };
}

/** The balance at a moment (entries recorded up to and including it) and the latest entries behind it. */
export async function balanceAt(pool: Pool, account: string, at: Date, limit: number) {
  const { balance, count, rows } = await accountBalanceAt(pool, account, at, limit);
  return {
    balance: koboToNaira(balance),
    balanceKobo: balance,
    entryCount: count,
    entries: rows.map(toEntry),
  };
}
