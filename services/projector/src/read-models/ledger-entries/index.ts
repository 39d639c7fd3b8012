/** The ledger_entries read model: one row per posting (docs/decisions/0049). */
export { ledgerEntries, type LedgerEntryRow } from './projection';
export {
  accountJournal,
  entryPositionOn,
  listStatement,
  moneyInAndOutByDay,
  type AccountJournalFilter,
  type JournalEvent,
  type MoneyDayRow,
  type StatementRow,
} from './queries';
