-- Up Migration
-- What the admin's withdrawal desk shows beside a request: when the user's bank details were last
-- set or changed and whether the bank gave the account name (name enquiry), and until when a
-- withdrawal's approval may still be undone (WithdrawalApproved.undoableUntil; null when it cannot).
ALTER TABLE users
  ADD COLUMN bank_details_set_at timestamptz,
  ADD COLUMN bank_name_check text CHECK (bank_name_check IN ('resolved', 'unchecked'));
ALTER TABLE withdrawals ADD COLUMN undoable_until timestamptz;
-- An undone approval tells its person the withdrawal waits for review again (state 'requested').
ALTER TABLE notifications DROP CONSTRAINT notifications_withdrawal_state_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_withdrawal_state_check
  CHECK (withdrawal_state IN ('requested', 'approved', 'sending', 'paid', 'failed', 'declined', 'reversed'));

-- Down Migration
DELETE FROM notifications WHERE withdrawal_state = 'requested';
ALTER TABLE notifications DROP CONSTRAINT notifications_withdrawal_state_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_withdrawal_state_check
  CHECK (withdrawal_state IN ('approved', 'sending', 'paid', 'failed', 'declined', 'reversed'));
ALTER TABLE withdrawals DROP COLUMN undoable_until;
ALTER TABLE users DROP COLUMN bank_details_set_at, DROP COLUMN bank_name_check;
