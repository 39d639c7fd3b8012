-- Up Migration
-- Sessions end on the server (docs/decisions/0012-sessions-that-end.md). A token carries its
-- session id and the user's session generation when it was issued; it is accepted only while
-- the generation is still the user's and its id is not among the ended sessions.

-- Raised by a password change or reset, a suspension, a deletion and a role change: every token
-- issued before is refused at once. No row means generation 0.
CREATE TABLE session_generations (
  user_id text PRIMARY KEY,
  generation integer NOT NULL
);

-- One session ended by logout; kept until the token would have expired anyway.
CREATE TABLE ended_sessions (
  session_id uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX ended_sessions_expires ON ended_sessions (expires_at);

-- Down Migration
DROP TABLE ended_sessions;
DROP TABLE session_generations;
