/**
 * What the user area reads, from the read models (docs/projections.md); the profile, dashboard and
 * transactions come from the users and transactions read models (`@kobo/projector`). Every query
 * is scoped by the caller's own user id, which comes from the token, never from the request.
 */
import { Accounts } from '@kobo/ledger';

export type StatementBalance = 'account' | 'activity' | 'hold';

/** A statement line, as the ledger_entries read model lists it. */
export type { StatementRow } from '@kobo/projector';

const statementAccounts: Record<StatementBalance, (userId: string) => string> = {
  account: Accounts.userAccount,
  activity: Accounts.userActivity,
  hold: Accounts.userHold,
};

export function statementAccount(userId: string, balance: StatementBalance): string {
  return statementAccounts[balance](userId);
}

/** The user's own ledger accounts: an entry on any of them is theirs to see and prove. */
export function userAccounts(userId: string): string[] {
  return Object.values(statementAccounts).map((account) => account(userId));
}
