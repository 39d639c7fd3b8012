-- Up Migration
-- Read-your-writes across API processes (docs/decisions/0026-process-roles.md): the last log
-- position each person wrote with a command that answers from its own events (a withdrawal, a
-- task submission). Their next signed-in read, on whichever API process, waits until every
-- projection has reached it. One row per person who ever wrote this way; it only moves forward.
CREATE TABLE written_positions (
  user_id text PRIMARY KEY,
  position bigint NOT NULL
);

-- Down Migration
DROP TABLE written_positions;
