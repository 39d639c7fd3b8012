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

/** The event type of a re-seal (services/ledger/src/domain/events.ts `LogResealed`). */
const RESEALED = 'LogResealed';

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

/**
 * A `LogResealed` event met on the chain (docs/decisions/0054-resealing-the-log.md): the events
 * from `fromPosition` on were rewritten and the chain recomputed, so `position` (the chain head
 * then) now has `newHash` where it had `oldHash`, the hash an earlier verify printed and an older
 * backup holds. The verifier checked that `newHash` is the recomputed hash at `position`.
 */
export interface ResealBridge {
  /** Where the `LogResealed` event is. */
  at: number;
  position: number;
  oldHash: string;
  newHash: string;
  fromPosition: number;
}

export type HashChainReport =
  | { ok: true; count: number; lastPosition: number; lastHash: string; reseals: ResealBridge[] }
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

/** The columns of an event that its hash covers, as text, plus its stored hashes. */
const CHAIN_COLUMNS = `e.global_position, e.event_id::text AS event_id, e.stream_id, e.stream_version, e.type,
    e.data::text AS data_text, e.metadata::text AS metadata_text,
    ((extract(epoch FROM e.recorded_at) * 1000000)::bigint)::text AS recorded_at_micros,
    encode(e.prev_hash, 'hex') AS prev_hash, encode(e.hash, 'hex') AS hash`;

const PAGE_SQL = `SELECT ${CHAIN_COLUMNS}
  FROM events e WHERE e.global_position > $1 AND e.global_position <= $2
  ORDER BY e.global_position LIMIT $3`;

/** The hash an event's stored columns give after the hash before it. */
function recomputedHash(row: ChainRow, previousHash: string): string {
  return chainHash(
    previousHash,
    canonicalEncoding({
      globalPosition: row.global_position,
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.type,
      dataText: row.data_text,
      metadataText: row.metadata_text,
      recordedAtMicros: row.recorded_at_micros,
    }),
  );
}

/** One event's place in the chain, checked on its own (the statement's proof of an entry). */
export interface ChainLink {
  position: number;
  eventId: string;
  /** The previous event's hash (the genesis hash for the first event). */
  previousHash: string;
  /** What the event itself stores as its predecessor's hash. */
  storedPreviousHash: string;
  hash: string;
  recomputedHash: string;
  nextHash: string | null;
  /** Whether the next event stores this one's hash; null for the newest event. */
  nextLinksBack: boolean | null;
  /** The three hold: contents, the link back, the link forward. */
  verified: boolean;
}

const LINK_SQL = `SELECT ${CHAIN_COLUMNS},
    encode(p.hash, 'hex') AS previous_hash,
    encode(n.hash, 'hex') AS next_hash, encode(n.prev_hash, 'hex') AS next_prev_hash
  FROM events e
  LEFT JOIN LATERAL (SELECT hash FROM events WHERE global_position < e.global_position
                     ORDER BY global_position DESC LIMIT 1) p ON true
  LEFT JOIN LATERAL (SELECT hash, prev_hash FROM events WHERE global_position > e.global_position
                     ORDER BY global_position LIMIT 1) n ON true
  WHERE e.global_position = $1`;

/** Checks the event at a position against its neighbours; undefined when there is none. */
export async function verifyChainLink(pool: pg.Pool, position: number): Promise<ChainLink | undefined> {
  const { rows } = await pool.query<
    ChainRow & { previous_hash: string | null; next_hash: string | null; next_prev_hash: string | null }
  >({ text: LINK_SQL, values: [position], types: queryTypes });
  const row = rows[0];
  if (!row) return undefined;
  const previousHash = row.previous_hash ?? GENESIS_HASH;
  const recomputed = recomputedHash(row, previousHash);
  const nextLinksBack = row.next_hash === null ? null : row.next_prev_hash === row.hash;
  return {
    position: row.global_position,
    eventId: row.event_id,
    previousHash,
    storedPreviousHash: row.prev_hash,
    hash: row.hash,
    recomputedHash: recomputed,
    nextHash: row.next_hash,
    nextLinksBack,
    verified: recomputed === row.hash && row.prev_hash === previousHash && nextLinksBack !== false,
  };
}

/** What a `LogResealed` event's data says, when it says it in the expected shape. */
function resealBridgeOf(row: ChainRow): ResealBridge | string {
  const data = JSON.parse(row.data_text) as Record<string, unknown>;
  const { headPosition, oldHeadHash, newHeadHash, fromPosition } = data;
  const isHash = (value: unknown): value is string =>
    typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
  if (
    !Number.isSafeInteger(headPosition) ||
    !Number.isSafeInteger(fromPosition) ||
    !isHash(oldHeadHash) ||
    !isHash(newHeadHash)
  )
    return 'the re-seal event does not record the old head’s position and hashes';
  const position = headPosition as number;
  if (position < 1 || position >= row.global_position || (fromPosition as number) > position)
    return `the re-seal event names position ${position}, which is not before it`;
  return {
    at: row.global_position,
    position,
    oldHash: oldHeadHash,
    newHash: newHeadHash,
    fromPosition: fromPosition as number,
  };
}

/**
 * Checks every event up to the chain head as read at the start (later appends are left for the
 * next run): each stored prev_hash equals the previous event's hash, each stored hash equals the
 * recomputed one, and the last hash equals the head's. Reports the first broken position.
 *
 * A `LogResealed` event is checked too: the hash it records as the re-sealed head's new hash must
 * be the hash recomputed at that position. The report lists each, old hash and new, so whoever
 * holds the old head's hash (an earlier report, a backup) can see where the chain was re-sealed.
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
  const reseals: ResealBridge[] = [];
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
      if (row.hash !== recomputedHash(row, previous))
        return { ok: false, count, brokenAt: at, reason: 'hash does not match the event’s contents' };
      if (row.type === RESEALED) {
        const bridge = resealBridgeOf(row);
        if (typeof bridge === 'string') return { ok: false, count, brokenAt: at, reason: bridge };
        // Every event before this one was just verified: its stored hash is the recomputed one.
        const { rows: there } = await pool.query<{ hash: string }>(
          `SELECT encode(hash, 'hex') AS hash FROM events WHERE global_position = $1`,
          [bridge.position],
        );
        if (there[0]?.hash !== bridge.newHash)
          return {
            ok: false,
            count,
            brokenAt: at,
            reason: `the re-seal records ${bridge.newHash} as the new hash of position ${bridge.position}, the chain has ${there[0]?.hash ?? 'no event there'}`,
          };
        reseals.push(bridge);
      }
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
  return { ok: true, count, lastPosition: position, lastHash: previous, reseals };
}
