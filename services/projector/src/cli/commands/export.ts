/** ledger export --from <time> --to <time>: the journal as CSV on stdout, in log order. */
import type { Pool } from '@kobo/platform/src/database';
import { optionTime, UsageError, type ParsedArgs } from '../args';

const PAGE = 10_000;

function csv(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Kobo to naira text without floating point: -150 -> "-1.50". */
export function koboToNairaText(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

interface Row {
  global_position: number;
  posting_index: number;
  event_id: string;
  event_type: string;
  account: string;
  amount: number;
  recorded_at: Date;
}

export async function exportCommand(
  pool: Pool,
  args: ParsedArgs,
  write: (text: string) => void | Promise<void>,
): Promise<number> {
  const from = optionTime(args, 'from');
  const to = optionTime(args, 'to');
  if (!from || !to)
    throw new UsageError('export needs --from <time> and --to <time> (the range is [from, to))');
  await write('position,event_id,event_type,account,amount_kobo,amount_naira,recorded_at\n');
  let after: [number, number] = [0, -1];
  for (;;) {
    const { rows } = await pool.query<Row>(
      `SELECT global_position, posting_index, event_id, event_type, account, amount, recorded_at
       FROM ledger_entries
       WHERE recorded_at >= $1 AND recorded_at < $2 AND (global_position, posting_index) > ($3, $4)
       ORDER BY global_position, posting_index LIMIT ${PAGE}`,
      [from, to, after[0], after[1]],
    );
    if (!rows.length) break;
    let chunk = '';
    for (const row of rows)
      chunk +=
        [
          row.global_position,
          csv(row.event_id),
          csv(row.event_type),
          csv(row.account),
          row.amount,
          koboToNairaText(Number(row.amount)),
          row.recorded_at.toISOString(),
        ].join(',') + '\n';
    await write(chunk);
    const last = rows[rows.length - 1]!;
    after = [Number(last.global_position), Number(last.posting_index)];
    if (rows.length < PAGE) break;
  }
  return 0;
}
