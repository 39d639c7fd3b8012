-- Up Migration
-- Every session end is told to the API processes (docs/decisions/0012-sessions-that-end.md): a
-- logout's row and a raised generation notify the channel each process listens on, whoever wrote
-- them (an API process, the bootstrap of staff accounts, an operator's SQL). A process told of
-- every end may remember a standing session longer than one that is not; NOTIFY is sent at commit,
-- so an end that rolls back is never told.
CREATE FUNCTION kobo_tell_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'ended_sessions' THEN
    PERFORM pg_notify('kobo_sessions_ended', 'session:' || NEW.session_id);
  ELSE
    PERFORM pg_notify('kobo_sessions_ended', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ended_sessions_told AFTER INSERT ON ended_sessions
  FOR EACH ROW EXECUTE FUNCTION kobo_tell_session_ended();
CREATE TRIGGER session_generations_told AFTER INSERT OR UPDATE ON session_generations
  FOR EACH ROW EXECUTE FUNCTION kobo_tell_session_ended();

-- Down Migration
DROP TRIGGER session_generations_told ON session_generations;
DROP TRIGGER ended_sessions_told ON ended_sessions;
DROP FUNCTION kobo_tell_session_ended();
