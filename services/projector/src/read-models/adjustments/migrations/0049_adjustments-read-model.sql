-- Up Migration
-- The adjustments read model (projector `adjustments`, services/projector/src/read-models/adjustments):
-- its table, whole, as migrations 0010 and 0037 left it (docs/decisions/0049). Every column is a
-- function of the log, so the table is made again empty and the projector rebuilds it from
-- position 0 on its next start. A later change to this table is a new migration here.
DROP TABLE balance_adjustments;

-- A balance adjustment (posted at once, or pending -> approved | rejected by a finance user), or a
-- campaign whose total reward waits for a finance user (kind 'campaign', keyed by its approval id).
CREATE TABLE balance_adjustments (
  adjustment_id text PRIMARY KEY,
  -- Null for a campaign's row.
  user_id text,
  balance text NOT NULL CONSTRAINT balance_adjustments_balance_check CHECK (balance IN ('account', 'activity')),
  -- Kobo, signed: positive credits the user. A campaign's: its total reward.
  amount bigint NOT NULL,
  reason text NOT NULL,
  -- posted: applied at once (below the threshold); pending -> approved | rejected otherwise.
  state text NOT NULL CONSTRAINT balance_adjustments_state_check
    CHECK (state IN ('posted', 'pending', 'approved', 'rejected')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  decision_reason text,
  updated_at timestamptz NOT NULL,
  kind text NOT NULL DEFAULT 'balance' CONSTRAINT balance_adjustments_kind_check CHECK (kind IN ('balance', 'campaign')),
  campaign_id text,
  campaign_title text,
  CONSTRAINT balance_adjustments_subject CHECK (
    (kind = 'balance' AND user_id IS NOT NULL) OR (kind = 'campaign' AND campaign_id IS NOT NULL)
  )
);
-- Pending first, newest first: the finance list's order.
CREATE INDEX balance_adjustments_queue ON balance_adjustments ((state = 'pending') DESC, requested_at DESC);
CREATE INDEX balance_adjustments_user ON balance_adjustments (user_id, requested_at DESC);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'adjustments';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'adjustments' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'adjustments';

-- Down Migration
-- The table was the same before: emptied, and rebuilt from the log again.
TRUNCATE balance_adjustments;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'adjustments';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'adjustments' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'adjustments';
