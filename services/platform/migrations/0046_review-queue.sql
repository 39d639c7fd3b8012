-- Up Migration
-- The admin's review queue (GET /api/admin/submissions/pending): every pending submission of every
-- campaign, oldest first. Pending rows are few beside the reviewed ones, so a partial index in the
-- queue's order finds them without reading the rest.
CREATE INDEX submissions_pending_oldest ON submissions (submitted_at, submission_id)
  WHERE status = 'pending';

-- Down Migration
DROP INDEX IF EXISTS submissions_pending_oldest;
