/** The admin users screen's reads: users with their balances and task counts. */
import type { Pool } from '@kobo/platform';
import { Conditions, direction, readPage } from '../../../http';
import { iso } from '../wire';
import { koboToNaira } from '@kobo/ledger';
import {
  otherUsersOnBankAccounts,
  sharedBankAccountOf,
  type SharedBankAccount,
} from './shared-bank-accounts';

export interface AdminUser {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  totalTasks: number;
  totalReferrals: number;
  accountBalance: number;
  activityBalance: number;
  heldBalance: number;
  status: string;
  role: string;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  /** Other users hold the same bank account (a flag for the admin, not a refusal). */
  sharedBankAccount: SharedBankAccount;
  createdAt: string;
}

interface UserRow {
  user_id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone: string;
  role: string;
  status: string;
  bank_name: string | null;
  account_name: string | null;
  account_num: string | null;
  bank_code: string | null;
  created_at: Date;
  total_tasks: number | null;
  total_referrals: number | null;
  account_balance: number | null;
  activity_balance: number | null;
  held_balance: number | null;
}

const SELECT_USERS = `
  SELECT u.user_id, u.first_name, u.last_name, u.username, u.email, u.phone, u.role, u.status,
         u.bank_name, u.account_name, u.account_num, u.bank_code, u.created_at,
         s.total_tasks, s.total_referrals, b.account_balance, b.activity_balance, b.held_balance
  FROM users u
  LEFT JOIN user_stats s ON s.user_id = u.user_id
  LEFT JOIN user_balances b ON b.user_id = u.user_id`;

function toAdminUser(row: UserRow & { shared_bank_others: number }): AdminUser {
  return {
    _id: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    totalTasks: Number(row.total_tasks ?? 0),
    totalReferrals: Number(row.total_referrals ?? 0),
    accountBalance: koboToNaira(row.account_balance ?? 0),
    activityBalance: koboToNaira(row.activity_balance ?? 0),
    heldBalance: koboToNaira(row.held_balance ?? 0),
    status: row.status,
    role: row.role,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_num,
    sharedBankAccount: sharedBankAccountOf(row),
    createdAt: iso(row.created_at)!,
  };
}

export const USER_SORTS = ['createdAt', 'name', 'email', 'totalTasks', 'balance'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const USER_ORDER: Record<UserSort, string> = {
  createdAt: 'created_at',
  name: "lower(first_name || ' ' || last_name)",
  email: 'lower(email)',
  totalTasks: 'coalesce(total_tasks, 0)',
  balance: 'coalesce(account_balance, 0)',
};

export interface UserListQuery {
  q?: string;
  status?: 'active' | 'inactive' | 'suspended';
  sort?: UserSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  after?: string;
}

/**
 * Users (not staff, not deleted), newest first unless sorted otherwise: the people the admin
 * screen manages. `q` looks in the names, username and email.
 */
export async function listUsers(
  pool: Pool,
  query: UserListQuery,
): Promise<{ users: AdminUser[]; total: number; next?: string }> {
  const where = new Conditions()
    .add(() => `u.role = 'user' AND NOT u.deleted`)
    .search(query.q, ["u.first_name || ' ' || u.last_name", 'u.username', 'u.email']);
  if (query.status) where.add((param) => `u.status = ${param(query.status)}`);
  const sort = query.sort ?? 'createdAt';
  const { rows, total, next } = await readPage<UserRow>(pool, {
    select: SELECT_USERS,
    where,
    order: [
      [USER_ORDER[sort], direction(query.order, sort === 'createdAt' ? 'desc' : 'asc')],
      ['user_id', 'ASC'],
    ],
    page: query.page,
    pageSize: query.pageSize,
    after: query.after,
  });
  return { users: (await otherUsersOnBankAccounts(pool, rows)).map(toAdminUser), total, next };
}

/** One user that is not deleted, any role. */
export async function findUser(pool: Pool, userId: string): Promise<AdminUser | null> {
  const { rows } = await pool.query<UserRow>(`${SELECT_USERS} WHERE u.user_id = $1 AND NOT u.deleted`, [
    userId,
  ]);
  return rows[0] ? toAdminUser((await otherUsersOnBankAccounts(pool, rows))[0]!) : null;
}
