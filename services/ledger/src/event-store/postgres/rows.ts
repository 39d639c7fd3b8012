/** How an `events` row becomes a RecordedEvent, with int8 read as a number whatever the global pg setup. */
import pg from 'pg';
import type { EventMetadata, RecordedEvent } from '../port';

/** Positions and versions stay far below 2^53: read int8 as a JS number in this adapter's queries. */
export const queryTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

export const EVENT_COLUMNS = `global_position, event_id, stream_id, stream_version, type, data, metadata,
  recorded_at, prev_hash, hash`;

export interface EventRow {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  prev_hash: Buffer;
  hash: Buffer;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    version: row.stream_version,
    globalPosition: row.global_position,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    hash: row.hash.toString('hex'),
    prevHash: row.prev_hash.toString('hex'),
  };
}
