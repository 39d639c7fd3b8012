-- Up Migration
-- The notifications read model (projector `notifications`,
-- services/projector/src/read-models/notifications): its table, whole, as migrations 0043 and 0044
-- left it (docs/decisions/0049). Every column is a function of the log (a notification's id is its
-- event's id, its position the event's), so the table is made again empty and the projector
-- rebuilds it from position 0 on its next start, with the same ids and positions. What people have
-- read is not in this table but beside it, owned by the API (notification_reads,
-- notification_read_marks: by notification id and log position, no foreign key): it stays as it
-- is and reads the same against the rebuilt rows. The push sender (reactor `push`) keeps its own
-- checkpoint: nothing is pushed again. A later change to this table is a new migration here.
DROP TABLE notifications;

CREATE TABLE notifications (
  -- The event's id: projected again, the same event writes the same row.
  notification_id text PRIMARY KEY,
  user_id text NOT NULL,
  kind text NOT NULL CONSTRAINT notifications_kind_check
    CHECK (kind IN ('proof_approved', 'proof_rejected', 'referral_bonus', 'withdrawal')),
  withdrawal_state text CONSTRAINT notifications_withdrawal_state_check
    CHECK (withdrawal_state IN ('requested', 'approved', 'sending', 'paid', 'failed', 'declined', 'reversed')),
  title text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,
  event_id text NOT NULL,
  global_position bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_user_newest ON notifications (user_id, global_position DESC);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'notifications';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'notifications' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'notifications';

-- Down Migration
-- The table was the same before: emptied, and rebuilt from the log again.
TRUNCATE notifications;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'notifications';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'notifications' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'notifications';
