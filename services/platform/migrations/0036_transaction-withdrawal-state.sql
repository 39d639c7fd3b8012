-- Up Migration
-- A withdrawal's row in the history keeps its state in the screens' one vocabulary beside the
-- coarse status (services/projector/src/projections/transactions.ts): failed, declined and
-- reversed all read "failed" there, but each means the money went back, and the screens say so.
-- NULL for every transaction that is not a withdrawal.
ALTER TABLE transactions
  ADD COLUMN withdrawal_state text
    CHECK (withdrawal_state IN ('requested', 'approved', 'sending', 'paid', 'failed', 'declined', 'reversed'));
-- The rows written before this column, from the withdrawals read model (the same log built both);
-- a rebuild of the transactions projection writes the same values from the events.
UPDATE transactions AS t
SET withdrawal_state = CASE w.status
  WHEN 'pending' THEN 'requested'
  WHEN 'approved' THEN 'approved'
  WHEN 'sending' THEN 'sending'
  WHEN 'paid' THEN 'paid'
  WHEN 'payout_failed' THEN 'failed'
  WHEN 'rejected' THEN 'declined'
  WHEN 'reversed' THEN 'reversed'
END
FROM withdrawals AS w
WHERE w.withdrawal_id = t.id AND t.type IN ('withdrawal', 'activityWithdrawal');

-- Down Migration
ALTER TABLE transactions DROP COLUMN withdrawal_state;
