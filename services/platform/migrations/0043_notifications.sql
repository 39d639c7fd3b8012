-- Up Migration
-- The notification centre and Web Push (docs/decisions/0042-notifications-and-web-push.md).

-- The read model (projector `notifications`, services/projector/src/projections/notifications.ts):
-- every column a function of the log, so `ledger verify` and a rebuild compare it row for row.
CREATE TABLE notifications (
  -- The event's id: projected again, the same event writes the same row.
  notification_id text PRIMARY KEY,
  user_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('proof_approved', 'proof_rejected', 'referral_bonus', 'withdrawal')),
  withdrawal_state text
    CHECK (withdrawal_state IN ('approved', 'sending', 'paid', 'failed', 'declined', 'reversed')),
  title text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,
  event_id text NOT NULL,
  global_position bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_user_newest ON notifications (user_id, global_position DESC);

-- What a person has read is not a fact of the log: it lives beside the read model, owned by the
-- API, so a rebuild (which swaps the notifications table) keeps it.
-- Read one by one (POST /users/notifications/read with ids).
CREATE TABLE notification_reads (
  user_id text NOT NULL,
  notification_id text NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notification_id)
);
-- Read all at once: every notification of the user up to this log position.
CREATE TABLE notification_read_marks (
  user_id text PRIMARY KEY,
  read_through bigint NOT NULL,
  read_at timestamptz NOT NULL
);
-- The history that happened before the centre existed is not news: the people already here start
-- with everything up to now read.
INSERT INTO notification_read_marks (user_id, read_through, read_at)
SELECT u.user_id, head.position, now()
FROM users u, (SELECT coalesce(max(global_position), 0) AS position FROM events) head;

-- Web Push: a browser's subscription (its push service's endpoint and the keys that encrypt the
-- message for it), one per endpoint; the browser that subscribes again for another person moves it.
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- The push sender (a reactor, `push`) starts at the log's head: it never pushes the history. (A
-- new database has no history: the runtime starts it at 0 like every consumer.)
INSERT INTO projection_checkpoints (projector, position)
SELECT 'push', max(global_position) FROM events HAVING count(*) > 0
ON CONFLICT (projector) DO NOTHING;

-- Down Migration
DELETE FROM projection_checkpoints WHERE projector IN ('push', 'notifications');
DELETE FROM projection_failures WHERE projector IN ('push', 'notifications');
DROP TABLE push_subscriptions;
DROP TABLE notification_read_marks;
DROP TABLE notification_reads;
DROP TABLE notifications;
