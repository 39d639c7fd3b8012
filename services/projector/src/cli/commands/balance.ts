/** ledger balance <account> [--at <time>] [--limit N|all]: the balance at a moment, and the entries behind it. */
import { formatNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { readCheckpoint } from '../../runtime/checkpoints';
import { optionText, optionTime, UsageError, type ParsedArgs } from '../args';

interface EntryRow {
  global_position: number;
  event_id: string;
  event_type: string;
  amount: number;
  recorded_at: Date;
  running: number;
}

export async function balanceCommand(
  pool: Pool,
  args: ParsedArgs,
  out: (line: string) => void,
): Promise<number> {
  const account = args.positionals[1];
  if (!account)
    throw new UsageError('balance needs an account, e.g. user:<id>:account, campaign:<id>:escrow, world');
  const at = optionTime(args, 'at') ?? new Date();
  const limitText = optionText(args, 'limit') ?? '50';
  const limit = limitText === 'all' ? null : Number(limitText);
  if (limit !== null && (!Number.isInteger(limit) || limit < 0))
    throw new UsageError('--limit is a number or "all"');

  const journalAt = await readCheckpoint(pool, 'ledger_entries');
  const { rows } = await pool.query<EntryRow>(
    `SELECT * FROM (
       SELECT global_position, event_id, event_type, amount, recorded_at,
              sum(amount) OVER (ORDER BY global_position, posting_index) AS running,
              row_number() OVER (ORDER BY global_position DESC, posting_index DESC) AS from_end
       FROM ledger_entries WHERE account = $1 AND recorded_at <= $2
     ) e WHERE $3::int IS NULL OR from_end <= $3 ORDER BY global_position`,
    [account, at, limit],
  );
  const total = await pool.query<{ balance: number; entries: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS balance, count(*)::int AS entries
     FROM ledger_entries WHERE account = $1 AND recorded_at <= $2`,
    [account, at],
  );
  const { balance, entries } = total.rows[0]!;
  out(
    `${account} at ${at.toISOString()}: ${formatNaira(Number(balance))} (${balance} kobo), from ${entries} entries`,
  );
  out(`(journal projected up to position ${journalAt})`);
  if (entries > rows.length)
    out(`… ${entries - rows.length} earlier entries not shown (--limit all shows them)`);
  for (const row of rows) {
    const amount = (row.amount > 0 ? '+' : '') + formatNaira(Number(row.amount));
    out(
      `  #${row.global_position}  ${row.recorded_at.toISOString()}  ${row.event_type.padEnd(22)}` +
        `${amount.padStart(16)}  balance ${formatNaira(Number(row.running)).padStart(16)}  event ${row.event_id}`,
    );
  }
  return 0;
}
