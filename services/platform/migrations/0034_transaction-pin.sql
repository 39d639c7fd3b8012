-- Up Migration
-- The transaction PIN (docs/decisions/0033-transaction-pin.md): a credential like the password,
-- so it is kept beside the credentials and never in the event log. One row per account that has
-- set a PIN; no row, no PIN. Deleting the sign-in row (account deletion) deletes the PIN with it.
CREATE TABLE transaction_pins (
  user_id uuid PRIMARY KEY REFERENCES credentials (user_id) ON DELETE CASCADE,
  -- argon2id, as the password (services/api/src/accounts/password-hashing.ts).
  pin_hash text NOT NULL,
  -- Wrong PINs in a row since the last right one (or since the PIN was set); the fifth blocks.
  failed_tries integer NOT NULL DEFAULT 0 CHECK (failed_tries BETWEEN 0 AND 4),
  -- Withdrawals are refused until then, whatever PIN is given.
  blocked_until timestamptz,
  set_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE transaction_pins;
