-- Up Migration
-- Background jobs (services/jobs). BullMQ keeps its own tables in the `bullmq` schema (or in Redis);
-- these are ours.

-- How far each reactor has followed the event log. It moves only after the jobs of a batch are
-- enqueued, so a crash replays the batch; deterministic job ids make the replay enqueue nothing new.
CREATE TABLE jobs_reactor_checkpoints (
  reactor text PRIMARY KEY,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The perceptual hash (dHash, 64 bits as 16 hex digits) of each verified proof screenshot, so a new
-- proof can be compared with every earlier one. Rows are written by the verification job only.
CREATE TABLE proof_hashes (
  submission_id text PRIMARY KEY,
  campaign_id text NOT NULL,
  user_id text NOT NULL,
  -- The submitter's username when the proof was checked (usernames do not change), for the flag text.
  username text NOT NULL,
  -- The task's title when the proof was checked, for the flag text.
  task_title text NOT NULL,
  perceptual_hash bit(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proof_hashes_user_idx ON proof_hashes (user_id);

-- Down Migration
DROP TABLE proof_hashes;
DROP TABLE jobs_reactor_checkpoints;
