-- Up Migration
-- Which attempt holds an in-flight key: a claim, or a take-over of a claim left past the lock
-- timeout, writes a fresh token. An attempt gives the key up (after a failure of ours) only while
-- it still holds it, so one that was taken over cannot free the key its successor is running on.
ALTER TABLE idempotency_keys ADD COLUMN claim_token uuid;

-- Down Migration
ALTER TABLE idempotency_keys DROP COLUMN claim_token;
