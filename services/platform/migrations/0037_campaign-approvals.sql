-- Up Migration
-- Campaigns whose total reward is above the approval threshold wait for finance in the same queue
-- as balance changes (docs/decisions/0035-campaign-approval-and-staff-withdrawals.md): a row of
-- kind 'campaign' per approval request, keyed by its approval id, about a campaign, not a user.
ALTER TABLE balance_adjustments
  ADD COLUMN kind text NOT NULL DEFAULT 'balance' CHECK (kind IN ('balance', 'campaign')),
  ADD COLUMN campaign_id text,
  ADD COLUMN campaign_title text,
  ALTER COLUMN user_id DROP NOT NULL,
  ADD CONSTRAINT balance_adjustments_subject CHECK (
    (kind = 'balance' AND user_id IS NOT NULL) OR (kind = 'campaign' AND campaign_id IS NOT NULL)
  );
-- Why finance turned a campaign down, for the admin's campaigns screen.
ALTER TABLE campaigns ADD COLUMN rejection_reason text;

-- Down Migration
ALTER TABLE campaigns DROP COLUMN rejection_reason;
DELETE FROM balance_adjustments WHERE kind = 'campaign';
ALTER TABLE balance_adjustments
  DROP CONSTRAINT balance_adjustments_subject,
  ALTER COLUMN user_id SET NOT NULL,
  DROP COLUMN campaign_title,
  DROP COLUMN campaign_id,
  DROP COLUMN kind;
