-- Up Migration

-- Read models: tables the projectors build from the event log (docs/projections.md).
-- Every column is a function of the log alone (times come from recorded_at, never now()), so a
-- rebuild reproduces each table exactly and `ledger verify` can compare them row for row.

-- Projection runtime -------------------------------------------------------------------------

CREATE TABLE projection_checkpoints (
  projector text PRIMARY KEY,
  -- The global position of the last event applied; advanced in the same transaction as the
  -- read-model changes, so a crash never loses or doubles an event.
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  rebuilt_at timestamptz
);

CREATE TABLE projection_failures (
  id bigserial PRIMARY KEY,
  projector text NOT NULL,
  global_position bigint NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  first_failed_at timestamptz NOT NULL DEFAULT now(),
  last_failed_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
-- One open failure per projector and event; a later retry bumps attempts.
CREATE UNIQUE INDEX projection_failures_open ON projection_failures (projector, global_position)
  WHERE resolved_at IS NULL;

-- ledger_entries: the journal, one row per posting -------------------------------------------

CREATE TABLE ledger_entries (
  global_position bigint NOT NULL,
  posting_index smallint NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  account text NOT NULL,
  amount bigint NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (global_position, posting_index)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account, global_position);
CREATE INDEX ledger_entries_recorded_at ON ledger_entries (recorded_at);

-- balances -------------------------------------------------------------------------------------

CREATE TABLE account_balances (
  account text PRIMARY KEY,
  balance bigint NOT NULL DEFAULT 0,
  entry_count integer NOT NULL DEFAULT 0,
  last_position bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE user_balances (
  user_id text PRIMARY KEY,
  account_balance bigint NOT NULL DEFAULT 0,
  activity_balance bigint NOT NULL DEFAULT 0,
  held_balance bigint NOT NULL DEFAULT 0,
  last_position bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

-- transactions: the user's history and the admin transactions screen -------------------------

CREATE TABLE transactions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('withdrawal', 'activityWithdrawal', 'referral', 'bonus', 'task', 'activity', 'other')),
  title text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('completed', 'pending', 'failed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  event_id text NOT NULL,
  global_position bigint NOT NULL
);
CREATE INDEX transactions_user ON transactions (user_id, created_at DESC);
CREATE INDEX transactions_created ON transactions (created_at DESC);

-- stats: per-user overview counters (the admin counters are admin_stats(), below) -------------

CREATE TABLE user_stats (
  user_id text PRIMARY KEY,
  total_tasks integer NOT NULL DEFAULT 0,
  total_earnings bigint NOT NULL DEFAULT 0,
  total_referrals integer NOT NULL DEFAULT 0,
  total_withdrawn bigint NOT NULL DEFAULT 0
);

-- users --------------------------------------------------------------------------------------

CREATE TABLE users (
  user_id text PRIMARY KEY,
  username text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  role text NOT NULL,
  status text NOT NULL,
  bank_name text,
  account_num text,
  account_name text,
  referral_code text NOT NULL,
  referred_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  deleted_by text
);
CREATE INDEX users_email ON users (lower(email));
CREATE INDEX users_created ON users (created_at DESC);

-- campaigns with progress ----------------------------------------------------------------------

CREATE TABLE campaigns (
  campaign_id text PRIMARY KEY,
  title text NOT NULL,
  platform text NOT NULL,
  variation text NOT NULL,
  instructions text NOT NULL,
  url text NOT NULL,
  price bigint NOT NULL,
  units integer NOT NULL,
  estimated_minutes integer NOT NULL,
  image text,
  status text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- approved submissions plus completed activities
  approved integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  participants integer NOT NULL DEFAULT 0,
  escrow_balance bigint NOT NULL DEFAULT 0,
  total_paid bigint NOT NULL DEFAULT 0,
  remaining integer GENERATED ALWAYS AS (greatest(units - approved - pending, 0)) STORED,
  budget bigint GENERATED ALWAYS AS (units::bigint * price) STORED
);
CREATE INDEX campaigns_status ON campaigns (status, created_at DESC);

-- submissions per campaign ---------------------------------------------------------------------

CREATE TABLE submissions (
  submission_id text PRIMARY KEY,
  campaign_id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('task', 'activity')),
  proof_image text,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  flags jsonb NOT NULL DEFAULT '[]',
  perceptual_hash text,
  reward bigint NOT NULL,
  reason text,
  reviewed_by text,
  submitted_at timestamptz NOT NULL,
  verified_at timestamptz,
  reviewed_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX submissions_campaign ON submissions (campaign_id, status, submitted_at DESC);
CREATE INDEX submissions_user ON submissions (user_id, submitted_at DESC);

-- withdrawals ------------------------------------------------------------------------------------

CREATE TABLE withdrawals (
  withdrawal_id text PRIMARY KEY,
  user_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('withdrawal', 'activityWithdrawal')),
  amount bigint NOT NULL,
  fee bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'paid', 'payout_failed')),
  bank_name text NOT NULL,
  account_num text NOT NULL,
  account_name text NOT NULL,
  requested_at timestamptz NOT NULL,
  approved_at timestamptz,
  approved_by text,
  rejected_at timestamptz,
  rejected_by text,
  rejection_reason text,
  paid_at timestamptz,
  payout_provider text,
  payout_reference text,
  failed_at timestamptz,
  failure_reason text,
  updated_at timestamptz NOT NULL,
  request_event_id text NOT NULL
);
CREATE INDEX withdrawals_status ON withdrawals (status, requested_at DESC);
CREATE INDEX withdrawals_user ON withdrawals (user_id, requested_at DESC);

