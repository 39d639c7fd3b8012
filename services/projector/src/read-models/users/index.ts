/** The users read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export { users, type UserRow } from './projection';
export {
  findBankDetailsAge,
  findDashboard,
  findNoticeRecipient,
  findUser,
  listUsers,
  otherUsersOnBankAccounts,
  searchPeople,
  staffNames,
  USER_SORTS,
  type AdminUserRow,
  type BankAccountRow,
  type FoundPersonRow,
  type NoticeRecipientRow,
  type StaffNames,
  type UserBankDetailsAge,
  type UserDashboardRow,
  type UserListQuery,
  type UserProfileRow,
  type UserSort,
} from './queries';
