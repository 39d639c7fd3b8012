-- Up Migration
-- Payouts through a provider (docs/runbooks/payouts.md): a withdrawal can be Sending (the
-- provider took it) and Reversed (the bank sent a paid payout back); a payout the provider held
-- carries its words; a payout has a desk (the provider's, or finance's manual desk); the bank
-- code travels with the bank details. What the provider said against the ledger is listed for
-- finance in payout_discrepancies. Both tables belong to the withdrawals projection.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('pending', 'approved', 'sending', 'paid', 'payout_failed', 'rejected', 'reversed'));
ALTER TABLE withdrawals
  ADD COLUMN bank_code text,
  ADD COLUMN payout_desk text CHECK (payout_desk IN ('provider', 'manual')),
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN transfer_code text,
  ADD COLUMN held_reason text,
  ADD COLUMN held_at timestamptz,
  ADD COLUMN reversed_at timestamptz,
  ADD COLUMN reversal_reason text;
CREATE INDEX withdrawals_held ON withdrawals (held_at) WHERE held_reason IS NOT NULL;

CREATE TABLE payout_discrepancies (
  withdrawal_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('success_after_failure', 'paid_twice', 'amount_mismatch')),
  user_id text NOT NULL,
  provider text NOT NULL,
  detail text NOT NULL,
  found_at timestamptz NOT NULL,
  PRIMARY KEY (withdrawal_id, kind)
);
CREATE INDEX payout_discrepancies_found ON payout_discrepancies (found_at DESC);

-- Down Migration
DROP TABLE payout_discrepancies;
DROP INDEX withdrawals_held;
ALTER TABLE withdrawals
  DROP COLUMN bank_code,
  DROP COLUMN payout_desk,
  DROP COLUMN sent_at,
  DROP COLUMN transfer_code,
  DROP COLUMN held_reason,
  DROP COLUMN held_at,
  DROP COLUMN reversed_at,
  DROP COLUMN reversal_reason;
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'paid', 'payout_failed'));
