-- Up Migration
-- Idempotency-Key records for money-moving commands (services/api/src/http/idempotency).
-- The first answer to a key is kept so a retry gets the same answer instead of a second effect.
CREATE TABLE idempotency_keys (
  -- The caller the key belongs to ('' for a route without sign-in): keys never collide across users.
  user_id text NOT NULL,
  key text NOT NULL,
  -- SHA-256 (hex) of method, path and the canonical JSON body: the same key with another request is refused.
  request_hash text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  -- NULL while the first request is in flight.
  response_status integer,
  response_content_type text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the in-flight request took the key; a lock older than the timeout may be taken over
  -- (the process handling it died), which is safe because commands are idempotent themselves.
  locked_at timestamptz,
  completed_at timestamptz,
  PRIMARY KEY (user_id, key)
);
-- Expired keys are purged by age.
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

-- Down Migration
DROP TABLE idempotency_keys;
