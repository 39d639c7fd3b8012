/** The admin users screen's reads: users with their balances and task counts. */
import type { Pool } from '@kobo/platform';
import { iso, toNaira } from '../wire';

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
  created_at: Date;
  total_tasks: number | null;
  total_referrals: number | null;
  account_balance: number | null;
  activity_balance: number | null;
  held_balance: number | null;
}

const SELECT_USERS = `
  SELECT u.user_id, u.first_name, u.last_name, u.username, u.email, u.phone, u.role, u.status,
         u.bank_name, u.account_name, u.account_num, u.created_at,
         s.total_tasks, s.total_referrals, b.account_balance, b.activity_balance, b.held_balance
  FROM users u
  LEFT JOIN user_stats s ON s.user_id = u.user_id
  LEFT JOIN user_balances b ON b.user_id = u.user_id`;

function toAdminUser(row: UserRow): AdminUser {
  return {
    _id: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    totalTasks: Number(row.total_tasks ?? 0),
    totalReferrals: Number(row.total_referrals ?? 0),
    accountBalance: toNaira(row.account_balance),
    activityBalance: toNaira(row.activity_balance),
    heldBalance: toNaira(row.held_balance),
    status: row.status,
    role: row.role,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_num,
    createdAt: iso(row.created_at)!,
  };
}

/** Users (not staff, not deleted), newest first: the people the admin screen manages. */
export async function listUsers(pool: Pool): Promise<AdminUser[]> {
  const { rows } = await pool.query<UserRow>(
    `${SELECT_USERS} WHERE u.role = 'user' AND NOT u.deleted ORDER BY u.created_at DESC, u.user_id`,
  );
  return rows.map(toAdminUser);
}

/** One user that is not deleted, any role. */
export async function findUser(pool: Pool, userId: string): Promise<AdminUser | null> {
  const { rows } = await pool.query<UserRow>(`${SELECT_USERS} WHERE u.user_id = $1 AND NOT u.deleted`, [
    userId,
  ]);
  return rows[0] ? toAdminUser(rows[0]) : null;
}
