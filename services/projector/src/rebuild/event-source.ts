/**
 * Where a rebuild reads the log. By default the port's readAll; when the events live in the same
 * PostgreSQL database (the PostgreSQL adapter), a lean reader that fetches only what projections
 * use, and only up to the gap-safe head the store reports, so it is gap-safe by construction.
 */
import type { EventMetadata, EventStore, ReadAllOptions, RecordedEvent } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';

export type EventSource = Pick<EventStore, 'readAll' | 'headPosition'>;

const LEAN_READ = `SELECT global_position, event_id::text AS id, stream_id, stream_version, type, data,
    metadata->'schemaVersion' AS schema_version, metadata->'actor' AS actor, encode(hash, 'hex') AS hash, floor(extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_ms
  FROM events WHERE global_position > $1 AND global_position <= $2
  ORDER BY global_position LIMIT $3`;

interface LeanRow {
  global_position: string | number;
  id: string;
  stream_id: string;
  stream_version: string | number;
  type: string;
  data: unknown;
  schema_version: number | null;
  actor: EventMetadata['actor'] | null;
  hash: string;
  recorded_ms: number;
}

/**
 * Events without the previous hash and, of their metadata, only what decoding reads: the schema version, and
 * the actor (an event stored before decision 0020 keeps the role of its `by` there).
 * Projections read no other metadata. recorded_at travels as epoch milliseconds: PostgreSQL keeps
 * microseconds, but the read models store what the port's Date holds.
 */
export function postgresEventSource(
  pool: Pool,
  store: Pick<EventStore, 'headPosition' | 'openStored'>,
): EventSource {
  let head = 0;
  return {
    headPosition: () => store.headPosition(),
    async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
      if (after >= head) head = await store.headPosition();
      if (after >= head) return [];
      const { rows } = await pool.query<LeanRow>(LEAN_READ, [after, head, limit]);
      // Read as stored: personal fields open as the store's own reads open them.
      return store.openStored(
        rows.map((row) => ({
          id: row.id,
          streamId: row.stream_id,
          version: Number(row.stream_version),
          globalPosition: Number(row.global_position),
          type: row.type,
          data: row.data,
          metadata: {
            ...(row.schema_version === null ? {} : { schemaVersion: row.schema_version }),
            ...(row.actor === null ? {} : { actor: row.actor }),
          },
          recordedAt: new Date(row.recorded_ms),
          // ledger_entries keeps each event's hash (a statement line shows it); the previous one, none.
          hash: row.hash,
          prevHash: '',
        })),
      );
    },
  };
}

/**
 * The lean reader when the store is PostgreSQL's and its events table is in this database, else the
 * store itself. A deployment on KurrentDB has the (empty) table too: the store decides, not the table.
 */
export async function eventSourceFor(pool: Pool, store: EventStore): Promise<EventSource> {
  if (!('appendInTransaction' in store)) return store;
  const { rows } = await pool.query<{ found: string | null }>(`SELECT to_regclass('events')::text AS found`);
  return rows[0]?.found ? postgresEventSource(pool, store) : store;
}
