-- Up Migration
-- The append function's plan: its one statement is planned once
-- per connection instead of on every call, and the lookup of a recorded command stays an index
-- probe instead of a scan of the whole commands table. Same function otherwise (0013).

-- Appends a batch of independent requests in one statement, under the chain head lock.
-- p_requests: [{command: {id, type} | null, streams: [{streamId, expectedVersion,
--   events: [{id, type, data, metadata}]}, ...]}, ...]
-- expectedVersion: "any" | "no_stream" | "stream_exists" | integer.
-- Requests in one batch must touch distinct streams, event ids and command ids (the adapter
-- ensures it), so they can be checked and written set-based; each is atomic on its own. Returns
-- one result per request, in order:
--   {streams, lastPosition, appended: true}       written now (and its command recorded)
--   {streams, lastPosition, appended: false}      its command was recorded before: nothing written
--   {reused: commandId}                           its command id was recorded for another kind
--   {conflict: {streamId, expected, actual}} | {duplicate: eventId}
-- jit is off because jsonb_array_elements' default row estimate makes the plan look costly enough
-- to JIT-compile, which costs tens of milliseconds for a millisecond's work. The plan is generic:
-- every lookup is an index probe whatever the estimates, so planning the statement again on every
-- call (a custom plan, which PostgreSQL kept choosing) bought nothing and cost a fifth of the
-- server's CPU under load.
CREATE OR REPLACE FUNCTION kobo_append_events(p_requests jsonb) RETURNS jsonb LANGUAGE plpgsql
  SET jit = off SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  v_position bigint;
  v_hash bytea;
  v_new_position bigint;
  v_results jsonb;
BEGIN
  -- The append lock: positions and the chain are extended by one transaction at a time.
  SELECT last_position, last_hash INTO v_position, v_hash FROM event_chain_head FOR UPDATE;

  IF (SELECT count(*) <> count(DISTINCT s.value->>'streamId')
      FROM jsonb_array_elements(p_requests) r, jsonb_array_elements(r.value->'streams') s) THEN
    RAISE EXCEPTION 'kobo_append_events: requests in one batch must touch distinct streams';
  END IF;
  IF (SELECT count(r.value->'command'->>'id') <> count(DISTINCT r.value->'command'->>'id')
      FROM jsonb_array_elements(p_requests) r) THEN
    RAISE EXCEPTION 'kobo_append_events: requests in one batch must name distinct commands';
  END IF;

  WITH rqs AS (
    SELECT r.ord AS rq, r.value->'command'->>'id' AS command_id, r.value->'command'->>'type' AS command_type,
           c.command_type AS recorded_type, c.streams AS recorded_streams,
           c.last_position AS recorded_position
    FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(value, ord)
    -- LIMIT keeps this an index probe per request: pulled up into a join, it became a hash join
    -- over a scan of the whole table, which grows with every command kept.
    LEFT JOIN LATERAL (SELECT * FROM commands c WHERE c.command_id = r.value->'command'->>'id' LIMIT 1) c ON true
  ),
  sa AS (
    SELECT r.ord AS rq, s.ord AS sq, s.value->>'streamId' AS stream_id,
           s.value->'expectedVersion' AS expected, coalesce(s.value->'events', '[]') AS events
    FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r(value, ord)
    CROSS JOIN LATERAL jsonb_array_elements(r.value->'streams') WITH ORDINALITY AS s(value, ord)
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
    SELECT ev.rq, (array_agg(ev.event_id ORDER BY ev.sq, ev.eq))[1] AS event_id FROM ev
    WHERE (SELECT true FROM events x WHERE x.event_id = ev.event_id) IS NOT NULL
    GROUP BY ev.rq
  ),
  status AS (
    SELECT rqs.rq,
           CASE
             WHEN rqs.recorded_type IS NOT NULL AND rqs.recorded_type = rqs.command_type THEN 'recorded'
             WHEN rqs.recorded_type IS NOT NULL THEN 'reused'
             WHEN seen.rq IS NOT NULL THEN 'duplicate'
             WHEN bool_and(cur.matches) THEN 'ok'
             ELSE 'conflict'
           END AS status,
           jsonb_agg(jsonb_build_object('streamId', cur.stream_id, 'version', cur.actual + cur.n)
                     ORDER BY cur.sq) AS versions,
           coalesce(sum(cur.n), 0) AS n
    FROM rqs LEFT JOIN cur USING (rq) LEFT JOIN seen USING (rq)
    GROUP BY rqs.rq, rqs.recorded_type, rqs.command_type, seen.rq
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
          'streams', coalesce(status.versions, '[]'),
          -- events written by this request and the ones before it in the batch
          'lastPosition', v_position + sum(status.n) FILTER (WHERE status.status = 'ok')
                                         OVER (ORDER BY status.rq),
          'appended', true)
        WHEN 'recorded' THEN jsonb_build_object(
          'streams', rqs.recorded_streams, 'lastPosition', rqs.recorded_position, 'appended', false)
        WHEN 'reused' THEN jsonb_build_object('reused', rqs.command_id)
        WHEN 'duplicate' THEN jsonb_build_object('duplicate', seen.event_id)
        ELSE conflicts.result
      END AS result
    FROM status JOIN rqs USING (rq) LEFT JOIN conflicts USING (rq) LEFT JOIN seen USING (rq)
  ),
  -- The command is recorded in the transaction that writes its events: never one without the other.
  recorded AS (
    INSERT INTO commands (command_id, command_type, streams, last_position, event_ids)
    SELECT rqs.command_id, rqs.command_type, p.result->'streams', (p.result->>'lastPosition')::bigint,
           coalesce((SELECT array_agg(f.event_id ORDER BY f.global_position) FROM fresh f WHERE f.rq = rqs.rq),
                    '{}')
    FROM rqs JOIN per_request p USING (rq)
    WHERE rqs.command_id IS NOT NULL AND p.result->>'appended' = 'true'
    RETURNING 1
  )
  SELECT jsonb_agg(p.result ORDER BY p.rq), (SELECT max(last_position) FROM head)
  INTO v_results, v_new_position
  FROM per_request p; -- (data-modifying CTEs always run to completion, referenced or not)

  IF v_new_position IS NOT NULL THEN
    PERFORM pg_notify('kobo_events', v_new_position::text);
  END IF;
  RETURN v_results;
END
$fn$;

-- Down Migration
-- The previous definition is in 0013; rolling back this step means re-running it from there.
