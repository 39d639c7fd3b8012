/**
 * The users read model's queries: the admin users screen (users with their balances and task
 * counts, by key from the balances and user-stats read models), the bank accounts several users
 * share, staff named for people, and the user's own dashboard and account.
 */
import type { Pool } from '@kobo/platform';
import { Conditions, direction, readPage } from '../paging';
import { ERASED_PERSON, type UserRow } from './projection';

/** A user as the admin users screen lists them: the user's row, their task counts and balances. */
export type AdminUserRow = Pick<
  UserRow,
  | 'user_id'
  | 'first_name'
  | 'last_name'
  | 'username'
  | 'email'
  | 'phone'
  | 'role'
  | 'status'
  | 'bank_name'
  | 'account_name'
  | 'account_num'
  | 'bank_code'
  | 'created_at'
  | 'deleted_at'
  | 'deleted_reason'
> & {
  /** Null before the user's first counted event (no user_stats row yet). */
  total_tasks: number | null;
  total_referrals: number | null;
  /** Null before the balances read model has the user. */
  account_balance: number | null;
  activity_balance: number | null;
  held_balance: number | null;
  /** How many other users (not deleted) hold the same bank account. */
  shared_bank_others: number;
};

const SELECT_USERS = `
  SELECT u.user_id, u.first_name, u.last_name, u.username, u.email, u.phone, u.role, u.status,
         u.bank_name, u.account_name, u.account_num, u.bank_code, u.created_at,
         u.deleted_at, u.deleted_reason,
         s.total_tasks, s.total_referrals, b.account_balance, b.activity_balance, b.held_balance
  FROM users u
  LEFT JOIN user_stats s ON s.user_id = u.user_id
  LEFT JOIN user_balances b ON b.user_id = u.user_id`;

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
  /** `deleted`: the erased accounts, and only them; any other status (or none) leaves them out. */
  status?: 'active' | 'inactive' | 'suspended' | 'deleted';
  sort?: UserSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  after?: string;
}

/**
 * Users (not staff, not deleted), newest first unless sorted otherwise: the people the admin
 * screen manages. `q` looks in the names, username and email. With status `deleted`, the users
 * whose accounts were deleted (erased: "Deleted user", with when and why).
 */
