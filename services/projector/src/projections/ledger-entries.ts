/** The journal: one row per posting, in log order. Statements, point-in-time balances and the CSV export read it. */
import { postingsOf } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../projection';

/** A row of `ledger_entries`: one posting. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface LedgerEntryRow {
  global_position: number;
  posting_index: number;
  event_id: string;
  event_type: string;
  account: string;
  amount: number;
  recorded_at: Date;
}

export const ledgerEntries: Projection<'ledger_entries'> = {
  name: 'ledger_entries',
  description: 'one row per posting (the journal)',
  tables: [{ name: 'ledger_entries', key: ['global_position', 'posting_index'] }],
  handle(event) {
    const postings = postingsOf(event);
    if (!postings.length) return [];
    const recordedAt = timeOf(event);
    return postings.map((posting, index) =>
      ops.insert('ledger_entries', {
        global_position: event.globalPosition,
        posting_index: index,
        event_id: event.id,
        event_type: event.type,
        account: posting.account,
        amount: posting.amount,
        recorded_at: recordedAt,
      }),
    );
  },
};
