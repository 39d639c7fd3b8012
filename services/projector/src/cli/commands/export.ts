/** ledger export --from <time> --to <time>: the journal as CSV on stdout, in log order. */
import type { Pool } from '@kobo/platform';
import { writeJournalCsv } from '../../journal/journal-csv';
import { optionTime, UsageError, type ParsedArgs } from '../args';

export async function exportCommand(
  pool: Pool,
  args: ParsedArgs,
  write: (text: string) => void | Promise<void>,
): Promise<number> {
  const from = optionTime(args, 'from');
  const to = optionTime(args, 'to');
  if (!from || !to)
    throw new UsageError('export needs --from <time> and --to <time> (the range is [from, to))');
  await writeJournalCsv(pool, { from, to }, write);
  return 0;
}
