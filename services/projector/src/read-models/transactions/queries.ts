/** The transactions read model's queries: a user's history, and every user's for the admin. */
import type { Pool } from '@kobo/platform';
import { Conditions, direction, readPage } from '../paging';
import type { UserRow } from '../users';
import type { TransactionRow, TransactionStatus, TransactionType } from './projection';

/** The columns of the user's history that the client sees. */
export type UserTransactionRow = Pick<
  TransactionRow,
  'id' | 'type' | 'title' | 'amount' | 'status' | 'withdrawal_state' | 'created_at'
>;

/** The user's transactions, newest first, a page at a time (by number or by key). */
export async function listTransactionsOf(
  pool: Pool,
  userId: string,
  paging: { page: number; pageSize?: number; after?: string },
): Promise<{ rows: UserTransactionRow[]; total: number; next?: string }> {
  return readPage<UserTransactionRow>(pool, {
    select:
      'SELECT id, type, title, amount, status, withdrawal_state, created_at, global_position FROM transactions',
    where: new Conditions().add((param) => `user_id = ${param(userId)}`),
    order: [
      ['created_at', 'DESC'],
      ['global_position', 'DESC'],
      ['id', 'ASC'],
    ],
    ...paging,
  });
}

/** A transaction as the admin transactions screen lists it, with its user's names (null: no user row). */
export type AdminTransactionRow = Pick<
  TransactionRow,
  'id' | 'user_id' | 'type' | 'title' | 'amount' | 'status' | 'created_at' | 'updated_at' | 'global_position'
> & {
  first_name: UserRow['first_name'] | null;
  last_name: UserRow['last_name'] | null;
  username: UserRow['username'] | null;
  email: UserRow['email'] | null;
  deleted_at: UserRow['deleted_at'] | null;
};

export const TRANSACTION_SORTS = ['createdAt', 'amount'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
const TRANSACTION_ORDER: Record<TransactionSort, string> = { createdAt: 'created_at', amount: 'amount' };

export interface TransactionListQuery {
  /** Looks in the user's names, username and the transaction's title. */
  q?: string;
  status?: TransactionStatus;
  type?: readonly TransactionType[];
  sort?: TransactionSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
  after?: string;
}

/** Every user's transactions, newest first unless sorted otherwise; ties in log order. */
export async function listTransactions(
  pool: Pool,
  query: TransactionListQuery,
): Promise<{ rows: AdminTransactionRow[]; total: number; next?: string }> {
  const where = new Conditions().search(query.q, [
    "u.first_name || ' ' || u.last_name",
    'u.username',
    't.title',
  ]);
  if (query.status) where.add((param) => `t.status = ${param(query.status)}`);
  if (query.type) where.add((param) => `t.type = ANY(${param(query.type)}::text[])`);
  const sort = query.sort ?? 'createdAt';
  return readPage<AdminTransactionRow>(pool, {
    select: `SELECT t.id, t.user_id, t.type, t.title, t.amount, t.status, t.created_at, t.updated_at,
                    t.global_position, u.first_name, u.last_name, u.username, u.email, u.deleted_at
             FROM transactions t LEFT JOIN users u ON u.user_id = t.user_id`,
    where,
    // A transaction's id is unique; its position breaks ties in log order.
    order: [
      [TRANSACTION_ORDER[sort], direction(query.order, 'desc')],
      ['global_position', 'DESC'],
      ['id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
}
