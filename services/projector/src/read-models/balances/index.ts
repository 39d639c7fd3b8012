/** The balances read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export { balances, type AccountBalanceRow, type UserBalanceRow } from './projection';
export { usersWithMovedBalances } from './queries';
