/** The ledger_entries read model: one row per posting (docs/decisions/0049). */
export { ledgerEntries, type LedgerEntryRow } from './projection';
export {
  accountBalanceAt,
  accountJournal,
  accountStatement,
  entryPositionOn,
  journalPosition,
  listJournalEntries,
  listStatement,
  moneyInAndOutByDay,
  type AccountJournalFilter,
  type AccountStatementPage,
  type JournalEntryFilter,
  type JournalEntryRow,
  type JournalEvent,
  type MoneyDayRow,
  type RunningEntryRow,
  type StatementRow,
} from './queries';
