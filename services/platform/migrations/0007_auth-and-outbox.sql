-- Up Migration
-- Password reset links: only the SHA-256 of the token is kept, so a leaked table cannot be used
-- to reset anyone's password. A token works once (used_at) and until expires_at (15 minutes).
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_expires ON password_reset_tokens (expires_at);

-- Every email the product sends is written here first. Without SMTP this table is the delivery
-- channel (an operator reads it); with SMTP a row stays 'pending' or 'failed' until delivered,
-- so a crash or an SMTP outage never drops a message silently.
CREATE TABLE email_outbox (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  -- The body holds a secret (a one-time link): erased once delivered by SMTP.
  sensitive boolean NOT NULL DEFAULT false,
  transport text NOT NULL CHECK (transport IN ('smtp', 'outbox')),
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_undelivered ON email_outbox (created_at) WHERE status <> 'sent';

-- Messages from the public contact form, kept even when no support address is configured.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  email_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC);

-- Down Migration
DROP TABLE contact_messages;
DROP TABLE email_outbox;
DROP TABLE password_reset_tokens;
