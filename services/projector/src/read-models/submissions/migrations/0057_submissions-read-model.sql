-- Up Migration
-- The submissions read model (projector `submissions`, services/projector/src/read-models/submissions):
-- its table, whole, as migrations 0003 and 0046 left it (docs/decisions/0049). Every column is
-- written by the submissions projector alone, a function of the log; no other table, view, trigger
-- or function depends on it. So it is made again empty and the projector rebuilds it from position
-- 0 on its next start. A later change to this table is a new migration in this folder.
DROP TABLE IF EXISTS submissions;

-- A task submission (pending until reviewed) or a completed activity (approved at once).
CREATE TABLE submissions (
  submission_id text PRIMARY KEY,
  campaign_id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('task', 'activity')),
  proof_image text,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  -- The verification job's findings, shown to the reviewing admin.
  flags jsonb NOT NULL DEFAULT '[]',
  perceptual_hash text,
  reward bigint NOT NULL,
  -- The rejection reason the user sees.
  reason text,
  reviewed_by text,
  submitted_at timestamptz NOT NULL,
  verified_at timestamptz,
  reviewed_at timestamptz,
  updated_at timestamptz NOT NULL
);
-- A campaign's submissions by status, the newest first (the admin's Task Review).
CREATE INDEX submissions_campaign ON submissions (campaign_id, status, submitted_at DESC);
-- A user's submissions, the newest first (the submissions screen, the task list's "submitted").
CREATE INDEX submissions_user ON submissions (user_id, submitted_at DESC);
-- The admin's review queue (GET /api/admin/submissions/pending): every pending submission of every
-- campaign, oldest first. Pending rows are few beside the reviewed ones, so a partial index in the
-- queue's order finds them without reading the rest.
CREATE INDEX submissions_pending_oldest ON submissions (submitted_at, submission_id)
  WHERE status = 'pending';

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'submissions';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'submissions' AND resolved_at IS NULL;
-- Fed from Kafka (decision 0028), the projector starts every partition again from the beginning.
DELETE FROM kafka_consumer_offsets WHERE consumer = 'submissions';

-- Down Migration
-- The table was the same before: emptied, and rebuilt from the log again.
TRUNCATE submissions;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'submissions';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'submissions' AND resolved_at IS NULL;
DELETE FROM kafka_consumer_offsets WHERE consumer = 'submissions';
