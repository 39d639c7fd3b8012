-- Folded stream states saved now and then, so a new process does not fold a long stream whole
-- before its first command on it (docs/decisions/0014). Only a cache: deleting every row loses
-- nothing, the next commands fold the streams again and save new ones.
CREATE TABLE stream_snapshots (
  stream_id text NOT NULL,
  -- The decider and the version of its state's shape ('user@1'): a new shape never reads an old one.
  kind text NOT NULL,
  -- The stream version the state is folded to, and the highest global position among its events.
  version bigint NOT NULL CHECK (version > 0),
  last_position bigint NOT NULL,
  state jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, kind)
);
