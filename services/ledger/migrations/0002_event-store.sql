-- Up Migration
-- The event store (docs/event-store.md). One global log, hash-chained; every append holds the
-- chain head's row lock, so positions are assigned in commit order.

CREATE TABLE events (
  global_position bigint PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_version bigint NOT NULL CHECK (stream_version > 0),
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  recorded_at timestamptz NOT NULL DEFAULT now(),
  prev_hash bytea NOT NULL,
  hash bytea NOT NULL,
  UNIQUE (stream_id, stream_version)
);

CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL CHECK (version > 0)
);

-- One row: the end of the hash chain. Its row lock is the append lock.
CREATE TABLE event_chain_head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_position bigint NOT NULL,
  last_hash bytea NOT NULL
);
INSERT INTO event_chain_head (id, last_position, last_hash) VALUES (true, 0, '\x'::bytea || decode(repeat('00', 32), 'hex'));

-- The canonical encoding of an event, hashed into the chain. Re-verifiable outside PostgreSQL:
-- the JSON text of [position, "event id", "stream id", version, "type", data, metadata,
-- recorded_at as integer microseconds since the Unix epoch] as jsonb prints it.
CREATE FUNCTION kobo_event_canonical(
  global_position bigint, event_id uuid, stream_id text, stream_version bigint, type text,
  data jsonb, metadata jsonb, recorded_at timestamptz
) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_array(
    global_position, event_id, stream_id, stream_version, type, data, metadata,
    (extract(epoch FROM recorded_at) * 1000000)::bigint
  )::text
$$;

-- hash = sha256(previous hash || utf8(canonical)); as a running aggregate it chains a whole batch
-- in one pass. The second argument is the hash before the first row (the chain head).
CREATE FUNCTION kobo_hash_chain_step(state bytea, genesis bytea, canonical text)
RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sha256(coalesce(state, genesis) || convert_to(canonical, 'UTF8'))
$$;
CREATE AGGREGATE kobo_hash_chain(bytea, text) (SFUNC = kobo_hash_chain_step, STYPE = bytea);

-- Appends a batch of independent requests in one statement, under the chain head lock.
-- p_requests: [[{streamId, expectedVersion, events: [{id, type, data, metadata}]}, ...], ...]
-- expectedVersion: "any" | "no_stream" | "stream_exists" | integer.
-- Requests in one batch must touch distinct streams and event ids (the adapter ensures it), so
-- they can be checked and written set-based; each is atomic on its own. Returns one result per
-- request, in order: {streams, lastPosition} | {conflict: {streamId, expected, actual}}
-- | {duplicate: eventId}. A retry of an append already written returns its original result.
-- jit is off because jsonb_array_elements' default row estimate makes the plan look costly enough
-- to JIT-compile, which costs tens of milliseconds for a millisecond's work.
CREATE FUNCTION kobo_append_events(p_requests jsonb) RETURNS jsonb LANGUAGE plpgsql SET jit = off AS $fn$
DECLARE
  v_position bigint;
  v_hash bytea;
  v_new_position bigint;
  v_results jsonb;
  v_seen bigint[];
  v_rq bigint;
