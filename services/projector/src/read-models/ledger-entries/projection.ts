/**
 * The journal: one row per posting, in log order. Statements, point-in-time balances, the finance
 * journal's account filter and the CSV export read it. Each row also carries what a statement line
 * shows of its event (the stream, the hash, the task's title, the adjustment's reason, the balance
 * credited), taken from the decoded event, so a statement reads this table alone.
 */
import { postingsOf, type RecordedKoboEvent } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../../projection';

/** A row of `ledger_entries`: one posting. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface LedgerEntryRow {
  global_position: number;
  posting_index: number;
  event_id: string;
  event_type: string;
  /** The stream of the event. */
  stream_id: string;
  /** The event's hash in the chain (hex); '' where the log keeps no chain (KurrentDB). */
  hash: string;
  account: string;
  amount: number;
  recorded_at: Date;
  /** A reward's task title. */
  task_title: string | null;
  /** An adjustment's reason. */
  reason: string | null;
  /** The balance a reward or an adjustment went to ('account', 'activity'). */
  balance_kind: string | null;
}

/** What a statement line says of its event, from the event's current shape. */
function describedBy(
  event: RecordedKoboEvent,
): Pick<LedgerEntryRow, 'task_title' | 'reason' | 'balance_kind'> {
  switch (event.type) {
    case 'RewardCredited':
      return { task_title: event.data.title, reason: null, balance_kind: event.data.balance };
    case 'BalanceAdjusted':
      return { task_title: null, reason: event.data.reason, balance_kind: event.data.balance };
    default:
      return { task_title: null, reason: null, balance_kind: null };
  }
}

export const ledgerEntries: Projection<'ledger_entries'> = {
  name: 'ledger_entries',
  description: 'one row per posting (the journal)',
  tables: [{ name: 'ledger_entries', key: ['global_position', 'posting_index'] }],
  handle(event) {
    const postings = postingsOf(event);
    if (!postings.length) return [];
    const recordedAt = timeOf(event);
    const described = describedBy(event);
    return postings.map((posting, index) =>
      ops.insert('ledger_entries', {
        global_position: event.globalPosition,
        posting_index: index,
        event_id: event.id,
        event_type: event.type,
        stream_id: event.streamId,
        hash: event.hash,
        account: posting.account,
        amount: posting.amount,
        recorded_at: recordedAt,
        ...described,
      }),
    );
  },
};
