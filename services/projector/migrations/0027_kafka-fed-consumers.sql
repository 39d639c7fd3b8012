-- Up Migration
-- Consumers of the log fed from Kafka (docs/decisions/0028-kafka-fed-consumers.md).

-- What the relay sent, per partition: after a batch ending at log position `position`, partition
-- `partition` of `topic` held `next_offset` messages, and the batch's first event was at
-- `first_position`. A consumer that has handled a partition's messages below a mark's next_offset
-- has every event of that partition up to the mark's position; with every partition, it has the
-- log up to there: that is the checkpoint it writes, so read-your-writes and status keep one number.
CREATE TABLE kafka_relay_marks (
  topic text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  first_position bigint NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (topic, partition, next_offset)
);
CREATE INDEX kafka_relay_marks_position ON kafka_relay_marks (topic, position);

-- Where each Kafka-fed consumer stands in each partition, written with its effects: the next offset
-- to handle and the highest log position handled (a repeat of the relay's is at or below it).
CREATE TABLE kafka_consumer_offsets (
  consumer text NOT NULL,
  topic text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, topic, partition)
);

-- A campaign's row now takes only its own stream's events; what rewards (on the users' streams)
-- took from its escrow goes to its own row, so the two commute. The campaigns read model is
-- rebuilt from the log by its projector, from position 0, on its next start.
ALTER TABLE campaigns RENAME COLUMN escrow_balance TO escrow_held;
ALTER TABLE campaigns DROP COLUMN total_paid;
CREATE TABLE campaign_payouts (
  campaign_id text PRIMARY KEY,
  total_paid bigint NOT NULL DEFAULT 0,
  escrow_paid bigint NOT NULL DEFAULT 0
);
TRUNCATE campaigns;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'campaigns';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'campaigns' AND resolved_at IS NULL;

-- Down Migration
DROP TABLE campaign_payouts;
TRUNCATE campaigns;
ALTER TABLE campaigns ADD COLUMN total_paid bigint NOT NULL DEFAULT 0;
ALTER TABLE campaigns RENAME COLUMN escrow_held TO escrow_balance;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'campaigns';
DROP TABLE kafka_consumer_offsets;
DROP TABLE kafka_relay_marks;
