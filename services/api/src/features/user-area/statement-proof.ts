/**
 * GET /users/statement/entries/:eventId/proof: that a statement entry is in the hash-chained log.
 * The hash is recomputed with the ledger's own pieces (canonicalEncoding, chainHash: the ones
 * `ledger verify` uses), from the event's stored columns and the previous event's hash, and the
 * next event's link back is checked.
 */
import { canonicalEncoding, chainHash, GENESIS_HASH } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { ApiContext } from '../../context';
import { defineRoute, HttpProblem } from '../../http';
import { userAccounts } from './queries';
import { entryProofParams, entryProofSchema } from './schemas';

export const entryNotFound = 'Statement entry not found.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface ChainedEventRow {
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
  previous_hash: string | null;
  next_hash: string | null;
  next_prev_hash: string | null;
}

/** The event with its neighbours' hashes; the columns are read as the verify tool reads them. */
const CHAINED_EVENT_SQL = `SELECT e.global_position, e.event_id::text AS event_id, e.stream_id, e.stream_version,
    e.type, e.data::text AS data_text, e.metadata::text AS metadata_text,
    ((extract(epoch FROM e.recorded_at) * 1000000)::bigint)::text AS recorded_at_micros,
    encode(e.prev_hash, 'hex') AS prev_hash, encode(e.hash, 'hex') AS hash,
    encode(p.hash, 'hex') AS previous_hash,
    encode(n.hash, 'hex') AS next_hash, encode(n.prev_hash, 'hex') AS next_prev_hash
  FROM events e
  LEFT JOIN LATERAL (SELECT hash FROM events WHERE global_position < e.global_position
                     ORDER BY global_position DESC LIMIT 1) p ON true
  LEFT JOIN LATERAL (SELECT hash, prev_hash FROM events WHERE global_position > e.global_position
                     ORDER BY global_position LIMIT 1) n ON true
  WHERE e.global_position = $1`;

/** The proof for an event that posted to one of the user's accounts; undefined for any other id. */
export async function proveEntry(pool: Pool, userId: string, eventId: string) {
  // Event ids are UUIDs; anything else names no entry (and never reaches SQL as odd bytes).
  if (!UUID.test(eventId)) return undefined;
  const owned = await pool.query<{ global_position: number }>(
    `SELECT global_position FROM ledger_entries WHERE event_id = $1 AND account = ANY($2::text[]) LIMIT 1`,
    [eventId, userAccounts(userId)],
  );
  const position = owned.rows[0]?.global_position;
  if (position === undefined) return undefined;
  const { rows } = await pool.query<ChainedEventRow>(CHAINED_EVENT_SQL, [position]);
  const row = rows[0];
  if (!row) return undefined;

  const previousHash = row.previous_hash ?? GENESIS_HASH;
  const recomputedHash = chainHash(
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
  const nextLinksBack = row.next_hash === null ? null : row.next_prev_hash === row.hash;
  return {
    eventId: row.event_id,
    position: row.global_position,
    previousHash,
    hash: row.hash,
    recomputedHash,
    verified: recomputedHash === row.hash && row.prev_hash === previousHash && nextLinksBack !== false,
    nextHash: row.next_hash,
    nextLinksBack,
    checkedAt: new Date().toISOString(),
  };
}

export const statementProofRoutes = (ctx: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/users/statement/entries/:eventId/proof',
    summary: 'Proof that a statement entry is in the hash-chained ledger',
    description:
      "Recomputes the event's hash from its stored content and the previous event's hash, as the " +
      'ledger does, and checks that the next event links back to it. Only for an event that posted ' +
      "to one of the caller's own accounts.",
    tags: ['user area'],
    access: ['user'],
    params: entryProofParams,
    responses: {
      200: { description: 'The proof; `verified` says whether it holds', schema: entryProofSchema },
      404: { description: "No entry of this event on the caller's accounts", problem: true },
    },
    handler: async ({ principal, params }) => {
      const proof = await proveEntry(ctx.pool, principal.userId, params.eventId);
      if (!proof) throw new HttpProblem('not_found', entryNotFound);
      return proof;
    },
  }),
];
