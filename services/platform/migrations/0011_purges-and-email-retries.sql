-- Up Migration
-- Email retries (services/api/src/email/smtp-mailer.ts): a failed message waits until
-- next_attempt_at (a growing backoff) and is given up after a capped number of attempts
-- (next_attempt_at NULL); a retrying process claims a row until claimed_until instead of holding
-- a transaction (and its row locks) across the SMTP conversation.
ALTER TABLE email_outbox
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN claimed_until timestamptz;
UPDATE email_outbox SET next_attempt_at = now() WHERE status = 'failed';
-- The scheduled purge (services/api/src/maintenance/purges.ts) deletes delivered messages by age.
CREATE INDEX email_outbox_sent_at ON email_outbox (sent_at) WHERE status = 'sent';

-- Down Migration
DROP INDEX email_outbox_sent_at;
ALTER TABLE email_outbox DROP COLUMN claimed_until, DROP COLUMN next_attempt_at;