export async function listUsers(
  pool: Pool,
  query: UserListQuery,
): Promise<{ rows: AdminUserRow[]; total: number; next?: string }> {
  const erased = query.status === 'deleted';
  const where = new Conditions()
    .add(() => `u.role = 'user' AND ${erased ? '' : 'NOT '}u.deleted`)
    .search(query.q, ["u.first_name || ' ' || u.last_name", 'u.username', 'u.email']);
  if (query.status && !erased) where.add((param) => `u.status = ${param(query.status)}`);
  const sort = query.sort ?? 'createdAt';
  const { rows, total, next } = await readPage<Omit<AdminUserRow, 'shared_bank_others'>>(pool, {
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
  return { rows: await otherUsersOnBankAccounts(pool, rows), total, next };
}

/** One user that is not deleted, any role. */
export async function findUser(pool: Pool, userId: string): Promise<AdminUserRow | null> {
  const { rows } = await pool.query<Omit<AdminUserRow, 'shared_bank_others'>>(
    `${SELECT_USERS} WHERE u.user_id = $1 AND NOT u.deleted`,
    [userId],
  );
  return rows[0] ? (await otherUsersOnBankAccounts(pool, rows))[0]! : null;
}

/** The bank account a row is about: the user's own, or the one a withdrawal pays. */
export interface BankAccountRow {
  user_id: string;
  bank_code: string | null;
  account_num: string | null;
}

/**
 * How many other users (not deleted) hold each row's bank account, the same bank code and account
 * number (rows without one: 0). Asked once per page, by the index users_bank_account.
 */
export async function otherUsersOnBankAccounts<R extends BankAccountRow>(
  pool: Pool,
  rows: readonly R[],
): Promise<(R & { shared_bank_others: number })[]> {
  const asked = rows.filter((row) => row.bank_code && row.account_num);
  const others = new Map<string, number>();
  if (asked.length > 0) {
    const { rows: counted } = await pool.query<{
      user_id: string;
      bank_code: string;
      account_num: string;
      others: number;
    }>(
      `SELECT a.user_id, a.bank_code, a.account_num, count(DISTINCT o.user_id)::int AS others
       FROM unnest($1::text[], $2::text[], $3::text[]) AS a(user_id, bank_code, account_num)
       JOIN users o ON o.bank_code = a.bank_code AND o.account_num = a.account_num
                   AND o.account_num IS NOT NULL AND NOT o.deleted AND o.user_id <> a.user_id
       GROUP BY a.user_id, a.bank_code, a.account_num`,
      [
        asked.map((row) => row.user_id),
        asked.map((row) => row.bank_code),
        asked.map((row) => row.account_num),
      ],
    );
    for (const row of counted) others.set(bankAccountKey(row), row.others);
  }
  return rows.map((row) => ({ ...row, shared_bank_others: others.get(bankAccountKey(row)) ?? 0 }));
}

function bankAccountKey(row: BankAccountRow): string {
  return `${row.user_id} ${row.bank_code} ${row.account_num}`;
}

/** What a staff id reads as: 'Ada Finance', else 'ada@kobo.ng'; an id no account has is left out. */
export type StaffNames = ReadonlyMap<string, string>;

/**
 * Staff named for people: each staff member's user id (who approved, paid, asked, decided, started
 * a run) as their name, or their email when they have none. Staff accounts are users like every
 * account; one look-up for a whole page of ids.
 */
export async function staffNames(pool: Pool, ids: Iterable<string | null | undefined>): Promise<StaffNames> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return new Map();
  const { rows } = await pool.query<{ user_id: string; name: string }>(
    `SELECT user_id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name
     FROM users WHERE user_id = ANY($1::text[])`,
    [wanted],
  );
  return new Map(rows.map((row) => [row.user_id, row.name]));
}

/**
 * Users named by username, as other people's screens mention them (a look-alike proof's flag): an
 * erased person reads "Deleted user"; an id no account has is left out. One look-up for a page.
 */
export async function usernames(pool: Pool, ids: Iterable<string>): Promise<ReadonlyMap<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const { rows } = await pool.query<Pick<UserRow, 'user_id' | 'username' | 'deleted'>>(
    'SELECT user_id, username, deleted FROM users WHERE user_id = ANY($1::text[])',
    [wanted],
  );
  return new Map(rows.map((row) => [row.user_id, row.deleted ? ERASED_PERSON.first_name : row.username]));
}

/** The columns of the users read model that the user's profile shows. */
export type UserProfileRow = Pick<
  UserRow,
  | 'user_id'
  | 'username'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'referral_code'
  | 'bank_name'
  | 'bank_code'
  | 'account_num'
  | 'account_name'
>;

/** The user's dashboard: their profile, balances (in kobo) and totals, 0 before any. */
export interface UserDashboardRow extends UserProfileRow {
  account_balance: number;
  activity_balance: number;
  held_balance: number;
  total_tasks: number;
  total_earnings: number;
  total_referrals: number;
  total_withdrawn: number;
}