BEGIN
  -- The append lock: positions and the chain are extended by one transaction at a time.
  SELECT last_position, last_hash INTO v_position, v_hash FROM event_chain_head FOR UPDATE;

  IF (SELECT count(*) <> count(DISTINCT s.value->>'streamId')
      FROM jsonb_array_elements(p_requests) r, jsonb_array_elements(r.value) s) THEN
    RAISE EXCEPTION 'kobo_append_events: requests in one batch must touch distinct streams';
  END IF;

  WITH sa AS (
    SELECT r.ord AS rq, s.ord AS sq, s.value->>'streamId' AS stream_id,
           s.value->'expectedVersion' AS expected, coalesce(s.value->'events', '[]') AS events
    FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(value, ord)
    CROSS JOIN LATERAL jsonb_array_elements(r.value) WITH ORDINALITY AS s(value, ord)
  ),
  -- Lookups are scalar subqueries so they stay index probes: jsonb_array_elements' default
  -- estimate (100 rows per level) would otherwise lead the planner to hash whole tables.
  cur AS (
    SELECT sa.*, coalesce(v.version, 0) AS actual, jsonb_array_length(sa.events) AS n,
           CASE sa.expected
             WHEN '"any"' THEN true
             WHEN '"no_stream"' THEN v.version IS NULL
             WHEN '"stream_exists"' THEN v.version IS NOT NULL
             ELSE coalesce(v.version, 0) = (sa.expected)::bigint
           END AS matches
    FROM sa CROSS JOIN LATERAL (SELECT (SELECT st.version FROM streams st WHERE st.stream_id = sa.stream_id) AS version) v
  ),
  ev AS (
    SELECT cur.rq, cur.sq, e.ord AS eq, cur.stream_id, cur.actual + e.ord AS stream_version,
           (e.value->>'id')::uuid AS event_id, e.value->>'type' AS type, e.value->'data' AS data,
           coalesce(e.value->'metadata', '{}') AS metadata
    FROM cur CROSS JOIN LATERAL jsonb_array_elements(cur.events) WITH ORDINALITY AS e(value, ord)
  ),
  seen AS (
    SELECT DISTINCT ev.rq FROM ev
    WHERE (SELECT true FROM events x WHERE x.event_id = ev.event_id) IS NOT NULL
  ),
  status AS (
    SELECT cur.rq,
           CASE
             WHEN seen.rq IS NOT NULL THEN 'seen'
             WHEN bool_and(cur.matches) THEN 'ok'
             ELSE 'conflict'
           END AS status,
           jsonb_agg(jsonb_build_object('streamId', cur.stream_id, 'version', cur.actual + cur.n)
                     ORDER BY cur.sq) AS versions,
           sum(cur.n) AS n
    FROM cur LEFT JOIN seen USING (rq) GROUP BY cur.rq, seen.rq
  ),
  fresh AS (
    SELECT ev.*, v_position + row_number() OVER (ORDER BY ev.rq, ev.sq, ev.eq) AS global_position
    FROM ev JOIN status USING (rq) WHERE status.status = 'ok'
  ),
  chained AS (
    SELECT f.*, kobo_hash_chain(v_hash, kobo_event_canonical(
             f.global_position, f.event_id, f.stream_id, f.stream_version, f.type, f.data, f.metadata, now()
           )) OVER (ORDER BY f.global_position ROWS UNBOUNDED PRECEDING) AS hash
    FROM fresh f
  ),
  inserted AS (
    INSERT INTO events (global_position, event_id, stream_id, stream_version, type, data, metadata,
                        recorded_at, prev_hash, hash)
    SELECT global_position, event_id, stream_id, stream_version, type, data, metadata, now(),
           coalesce(lag(hash) OVER (ORDER BY global_position), v_hash), hash
    FROM chained
    RETURNING 1
  ),
  stream_versions AS (
    INSERT INTO streams (stream_id, version)
    SELECT cur.stream_id, cur.actual + cur.n FROM cur JOIN status USING (rq)
    WHERE status.status = 'ok' AND cur.n > 0
    ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version
    RETURNING 1
  ),
  head AS (
    UPDATE event_chain_head h SET last_position = last.global_position, last_hash = last.hash
    FROM (SELECT global_position, hash FROM chained ORDER BY global_position DESC LIMIT 1) last
    RETURNING h.last_position
  ),
  conflicts AS (
    SELECT DISTINCT ON (rq) rq, jsonb_build_object('conflict', jsonb_build_object(
             'streamId', stream_id, 'expected', expected, 'actual', actual)) AS result
    FROM cur WHERE NOT matches ORDER BY rq, sq
  ),
  per_request AS (
    SELECT status.rq,
      CASE status.status
        WHEN 'ok' THEN jsonb_build_object(
          'streams', status.versions,
          -- events written by this request and the ones before it in the batch
          'lastPosition', v_position + sum(status.n) FILTER (WHERE status.status = 'ok')
                                         OVER (ORDER BY status.rq))
        WHEN 'conflict' THEN conflicts.result
        ELSE jsonb_build_object('seen', true)
      END AS result
    FROM status LEFT JOIN conflicts USING (rq)
  )
  SELECT jsonb_agg(p.result ORDER BY p.rq),
         (SELECT max(last_position) FROM head),
         array_agg(p.rq) FILTER (WHERE p.result ? 'seen')
  INTO v_results, v_new_position, v_seen
  FROM per_request p; -- (data-modifying CTEs always run to completion, referenced or not)

  -- Requests with an event id already in the log: a retry of the same append gets its original
  -- result; anything else reusing an id is refused.
  IF v_seen IS NOT NULL THEN
    FOREACH v_rq IN ARRAY v_seen LOOP
      v_results := jsonb_set(v_results, ARRAY[(v_rq - 1)::text],
                             kobo_append_retry_result(p_requests->(v_rq::int - 1)));
    END LOOP;
  END IF;

  IF v_new_position IS NOT NULL THEN
    PERFORM pg_notify('kobo_events', v_new_position::text);
  END IF;
  RETURN v_results;
