-- Up Migration
-- The transactions read model's table, whole, in one place (docs/decisions/0049-one-folder-per-read-model.md):
-- made by platform 0003, then a withdrawal's state beside its coarse status (0036). Every column is
-- written by the transactions projector alone (services/projector/src/read-models/transactions/projection.ts),
-- a function of the log; no other table, view, trigger or function depends on it. So it is dropped
-- and made again, and its projector rebuilds it from position 0 on its next start. A later change
-- to this table is a new migration in this folder.
DROP TABLE IF EXISTS transactions;
CREATE TABLE transactions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('withdrawal', 'activityWithdrawal', 'referral', 'bonus', 'task', 'activity', 'other')),
  title text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('completed', 'pending', 'failed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  event_id text NOT NULL,
  global_position bigint NOT NULL,
  -- A withdrawal's state in the screens' one vocabulary (failed, declined and reversed all read
  -- "failed" in the coarse status, but each means the money went back); NULL for every other row.
  withdrawal_state text
    CHECK (withdrawal_state IN ('requested', 'approved', 'sending', 'paid', 'failed', 'declined', 'reversed'))
);
CREATE INDEX transactions_user ON transactions (user_id, created_at DESC);
CREATE INDEX transactions_created ON transactions (created_at DESC);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'transactions';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'transactions' AND resolved_at IS NULL;
-- Fed from Kafka (decision 0028), the projector starts every partition again from the beginning.
DELETE FROM kafka_consumer_offsets WHERE consumer = 'transactions';

-- Down Migration
-- The table above is the one the earlier migrations made: nothing to undo but its rows, which the
-- projector builds again from the log.
TRUNCATE transactions;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'transactions';
DELETE FROM kafka_consumer_offsets WHERE consumer = 'transactions';
