/** The transactions read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export {
  transactions,
  type TransactionRow,
  type TransactionStatus,
  type TransactionType,
  type TransactionWithdrawalState,
} from './projection';
export {
  listTransactions,
  listTransactionsOf,
  TRANSACTION_SORTS,
  type AdminTransactionRow,
  type TransactionListQuery,
  type TransactionSort,
  type UserTransactionRow,
} from './queries';
