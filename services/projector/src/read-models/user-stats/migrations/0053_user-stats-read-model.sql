-- Up Migration
-- The user-stats read model's table, whole, in one place (docs/decisions/0049-one-folder-per-read-model.md):
-- made by platform 0003, unchanged since. Every column is written by the user_stats projector
-- alone (services/projector/src/read-models/user-stats/projection.ts), a function of the log; no
-- other table, view, trigger or function depends on it. So it is dropped and made again, and its
-- projector rebuilds it from position 0 on its next start. A later change to this table is a new
-- migration in this folder.
DROP TABLE IF EXISTS user_stats;
CREATE TABLE user_stats (
  user_id text PRIMARY KEY,
  total_tasks integer NOT NULL DEFAULT 0,
  total_earnings bigint NOT NULL DEFAULT 0,
  total_referrals integer NOT NULL DEFAULT 0,
  total_withdrawn bigint NOT NULL DEFAULT 0
);

UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'user_stats';
UPDATE projection_failures SET resolved_at = now() WHERE projector = 'user_stats' AND resolved_at IS NULL;
-- Fed from Kafka (decision 0028), the projector starts every partition again from the beginning.
DELETE FROM kafka_consumer_offsets WHERE consumer = 'user_stats';

-- Down Migration
-- The table above is the one the earlier migrations made: nothing to undo but its rows, which the
-- projector builds again from the log.
TRUNCATE user_stats;
UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE projector = 'user_stats';
DELETE FROM kafka_consumer_offsets WHERE consumer = 'user_stats';
