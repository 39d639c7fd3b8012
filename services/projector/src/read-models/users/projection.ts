/** Users as the admin users screen and the profile read them (never the password). */
import { bankCodeOf, type Role, type UserStatus } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../../projection';

/** A row of `users`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface UserRow {
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: Role;
  status: UserStatus;
  bank_name: string | null;
  /** The bank's code; null for details saved before codes were kept (the name gives it: `bankCodeOf`). */
  bank_code: string | null;
  account_num: string | null;
  account_name: string | null;
  /** When the bank details were last set or changed; null before any, or for details set before it was kept. */
  bank_details_set_at: Date | null;
  /** Whether the bank gave the account name (`resolved`) or the user typed it (`unchecked`); null when not said. */
  bank_name_check: 'resolved' | 'unchecked' | null;
  referral_code: string;
  referred_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
  deleted_at: Date | null;
  deleted_by: string | null;
  /** Why the account was deleted, in the admin's words; null when the user deleted it, or not said. */
  deleted_reason: string | null;
}

/** What the users read model keeps of an erased person. */
export const ERASED_PERSON = {
  username: '',
  first_name: 'Deleted user',
  last_name: '',
  email: '',
  phone: '',
  bank_name: null,
  bank_code: null,
  account_num: null,
  account_name: null,
  bank_details_set_at: null,
  bank_name_check: null,
} as const satisfies Partial<UserRow>;

export const users: Projection<'users'> = {
  name: 'users',
  description: 'profile, role, status, bank details, referral code and referrer per user',
  tables: [{ name: 'users', key: ['user_id'] }],
  handle(event) {
    const at = timeOf(event);
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return [
          ops.insert('users', {
            user_id: d.userId,
            username: d.username,
            first_name: d.firstName,
            last_name: d.lastName,
            email: d.email,
            phone: d.phone,
            role: d.role,
            status: 'active',
            referral_code: d.referralCode,
            referred_by: d.referredBy,
            created_at: at,
            updated_at: at,
            deleted: false,
          }),
        ];
      }
      case 'UserProfileUpdated': {
        const d = event.data;
        return [
          ops.update(
            'users',
            { user_id: d.userId },
            {
              set: {
                first_name: d.firstName,
                last_name: d.lastName,
                email: d.email,
                phone: d.phone,
                updated_at: at,
              },
            },
          ),
        ];
      }
      case 'BankDetailsUpdated': {
        const { bankName, accountNum, accountName } = event.data.bankDetails;
        const bankCode = bankCodeOf(event.data.bankDetails) ?? null;
        return [
          ops.update(
            'users',
            { user_id: event.data.userId },
            {
              set: {
                bank_name: bankName,
                bank_code: bankCode,
                account_num: accountNum,
                account_name: accountName,
                bank_details_set_at: event.data.changedAt ?? at,
                bank_name_check: event.data.bankDetails.nameCheck ?? null,
                updated_at: at,
              },
            },
          ),
        ];
      }
      case 'UserRoleSet':
        return [
          ops.update(
            'users',
            { user_id: event.data.userId },
            { set: { role: event.data.role, updated_at: at } },
          ),
        ];
      case 'UserStatusSet':
        return [
          ops.update(
            'users',
            { user_id: event.data.userId },
            { set: { status: event.data.status, updated_at: at } },
          ),
        ];
      case 'UserDeleted':
        return [
          ops.update(
            'users',
            { user_id: event.data.userId },
            {
              set: {
                deleted: true,
                deleted_at: at,
                deleted_by: event.data.by.id,
                deleted_reason: event.data.reason ?? null,
                updated_at: at,
                // The person is erased (their data key is destroyed): only that they were remains.
                ...ERASED_PERSON,
              },
            },
          ),
        ];
      default:
        return [];
    }
  },
};
