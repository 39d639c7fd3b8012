-- Up Migration
-- The campaigns read model (projector `campaigns`, services/projector/src/read-models/campaigns): its
-- tables, whole, as migrations 0003, 0027 and 0037 left them (docs/decisions/0049). Every column is
-- written by the campaigns projector alone, a function of the log; no other table, view or trigger
-- depends on them (admin_stats() reads campaigns by name at each call: a SQL function, it holds no
-- reference). So they are made again empty and the projector rebuilds them from position 0 on its
-- next start. A later change to these tables is a new migration in this folder.
DROP TABLE IF EXISTS campaign_payouts;
DROP TABLE IF EXISTS campaigns;

-- A campaign as its own stream tells it: details, status and unit counters, and the postings to its
-- escrow by its own events. Only its stream's events change this row (decision 0028).
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
  -- Postings to the escrow by the campaign's own events (funded when created, returned when it ends).
  escrow_held bigint NOT NULL DEFAULT 0,
  -- Units neither approved nor reserved by a pending submission.
  remaining integer GENERATED ALWAYS AS (greatest(units - approved - pending, 0)) STORED,
  budget bigint GENERATED ALWAYS AS (units::bigint * price) STORED,
  -- Why finance turned it down (status rejected), for the admin's campaigns screen.
  rejection_reason text
);
CREATE INDEX campaigns_status ON campaigns (status, created_at DESC);

-- What the users' streams took from a campaign's escrow (RewardCredited): rewards paid and the
-- postings to the escrow (negative). Apart from the campaign's row so that the two commute when
-- Kafka's partitions apply a user's stream before the campaign's (decision 0028).
CREATE TABLE campaign_payouts (
  campaign_id text PRIMARY KEY,
  total_paid bigint NOT NULL DEFAULT 0,
  escrow_paid bigint NOT NULL DEFAULT 0
);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'campaigns';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'campaigns' AND resolved_at IS NULL;
-- Fed from Kafka (decision 0028), the projector starts every partition again from the beginning.
DELETE FROM kafka_consumer_offsets WHERE consumer = 'campaigns';

-- Down Migration
-- The tables were the same before: emptied, and rebuilt from the log again.
TRUNCATE campaigns, campaign_payouts;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'campaigns';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'campaigns' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'campaigns';