/** The dashboard of a user that is not deleted; undefined for any other id. */
export async function findDashboard(pool: Pool, userId: string): Promise<UserDashboardRow | undefined> {
  const { rows } = await pool.query<UserDashboardRow>(
    `SELECT u.user_id, u.username, u.first_name, u.last_name, u.email, u.phone, u.referral_code,
       u.bank_name, u.bank_code, u.account_num, u.account_name,
       coalesce(b.account_balance, 0) AS account_balance,
       coalesce(b.activity_balance, 0) AS activity_balance,
       coalesce(b.held_balance, 0) AS held_balance,
       coalesce(s.total_tasks, 0) AS total_tasks,
       coalesce(s.total_earnings, 0) AS total_earnings,
       coalesce(s.total_referrals, 0) AS total_referrals,
       coalesce(s.total_withdrawn, 0) AS total_withdrawn
     FROM users u
     LEFT JOIN user_balances b ON b.user_id = u.user_id
     LEFT JOIN user_stats s ON s.user_id = u.user_id
     WHERE u.user_id = $1 AND NOT u.deleted`,
    [userId],
  );
  return rows[0];
}

/** The user's account as their copy of their own data gives it: the profile, role, status and when they registered. */
export type UserAccountRow = UserProfileRow & Pick<UserRow, 'role' | 'status' | 'created_at'>;

/** The account of a user that is not deleted; undefined for any other id. */
export async function findUserAccount(pool: Pool, userId: string): Promise<UserAccountRow | undefined> {
  const { rows } = await pool.query<UserAccountRow>(
    `SELECT user_id, username, first_name, last_name, email, phone, referral_code,
       bank_name, bank_code, account_num, account_name, role, status, created_at
     FROM users WHERE user_id = $1 AND NOT deleted`,
    [userId],
  );
  return rows[0];
}

/** What the withdrawal desk checks of the user who asked: how old the account is, how recent its bank details. */
export type UserBankDetailsAge = Pick<UserRow, 'created_at' | 'bank_details_set_at' | 'bank_name_check'>;

/** When the user joined and last set their bank details (any user, deleted or not); undefined for an unknown id. */
export async function findBankDetailsAge(
  pool: Pool,
  userId: string,
): Promise<UserBankDetailsAge | undefined> {
  const { rows } = await pool.query<UserBankDetailsAge>(
    'SELECT created_at, bank_details_set_at, bank_name_check FROM users WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** A person a search found: the user's id and what names them. */
export type FoundPersonRow = Pick<
  UserRow,
  'user_id' | 'first_name' | 'last_name' | 'username' | 'email' | 'deleted_at'
>;

/**
 * People (any role, deleted or not) by name, username or email (`q` anywhere in them, any case), or
 * by a withdrawal of theirs: its reference (ours or the provider's transfer code, the withdrawals
 * read model by the user's id) or its id exactly. By name, then id; at most `limit`.
 */
export async function searchPeople(pool: Pool, q: string, limit: number): Promise<FoundPersonRow[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query<FoundPersonRow>(
    `SELECT u.user_id, u.first_name, u.last_name, u.username, u.email, u.deleted_at
     FROM users u
     WHERE u.first_name || ' ' || u.last_name ILIKE $1 OR u.username ILIKE $1 OR u.email ILIKE $1
        OR u.user_id IN (SELECT w.user_id FROM withdrawals w
                          WHERE w.payout_reference ILIKE $1 OR w.transfer_code ILIKE $1 OR w.withdrawal_id = $2)
     ORDER BY u.first_name, u.last_name, u.user_id
     LIMIT $3`,
    [pattern, q, limit],
  );
  return rows;
}

/** Who a notice goes to, and the title of the campaign it is about (null without one or when there is none). */
export interface NoticeRecipientRow extends Pick<UserRow, 'email' | 'first_name' | 'deleted'> {
  title: string | null;
}

/** The user a notice is for (deleted or not) with the campaign's title; undefined before the users read model has them. */
export async function findNoticeRecipient(
  pool: Pool,
  userId: string,
  campaignId: string | null,
): Promise<NoticeRecipientRow | undefined> {
  const { rows } = await pool.query<NoticeRecipientRow>(
    `SELECT u.email, u.first_name, u.deleted, c.title
       FROM users u LEFT JOIN campaigns c ON c.campaign_id = $2
      WHERE u.user_id = $1`,
    [userId, campaignId],
  );
  return rows[0];
}