-- community links (one row) -----------------------------------------------------------------------

CREATE TABLE community_links (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  email text NOT NULL DEFAULT '',
  whatsapp_channel text NOT NULL DEFAULT '',
  telegram_channel text NOT NULL DEFAULT '',
  facebook_page text NOT NULL DEFAULT '',
  instagram_account text NOT NULL DEFAULT '',
  twitter_account text NOT NULL DEFAULT '',
  youtube_channel text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

-- Admin dashboard counters, computed from the read models above. A function rather than a view:
-- its body is resolved by name at each call, so a rebuild that swaps tables in needs no re-creation.
CREATE FUNCTION admin_stats()
RETURNS TABLE (
  total_users bigint,
  active_users bigint,
  inactive_users bigint,
  suspended_users bigint,
  total_campaigns bigint,
  active_campaigns bigint,
  total_withdrawn bigint,
  pending_withdrawals bigint,
  pending_withdrawal_amount bigint
)
LANGUAGE sql STABLE
AS $$
  SELECT
    (SELECT count(*) FROM users WHERE role = 'user' AND NOT deleted),
    (SELECT count(*) FROM users WHERE role = 'user' AND NOT deleted AND status = 'active'),
    (SELECT count(*) FROM users WHERE role = 'user' AND NOT deleted AND status = 'inactive'),
    (SELECT count(*) FROM users WHERE role = 'user' AND NOT deleted AND status = 'suspended'),
    (SELECT count(*) FROM campaigns WHERE status <> 'deleted'),
    (SELECT count(*) FROM campaigns WHERE status = 'active'),
    (SELECT coalesce(sum(amount), 0)::bigint FROM withdrawals WHERE status = 'paid'),
    (SELECT count(*) FROM withdrawals WHERE status = 'pending'),
    (SELECT coalesce(sum(amount), 0)::bigint FROM withdrawals WHERE status = 'pending')
$$;

-- Down Migration
DROP FUNCTION IF EXISTS admin_stats();
DROP TABLE IF EXISTS community_links;
DROP TABLE IF EXISTS withdrawals;
DROP TABLE IF EXISTS submissions;
DROP TABLE IF EXISTS campaigns;
DROP TABLE IF EXISTS users;
DROP TABLE IF EXISTS user_stats;
DROP TABLE IF EXISTS transactions;
DROP TABLE IF EXISTS user_balances;
DROP TABLE IF EXISTS account_balances;
DROP TABLE IF EXISTS ledger_entries;
DROP TABLE IF EXISTS projection_failures;
DROP TABLE IF EXISTS projection_checkpoints;
