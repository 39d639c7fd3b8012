/** Balances: every ledger account's balance, and per user the account, activity and held balances. */
import { postingsOf } from '@kobo/ledger';
import { ops, timeOf, type Projection, type RowOp } from '../../projection';
import { parseUserAccount, type UserBalanceKind } from '../accounts';

/** A row of `account_balances`: one per ledger account. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface AccountBalanceRow {
  account: string;
  balance: number;
  entry_count: number;
  last_position: number;
  updated_at: Date;
}

/** A row of `user_balances`: a user's three balances, in kobo. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface UserBalanceRow {
  user_id: string;
  account_balance: number;
  activity_balance: number;
  held_balance: number;
  last_position: number;
  updated_at: Date;
}

const userColumn: Record<UserBalanceKind, string> = {
  account: 'account_balance',
  activity: 'activity_balance',
  hold: 'held_balance',
};

export const balances: Projection<'balances'> = {
  name: 'balances',
  description: 'balance per ledger account; account, activity and held balance per user',
  tables: [
    { name: 'account_balances', key: ['account'] },
    { name: 'user_balances', key: ['user_id'] },
  ],
  handle(event) {
    const postings = postingsOf(event);
    if (!postings.length && event.type !== 'UserRegistered') return [];
    // Kept at the latest: an account's postings come from many streams (decision 0028).
    const latest = { last_position: event.globalPosition, updated_at: timeOf(event) };
    const changes: RowOp[] = [];
    // Every registered user has a row, even before their first posting.
    if (event.type === 'UserRegistered')
      changes.push(ops.upsert('user_balances', { user_id: event.data.userId }, { latest }));
    for (const posting of postings) {
      changes.push(
        ops.upsert(
          'account_balances',
          { account: posting.account },
          { latest, add: { balance: posting.amount, entry_count: 1 } },
        ),
      );
      const owner = parseUserAccount(posting.account);
      if (owner)
        changes.push(
          ops.upsert(
            'user_balances',
            { user_id: owner.userId },
            { latest, add: { [userColumn[owner.kind]]: posting.amount } },
          ),
        );
    }
    return changes;
  },
};
