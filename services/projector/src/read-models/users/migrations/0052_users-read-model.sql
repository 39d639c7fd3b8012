-- Up Migration
-- The users read model's table, whole, in one place (docs/decisions/0049-one-folder-per-read-model.md):
-- made by platform 0003, then bank_code (0035), the shared-bank-account index (0041) and the
-- withdrawal desk's bank_details_set_at and bank_name_check (0044). Every column is written by the
-- users projector alone (services/projector/src/read-models/users/projection.ts), a function of the
-- log; no other table, view, trigger or function depends on it (admin_stats() reads it by name at
-- each call). So it is dropped and made again, and its projector rebuilds it from position 0 on its
-- next start. A later change to this table is a new migration in this folder.
DROP TABLE IF EXISTS users;
CREATE TABLE users (
  user_id text PRIMARY KEY,
  username text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  role text NOT NULL,
  status text NOT NULL,
  bank_name text,
  account_num text,
  account_name text,
  referral_code text NOT NULL,
  referred_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  deleted_by text,
  -- The bank's code; null for details saved before codes were kept (the name gives it).
  bank_code text,
  -- When the bank details were last set or changed (the event's changedAt, else its time).
  bank_details_set_at timestamptz,
  -- Whether the bank gave the account name (resolved) or the user typed it (unchecked).
  bank_name_check text CHECK (bank_name_check IN ('resolved', 'unchecked'))
);
CREATE INDEX users_email ON users (lower(email));
CREATE INDEX users_created ON users (created_at DESC);
-- Which other users hold the same bank account, asked for each page of the admin's users and
-- withdrawals and of finance's payout desk; deleted users are not counted.
CREATE INDEX users_bank_account ON users (bank_code, account_num)
  WHERE account_num IS NOT NULL AND NOT deleted;

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'users';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'users' AND resolved_at IS NULL;
-- Fed from Kafka (decision 0028), the projector starts every partition again from the beginning.
DELETE FROM kafka_consumer_offsets WHERE consumer = 'users';

-- Down Migration
-- The table above is the one the earlier migrations made: nothing to undo but its rows, which the
-- projector builds again from the log.
TRUNCATE users;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'users';
DELETE FROM kafka_consumer_offsets WHERE consumer = 'users';
