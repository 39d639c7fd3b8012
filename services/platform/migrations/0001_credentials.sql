-- Up Migration
-- Sign-in secrets are kept outside the event log: a password hash must be replaceable and
-- erasable, which an append-only log cannot offer. The user's identity and role live in events.
CREATE TABLE credentials (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credentials_email_key ON credentials (lower(email));

-- Down Migration
DROP TABLE credentials;
