-- Up Migration
-- One round trip per money command (docs/decisions/0048): the append claims the command's
-- Idempotency-Key in its own transaction. A request may carry `claim: {userId, key, requestHash,
-- method, path, retentionMs}` with its command; once every other check has passed, the key's row
-- in idempotency_keys is written with the events, in flight (no answer yet). A key already there
-- (another request's, a refusal's answer, a claim of the previous way) makes the request write
-- nothing and answer {keyTaken: commandId}; a key whose answer is past its retention is taken
-- afresh, as the HTTP layer's own claim does. A command recorded before answers as its first run
-- without looking at the key (its row is the first run's).
--
-- The function is otherwise 0032's (services/ledger/migrations): each request of the batch in
-- turn, checked against what the requests before it wrote. Results, one per request, in order:
--   {streams, lastPosition, appended: true}       written now (its command recorded, its key claimed)
--   {streams, lastPosition, appended: false}      its command was recorded before: nothing written
--   {reused: commandId}                           its command id was recorded for another kind
--   {keyTaken: commandId}                         its Idempotency-Key is taken: nothing written
--   {conflict: {streamId, expected, actual}} | {duplicate: eventId}
CREATE OR REPLACE FUNCTION kobo_append_events(p_requests jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_head bigint;
  v_position bigint;
  v_hash bytea;
  v_next_hash bytea;
  v_now timestamptz := now();
  v_results jsonb := '[]';
  v_request jsonb;
  v_command_id text;
  v_command_type text;
  v_recorded_type text;
  v_recorded_streams jsonb;
  v_recorded_position bigint;
  v_streams jsonb;
  v_stream jsonb;
  v_stream_id text;
  v_events jsonb;
  v_event jsonb;
  v_event_id uuid;
  v_expected jsonb;
  v_version bigint;
  v_matches boolean;
  v_actuals bigint[];
  v_stream_version bigint;
  v_n int;
  v_result jsonb;
  v_versions jsonb;
  v_event_ids uuid[];
  v_claim jsonb;
BEGIN
  -- The append lock: positions and the chain are extended by one transaction at a time.
  SELECT last_position, last_hash INTO v_head, v_hash FROM event_chain_head FOR UPDATE;
  v_position := v_head;

  FOR rq IN 0 .. jsonb_array_length(p_requests) - 1 LOOP
    v_request := p_requests->rq;
    v_command_id := v_request->'command'->>'id';
    v_command_type := v_request->'command'->>'type';
    v_streams := v_request->'streams';
    v_claim := nullif(v_request->'claim', 'null');
    v_result := NULL;

    -- A command recorded before: its first result, or refused if it was another kind.
    IF v_command_id IS NOT NULL THEN
      SELECT command_type, streams, last_position INTO v_recorded_type, v_recorded_streams, v_recorded_position
        FROM commands WHERE command_id = v_command_id;
      IF FOUND THEN
        v_result := CASE WHEN v_recorded_type = v_command_type
          THEN jsonb_build_object('streams', v_recorded_streams, 'lastPosition', v_recorded_position, 'appended', false)
          ELSE jsonb_build_object('reused', v_command_id) END;
      END IF;
    END IF;

    -- An event id already stored: the first one, in request order.
    IF v_result IS NULL THEN
      <<duplicates>>
      FOR s IN 0 .. jsonb_array_length(v_streams) - 1 LOOP
        v_events := coalesce(v_streams->s->'events', '[]');
        FOR e IN 0 .. jsonb_array_length(v_events) - 1 LOOP
          v_event_id := (v_events->e->>'id')::uuid;
          IF EXISTS (SELECT FROM events WHERE event_id = v_event_id) THEN
            v_result := jsonb_build_object('duplicate', v_event_id);
            EXIT duplicates;
          END IF;
        END LOOP;
      END LOOP;
    END IF;

    -- Every stream where the request expects it, or the first that is not.
    IF v_result IS NULL THEN
      v_actuals := '{}';
      FOR s IN 0 .. jsonb_array_length(v_streams) - 1 LOOP
        v_stream := v_streams->s;
        v_expected := v_stream->'expectedVersion';
        SELECT version INTO v_version FROM streams WHERE stream_id = v_stream->>'streamId';
        v_matches := CASE v_expected
                       WHEN '"any"' THEN true
                       WHEN '"no_stream"' THEN v_version IS NULL
                       WHEN '"stream_exists"' THEN v_version IS NOT NULL
                       ELSE coalesce(v_version, 0) = v_expected::bigint
                     END;
        IF NOT v_matches THEN
          v_result := jsonb_build_object('conflict', jsonb_build_object(
            'streamId', v_stream->>'streamId', 'expected', v_expected, 'actual', coalesce(v_version, 0)));
          EXIT;
        END IF;
        v_actuals := v_actuals || coalesce(v_version, 0);
      END LOOP;
    END IF;

    -- The command's Idempotency-Key, claimed with its events: free, or free again past its
    -- retention (a completed answer that old), or else taken and nothing is written. Last of the
    -- checks, so a claim is never written for a request refused after it.
    IF v_result IS NULL AND v_claim IS NOT NULL THEN
      INSERT INTO idempotency_keys AS k (user_id, key, request_hash, method, path, locked_at)
      VALUES (v_claim->>'userId', v_claim->>'key', v_claim->>'requestHash', v_claim->>'method',
              v_claim->>'path', v_now)
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = excluded.request_hash, method = excluded.method, path = excluded.path,
            response_status = NULL, response_content_type = NULL, response_body = NULL,
            completed_at = NULL, created_at = v_now, locked_at = v_now, claim_token = NULL
        WHERE k.response_status IS NOT NULL
          AND k.created_at < v_now - (v_claim->>'retentionMs')::double precision * interval '1 millisecond';
      IF NOT FOUND THEN
        v_result := jsonb_build_object('keyTaken', v_command_id);
      END IF;
    END IF;

    -- Written: each event at the next position, chained to the one before.
    IF v_result IS NULL THEN
      v_versions := '[]';
      v_event_ids := '{}';
      FOR s IN 0 .. jsonb_array_length(v_streams) - 1 LOOP
        v_stream := v_streams->s;
        v_stream_id := v_stream->>'streamId';
        v_events := coalesce(v_stream->'events', '[]');
        v_n := jsonb_array_length(v_events);
        FOR e IN 0 .. v_n - 1 LOOP
          v_event := v_events->e;
          v_position := v_position + 1;
          v_event_id := (v_event->>'id')::uuid;
          v_stream_version := v_actuals[s + 1] + e + 1;
          v_next_hash := sha256(v_hash || convert_to(kobo_event_canonical(
            v_position, v_event_id, v_stream_id, v_stream_version, v_event->>'type', v_event->'data',
            coalesce(v_event->'metadata', '{}'), v_now), 'UTF8'));
          INSERT INTO events (global_position, event_id, stream_id, stream_version, type, data, metadata,
                              recorded_at, prev_hash, hash)
          VALUES (v_position, v_event_id, v_stream_id, v_stream_version, v_event->>'type', v_event->'data',
                  coalesce(v_event->'metadata', '{}'), v_now, v_hash, v_next_hash);
          v_hash := v_next_hash;
          v_event_ids := v_event_ids || v_event_id;
        END LOOP;
        IF v_n > 0 THEN
          INSERT INTO streams (stream_id, version) VALUES (v_stream_id, v_actuals[s + 1] + v_n)
          ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version;
        END IF;
        v_versions := v_versions || jsonb_build_array(jsonb_build_object('streamId', v_stream_id, 'version', v_actuals[s + 1] + v_n));
      END LOOP;
      v_result := jsonb_build_object('streams', v_versions, 'lastPosition', v_position, 'appended', true);
      -- The command is recorded in the transaction that writes its events: never one without the other.
      IF v_command_id IS NOT NULL THEN
        INSERT INTO commands (command_id, command_type, streams, last_position, event_ids)
        VALUES (v_command_id, v_command_type, v_versions, v_position, v_event_ids);
      END IF;
    END IF;

    v_results := v_results || jsonb_build_array(v_result);
  END LOOP;

  IF v_position > v_head THEN
    UPDATE event_chain_head SET last_position = v_position, last_hash = v_hash;
    PERFORM pg_notify('kobo_events', v_position::text);
  END IF;
  RETURN v_results;
END
$fn$;

-- Down Migration
-- The previous definition is 0032's (services/ledger/migrations); rolling back means re-running it.
