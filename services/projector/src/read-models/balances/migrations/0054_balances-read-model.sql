-- Up Migration
-- The balances read model's tables, whole, in one place (docs/decisions/0049-one-folder-per-read-model.md):
-- made by platform 0003, unchanged since. Every column is written by the balances projector alone
-- (services/projector/src/read-models/balances/projection.ts), a function of the log; no other
-- table, view, trigger or function depends on them. So they are dropped and made again, and the
-- projector rebuilds them from position 0 on its next start. A later change to these tables is a
-- new migration in this folder.
DROP TABLE IF EXISTS account_balances;
DROP TABLE IF EXISTS user_balances;

-- Every ledger account's balance.
CREATE TABLE account_balances (
  account text PRIMARY KEY,
  balance bigint NOT NULL DEFAULT 0,
  entry_count integer NOT NULL DEFAULT 0,
  last_position bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Per user the account, activity and held balances, in kobo.
CREATE TABLE user_balances (
  user_id text PRIMARY KEY,
  account_balance bigint NOT NULL DEFAULT 0,
  activity_balance bigint NOT NULL DEFAULT 0,
  held_balance bigint NOT NULL DEFAULT 0,
  last_position bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'balances';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'balances' AND resolved_at IS NULL;
-- Fed from Kafka (decision 0028), the projector starts every partition again from the beginning.
DELETE FROM kafka_consumer_offsets WHERE consumer = 'balances';

-- Down Migration
-- The tables above are the ones the earlier migrations made: nothing to undo but their rows, which
-- the projector builds again from the log.
TRUNCATE account_balances, user_balances;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'balances';
DELETE FROM kafka_consumer_offsets WHERE consumer = 'balances';
