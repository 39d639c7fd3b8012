-- Up Migration
-- Balance adjustments as finance reviews them (docs/decisions/0013-separation-of-duties.md): every
-- BalanceAdjusted, and the changes above the approval threshold that wait for a finance user.
-- A read model like those of 0003: every column comes from the log, so a rebuild reproduces it.

CREATE TABLE balance_adjustments (
  adjustment_id text PRIMARY KEY,
  user_id text NOT NULL,
  balance text NOT NULL CHECK (balance IN ('account', 'activity')),
  -- Kobo, signed: positive credits the user.
  amount bigint NOT NULL,
  reason text NOT NULL,
  -- posted: applied at once (below the threshold); pending -> approved | rejected otherwise.
  state text NOT NULL CHECK (state IN ('posted', 'pending', 'approved', 'rejected')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  decision_reason text,
  updated_at timestamptz NOT NULL
);
-- Pending first, newest first: the finance list's order.
CREATE INDEX balance_adjustments_queue ON balance_adjustments ((state = 'pending') DESC, requested_at DESC);
CREATE INDEX balance_adjustments_user ON balance_adjustments (user_id, requested_at DESC);

-- Down Migration
DROP TABLE balance_adjustments;
