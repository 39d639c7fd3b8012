-- Up Migration
-- When reconciliation last asked the payout provider about a payout it had already paid, so that it
-- asks again, less and less often, for as long as the bank may still reverse the transfer
-- (services/jobs/src/payouts/reconcile.ts, docs/runbooks/payouts.md). A reversal whose webhook was
-- lost, or came while the API was down, is found this way. Rows are written by reconciliation only;
-- one is forgotten once its payout is past the window.
CREATE TABLE payout_reversal_checks (
  withdrawal_id text PRIMARY KEY,
  -- When the payout was paid (the withdrawals read model's paid_at), to forget the row after the window.
  paid_at timestamptz NOT NULL,
  asked_at timestamptz NOT NULL
);
CREATE INDEX payout_reversal_checks_paid ON payout_reversal_checks (paid_at);

-- Down Migration
DROP TABLE payout_reversal_checks;
