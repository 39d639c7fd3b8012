-- Up Migration
-- Which other users hold the same bank account (bank code and account number): asked for each
-- page of the admin's users and withdrawals and of finance's payout desk
-- (services/api/src/features/admin/users/shared-bank-accounts.ts). Deleted users are not counted.
CREATE INDEX users_bank_account ON users (bank_code, account_num)
  WHERE account_num IS NOT NULL AND NOT deleted;

-- Down Migration
DROP INDEX users_bank_account;
