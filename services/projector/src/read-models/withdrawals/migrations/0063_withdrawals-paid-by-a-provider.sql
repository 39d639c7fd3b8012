-- Up Migration
-- The payouts reconciliation asks about again for a reversal (paidPayoutsToAskAgain in queries.ts):
-- paid, not by hand, by when they were paid.
CREATE INDEX withdrawals_paid_by_a_provider ON withdrawals (paid_at) WHERE status = 'paid' AND paid_by IS NULL;

-- Down Migration
DROP INDEX withdrawals_paid_by_a_provider;