END
$fn$;

-- The original result of a request whose event ids are already stored, or {duplicate: id} if the
-- stored events are not this append: every id must be stored, on the same stream with the same
-- type and data, at consecutive positions in the order given.
CREATE FUNCTION kobo_append_retry_result(p_request jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE
SET jit = off AS $fn$
DECLARE
  v_matches boolean;
  v_first_stored uuid;
  v_last_position bigint;
BEGIN
  WITH sent AS (
    SELECT s.ord AS sq, s.value->>'streamId' AS stream_id, e.ord AS eq,
           (e.value->>'id')::uuid AS event_id, e.value->>'type' AS type, e.value->'data' AS data,
           row_number() OVER (ORDER BY s.ord, e.ord) AS n
    FROM jsonb_array_elements(p_request) WITH ORDINALITY AS s(value, ord)
    CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.value->'events', '[]')) WITH ORDINALITY AS e(value, ord)
  ),
  pairs AS (
    SELECT sent.*, x.global_position, x.stream_id AS stored_stream, x.type AS stored_type,
           x.data AS stored_data
    FROM sent LEFT JOIN LATERAL (SELECT * FROM events e WHERE e.event_id = sent.event_id LIMIT 1) x ON true
  )
  SELECT bool_and(global_position IS NOT NULL AND stored_stream = stream_id AND stored_type = type
                  AND stored_data = data)
           AND max(global_position) - min(global_position) + 1 = count(*)
           AND bool_and(global_position - n = (SELECT min(global_position) - 1 FROM pairs)),
         (SELECT event_id FROM pairs WHERE global_position IS NOT NULL ORDER BY n LIMIT 1),
         max(global_position)
  INTO v_matches, v_first_stored, v_last_position
  FROM pairs;

  IF NOT coalesce(v_matches, false) THEN
    RETURN jsonb_build_object('duplicate', v_first_stored);
  END IF;
  RETURN jsonb_build_object(
    'streams', (
      SELECT jsonb_agg(jsonb_build_object('streamId', s.value->>'streamId', 'version', (
               SELECT coalesce(max(x.stream_version), 0) FROM events x
               WHERE x.stream_id = s.value->>'streamId' AND x.global_position <= v_last_position))
             ORDER BY s.ord)
      FROM jsonb_array_elements(p_request) WITH ORDINALITY AS s(value, ord)),
    'lastPosition', v_last_position);
END
$fn$;

-- Down Migration
DROP FUNCTION IF EXISTS kobo_append_retry_result(jsonb);
DROP FUNCTION IF EXISTS kobo_append_events(jsonb);
DROP AGGREGATE IF EXISTS kobo_hash_chain(bytea, text);
DROP FUNCTION IF EXISTS kobo_hash_chain_step(bytea, bytea, text);
DROP FUNCTION IF EXISTS kobo_event_canonical(bigint, uuid, text, bigint, text, jsonb, jsonb, timestamptz);
DROP TABLE IF EXISTS event_chain_head;
DROP TABLE IF EXISTS streams;
DROP TABLE IF EXISTS events;
