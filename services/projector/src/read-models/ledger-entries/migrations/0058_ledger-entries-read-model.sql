-- Up Migration
-- The ledger_entries read model, whole (docs/decisions/0049): one row per posting, with what a
-- statement line shows of its event (stream, hash, task title, reason, balance), so a statement
-- reads this table alone. Made before by 0003; dropped and made again here, then rebuilt from the
-- log by its projector, from position 0, on its next start.
DROP TABLE IF EXISTS ledger_entries;
CREATE TABLE ledger_entries (
  global_position bigint NOT NULL,
  posting_index smallint NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  stream_id text NOT NULL,
  -- The event's hash in the chain, hex; '' where the log keeps no chain (KurrentDB).
  hash text NOT NULL,
  account text NOT NULL,
  amount bigint NOT NULL,
  recorded_at timestamptz NOT NULL,
  task_title text,
  reason text,
  balance_kind text,
  PRIMARY KEY (global_position, posting_index)
);
-- A statement, an account's journal, a balance at a moment.
CREATE INDEX ledger_entries_account ON ledger_entries (account, global_position);
CREATE INDEX ledger_entries_recorded_at ON ledger_entries (recorded_at);
-- A statement entry's proof finds its event by id.
CREATE INDEX ledger_entries_event_id ON ledger_entries (event_id);
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'ledger_entries';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'ledger_entries' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'ledger_entries';

-- Down Migration
DROP TABLE ledger_entries;
CREATE TABLE ledger_entries (
  global_position bigint NOT NULL,
  posting_index smallint NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  account text NOT NULL,
  amount bigint NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (global_position, posting_index)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account, global_position);
CREATE INDEX ledger_entries_recorded_at ON ledger_entries (recorded_at);
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'ledger_entries';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'ledger_entries' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'ledger_entries';
