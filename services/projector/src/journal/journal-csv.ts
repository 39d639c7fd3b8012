/**
 * The journal as CSV, in log order, for [from, to): one line per posting. The finance CLI
 * (`ledger export`) and the finance API (`/api/finance/export.csv`) both write through this.
 */
import type { Pool } from '@kobo/platform';
import type { LedgerEntryRow } from '../read-models/ledger-entries';

const PAGE = 10_000;

/** One CSV field (RFC 4180 quoting). */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet; a quote-apostrophe defuses it.
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated. */
export function csvLine(fields: (string | number | null | undefined)[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}

export const JOURNAL_CSV_HEADER = csvLine([
  'position',
  'posting_index',
  'event_id',
  'event_type',
  'account',
  'amount_kobo',
  'amount_naira',
  'recorded_at',
]);

/** Kobo to naira text without floating point: -150 -> "-1.50". */
export function koboToNairaText(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pages by key (never OFFSET) and hands each page's text to `write` as it goes. `to` null: up to now. */
export async function writeJournalCsv(
  pool: Pool,
  range: { from: Date; to: Date | null },
  write: (text: string) => void | Promise<void>,
): Promise<void> {
  await write(JOURNAL_CSV_HEADER);
  let after: [number, number] = [0, -1];
  for (;;) {
    const { rows } = await pool.query<LedgerEntryRow>(
      `SELECT global_position, posting_index, event_id, event_type, account, amount, recorded_at
         FROM ledger_entries
        WHERE recorded_at >= $1 AND ($2::timestamptz IS NULL OR recorded_at < $2)
          AND (global_position, posting_index) > ($3, $4)
        ORDER BY global_position, posting_index LIMIT ${PAGE}`,
      [range.from, range.to, after[0], after[1]],
    );
    let chunk = '';
    for (const row of rows)
      chunk += csvLine([
        Number(row.global_position),
        Number(row.posting_index),
        row.event_id,
        row.event_type,
        row.account,
        Number(row.amount),
        koboToNairaText(Number(row.amount)),
        row.recorded_at.toISOString(),
      ]);
    if (chunk) await write(chunk);
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = [Number(last.global_position), Number(last.posting_index)];
  }
}
