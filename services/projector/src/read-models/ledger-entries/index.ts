/** The ledger_entries read model: one row per posting (docs/decisions/0049). */
export { ledgerEntries, type LedgerEntryRow } from './projection';
export {
  accountJournal,
  entryPositionOn,
  listStatement,
  type AccountJournalFilter,
  type JournalEvent,
  type StatementRow,
} from './queries';
