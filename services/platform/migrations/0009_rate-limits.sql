-- Up Migration
-- Rate-limit counters (services/api/src/http/operations/rate-limit-store.ts), shared by every API
-- process: one fixed window per key, counted with one upsert per request.
CREATE TABLE rate_limit_hits (
  -- The limiter's name and the client's key, e.g. 'login:account:ada@example.ng'.
  key text PRIMARY KEY,
  hits integer NOT NULL,
  -- The end of the current window (the database's clock, the same for every process).
  resets_at timestamptz NOT NULL
);
-- Windows that have ended are purged by their end.
CREATE INDEX rate_limit_hits_resets_at_idx ON rate_limit_hits (resets_at);

-- Down Migration
DROP TABLE rate_limit_hits;
