-- Up Migration
-- The withdrawals read model (projector `withdrawals`, services/projector/src/read-models/withdrawals):
-- its tables, whole, as migrations 0003, 0033, 0044 and 0045 left them (docs/decisions/0049). Every
-- column is a function of the log, so the tables are made again empty and the projector rebuilds
-- them from position 0 on its next start. A later change to these tables is a new migration here.
-- (admin_stats() reads withdrawals by name at each call: a SQL function, it holds no reference.)
DROP TABLE payout_discrepancies;
DROP TABLE withdrawals;

-- A withdrawal: pending -> approved -> (sending ->) paid | payout_failed, paid -> reversed, or
-- pending -> rejected; the bank details as they were when it was requested.
CREATE TABLE withdrawals (
  withdrawal_id text PRIMARY KEY,
  user_id text NOT NULL,
  type text NOT NULL CONSTRAINT withdrawals_type_check CHECK (type IN ('withdrawal', 'activityWithdrawal')),
  amount bigint NOT NULL,
  fee bigint NOT NULL,
  status text NOT NULL CONSTRAINT withdrawals_status_check
    CHECK (status IN ('pending', 'approved', 'sending', 'paid', 'payout_failed', 'rejected', 'reversed')),
  bank_name text NOT NULL,
  account_num text NOT NULL,
  account_name text NOT NULL,
  requested_at timestamptz NOT NULL,
  approved_at timestamptz,
  approved_by text,
  rejected_at timestamptz,
  rejected_by text,
  rejection_reason text,
  paid_at timestamptz,
  payout_provider text,
  payout_reference text,
  failed_at timestamptz,
  failure_reason text,
  updated_at timestamptz NOT NULL,
  request_event_id text NOT NULL,
  -- Null only for a bank no longer in the list (requests before bank codes name the bank only).
  bank_code text,
  -- Who pays it: the provider (it took the transfer) or finance's manual desk; null until either.
  payout_desk text CONSTRAINT withdrawals_payout_desk_check CHECK (payout_desk IN ('provider', 'manual')),
  sent_at timestamptz,
  transfer_code text,
  -- The provider's words while it holds the payout for finance.
  held_reason text,
  held_at timestamptz,
  reversed_at timestamptz,
  reversal_reason text,
  -- Until when the approval may be undone; null when it cannot.
  undoable_until timestamptz,
  -- The staff member who marked it paid by hand; null when the provider paid it, or until paid.
  paid_by text
);
CREATE INDEX withdrawals_status ON withdrawals (status, requested_at DESC);
CREATE INDEX withdrawals_user ON withdrawals (user_id, requested_at DESC);
CREATE INDEX withdrawals_held ON withdrawals (held_at) WHERE held_reason IS NOT NULL;

-- What a payout provider said against the ledger, one row per withdrawal and kind.
CREATE TABLE payout_discrepancies (
  withdrawal_id text NOT NULL,
  kind text NOT NULL CONSTRAINT payout_discrepancies_kind_check
    CHECK (kind IN ('success_after_failure', 'paid_twice', 'amount_mismatch')),
  user_id text NOT NULL,
  provider text NOT NULL,
  detail text NOT NULL,
  found_at timestamptz NOT NULL,
  PRIMARY KEY (withdrawal_id, kind)
);
CREATE INDEX payout_discrepancies_found ON payout_discrepancies (found_at DESC);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'withdrawals';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'withdrawals' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'withdrawals';

-- Down Migration
-- The tables were the same before: emptied, and rebuilt from the log again.
TRUNCATE withdrawals, payout_discrepancies;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'withdrawals';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'withdrawals' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'withdrawals';
