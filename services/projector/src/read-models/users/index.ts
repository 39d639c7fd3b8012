/** The users read model (docs/decisions/0049-one-folder-per-read-model.md): what other packages use. */
export { users, type UserRow } from './projection';
export {
  findDashboard,
  findUser,
  listUsers,
  otherUsersOnBankAccounts,
  staffNames,
  USER_SORTS,
  type AdminUserRow,
  type BankAccountRow,
  type StaffNames,
  type UserDashboardRow,
  type UserListQuery,
  type UserProfileRow,
  type UserSort,
} from './queries';
