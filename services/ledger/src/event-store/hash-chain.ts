/**
 * Verifies the events' hash chain independently of the SQL that wrote it: walks the whole log in
 * position order (keyset pages), rebuilds each event's canonical encoding from its stored columns,
 * and recomputes hash = SHA-256(prev_hash || utf8(canonical)) with Node's crypto.
 * The encoding is documented in docs/event-store.md; kobo_event_canonical() writes the same text.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { queryTypes } from './postgres/rows';

export const GENESIS_HASH = '0'.repeat(64);

/** The stored columns of one event, as text where the text is what gets hashed. */
export interface CanonicalColumns {
  globalPosition: number;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  /** data::text and metadata::text: jsonb's own (normalised) rendering. */
  dataText: string;
  metadataText: string;
  /** recorded_at as integer microseconds since the Unix epoch, in decimal. */
  recordedAtMicros: string;
}

/**
 * The JSON text of [position, "event id", "stream id", version, "type", data, metadata, micros],
 * as PostgreSQL's jsonb prints it: ", " between elements; strings escaped as JSON.stringify does
 * (\" \\ \b \f \n \r \t, other control characters as \u00xx, everything else verbatim).
 */
export function canonicalEncoding(event: CanonicalColumns): string {
  return `[${event.globalPosition}, ${JSON.stringify(event.eventId)}, ${JSON.stringify(event.streamId)}, ${
    event.streamVersion
  }, ${JSON.stringify(event.type)}, ${event.dataText}, ${event.metadataText}, ${event.recordedAtMicros}]`;
}

export function chainHash(prevHashHex: string, canonical: string): string {
  return createHash('sha256').update(Buffer.from(prevHashHex, 'hex')).update(canonical, 'utf8').digest('hex');
}

export type HashChainReport =
  | { ok: true; count: number; lastPosition: number; lastHash: string }
  | {
      ok: false;
      /** Events verified before the break. */
      count: number;
      brokenAt: number;
      reason: string;
    };

interface ChainRow {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data_text: string;
  metadata_text: string;
  recorded_at_micros: string;
  prev_hash: string;
  hash: string;
}

const PAGE_SQL = `SELECT global_position, event_id::text, stream_id, stream_version, type,
    data::text AS data_text, metadata::text AS metadata_text,
    ((extract(epoch FROM recorded_at) * 1000000)::bigint)::text AS recorded_at_micros,
    encode(prev_hash, 'hex') AS prev_hash, encode(hash, 'hex') AS hash
  FROM events WHERE global_position > $1 AND global_position <= $2
  ORDER BY global_position LIMIT $3`;

/**
 * Checks every event up to the chain head as read at the start (later appends are left for the
 * next run): each stored prev_hash equals the previous event's hash, each stored hash equals the
 * recomputed one, and the last hash equals the head's. Reports the first broken position.
 */
export async function verifyHashChain(
  pool: pg.Pool,
  options: { pageSize?: number; onProgress?: (count: number, position: number) => void } = {},
): Promise<HashChainReport> {
  const pageSize = options.pageSize ?? 5000;
  const head = await pool.query<{ last_position: number; last_hash: string }>({
    text: `SELECT last_position, encode(last_hash, 'hex') AS last_hash FROM event_chain_head`,
    types: queryTypes,
  });
  const { last_position: headPosition, last_hash: headHash } = head.rows[0]!;

  let count = 0;
  let position = 0;
  let previous = GENESIS_HASH;
  for (;;) {
    const { rows } = await pool.query<ChainRow>({
      text: PAGE_SQL,
      values: [position, headPosition, pageSize],
      types: queryTypes,
    });
    for (const row of rows) {
      const at = row.global_position;
      if (row.prev_hash !== previous)
        return { ok: false, count, brokenAt: at, reason: 'prev_hash is not the previous event’s hash' };
      const expected = chainHash(
        previous,
        canonicalEncoding({
          globalPosition: at,
          eventId: row.event_id,
          streamId: row.stream_id,
          streamVersion: row.stream_version,
          type: row.type,
          dataText: row.data_text,
          metadataText: row.metadata_text,
          recordedAtMicros: row.recorded_at_micros,
        }),
      );
      if (row.hash !== expected)
        return { ok: false, count, brokenAt: at, reason: 'hash does not match the event’s contents' };
      previous = row.hash;
      position = at;
      count += 1;
    }
    options.onProgress?.(count, position);
    if (rows.length < pageSize) break;
  }
  if (position !== headPosition || previous !== headHash)
    return {
      ok: false,
      count,
      brokenAt: headPosition,
      reason: `the chain head (position ${headPosition}) does not match the last event (position ${position})`,
    };
  return { ok: true, count, lastPosition: position, lastHash: previous };
}
