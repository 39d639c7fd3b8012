/**
 * Writes generated events straight into the event store's tables, fast: big multi-row INSERTs
 * with the hash chain computed by the store's own SQL (kobo_event_canonical, kobo_hash_chain), so
 * `ledger verify` accepts the result. Then the streams table and the chain head are set to match.
 */
import type { Pool } from '@kobo/platform';
import type { GeneratedEvent } from './generate-events';

const INSERT_CHUNK = `
WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS x(
    global_position bigint, event_id uuid, stream_id text, stream_version bigint, type text,
    data jsonb, metadata jsonb, recorded_at timestamptz)
),
chained AS (
  SELECT i.*, kobo_hash_chain($2::bytea, kobo_event_canonical(i.global_position, i.event_id, i.stream_id,
           i.stream_version, i.type, i.data, i.metadata, i.recorded_at))
         OVER (ORDER BY i.global_position ROWS UNBOUNDED PRECEDING) AS hash
  FROM input i
),
inserted AS (
  INSERT INTO events (global_position, event_id, stream_id, stream_version, type, data, metadata,
                      recorded_at, prev_hash, hash)
  SELECT global_position, event_id, stream_id, stream_version, type, data, metadata, recorded_at,
         coalesce(lag(hash) OVER (ORDER BY global_position), $2::bytea), hash
  FROM chained
  RETURNING global_position, hash
)
SELECT global_position, hash FROM inserted ORDER BY global_position DESC LIMIT 1`;

export interface FillResult {
  events: number;
  lastPosition: number;
}

/** Appends after whatever the log holds; `groups` yields events in order. */
export async function fillEvents(
  pool: Pool,
  groups: Iterable<GeneratedEvent[]>,
  options: { chunkSize?: number; onProgress?: (events: number) => void } = {},
): Promise<FillResult> {
  const chunkSize = options.chunkSize ?? 20_000;
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    const head = (
      await client.query<{ last_position: number; last_hash: Buffer }>(
        'SELECT last_position, last_hash FROM event_chain_head',
      )
    ).rows[0]!;
    let position = Number(head.last_position);
    let hash = head.last_hash;
    let chunk: unknown[] = [];
    let written = 0;
    const flush = async () => {
      if (!chunk.length) return;
      const result = await client.query<{ global_position: number; hash: Buffer }>(INSERT_CHUNK, [
        JSON.stringify(chunk),
        hash,
      ]);
      hash = result.rows[0]!.hash;
      written += chunk.length;
      chunk = [];
      options.onProgress?.(written);
    };
    for (const group of groups) {
      for (const event of group) {
        position++;
        chunk.push({
          global_position: position,
          event_id: event.id,
          stream_id: event.streamId,
          stream_version: event.version,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          recorded_at: event.recordedAt.toISOString(),
        });
      }
      if (chunk.length >= chunkSize) await flush();
    }
    await flush();
    await client.query(
      `INSERT INTO streams (stream_id, version) SELECT stream_id, max(stream_version) FROM events GROUP BY stream_id
       ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version`,
    );
    await client.query('UPDATE event_chain_head SET last_position = $1, last_hash = $2', [position, hash]);
    await client.query('ANALYZE events');
    return { events: written, lastPosition: position };
  } finally {
    client.release();
  }
}
