/** The admin users screen's view of a user: the users read model's row as the client reads it. */
import { koboToNaira } from '@kobo/ledger';
import type { AdminUserRow } from '@kobo/projector';
import { iso } from '../wire';
import { sharedBankAccountOf, type SharedBankAccount } from './shared-bank-accounts';

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
  /** When the account was deleted (the person erased); null while it is not. */
  erasedAt: string | null;
  deletionReason: string | null;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
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
    erasedAt: iso(row.deleted_at),
    deletionReason: row.deleted_reason,
  };
}
