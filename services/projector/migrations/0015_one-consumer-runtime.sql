-- Up Migration
-- One runtime for every consumer of the event log (docs/decisions/0023-one-consumer-runtime.md):
-- the reactors (jobs, notices) keep their checkpoints in the one table the projectors use, at the
-- positions they had reached, and their own table goes. The table keeps its name and its
-- `projector` column; each row is a consumer, projector or reactor.
INSERT INTO projection_checkpoints (projector, position, updated_at)
SELECT reactor, position, updated_at FROM jobs_reactor_checkpoints
ON CONFLICT (projector) DO UPDATE
  SET position = GREATEST(projection_checkpoints.position, EXCLUDED.position),
      updated_at = EXCLUDED.updated_at;
DROP TABLE jobs_reactor_checkpoints;
COMMENT ON TABLE projection_checkpoints IS
  'The last handled log position of each consumer of the log: projectors and reactors';
COMMENT ON TABLE projection_failures IS
  'Poison events of each consumer of the log (projectors and reactors), open until handled';

-- Down Migration
CREATE TABLE jobs_reactor_checkpoints (
  reactor text PRIMARY KEY,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO jobs_reactor_checkpoints (reactor, position, updated_at)
SELECT projector, position, updated_at FROM projection_checkpoints WHERE projector IN ('jobs', 'notices');
DELETE FROM projection_checkpoints WHERE projector IN ('jobs', 'notices');
COMMENT ON TABLE projection_checkpoints IS NULL;
COMMENT ON TABLE projection_failures IS NULL;
