/**
 * The ledger topic's contract (docs/kafka-topic.md), in code: how one ledger event becomes one
 * Kafka message. Key: the stream id (a stream's events stay in one partition, in order). Value: the
 * event as JSON. Headers: what a consumer routes and de-duplicates on without parsing the value.
 */
import type { EventMetadata, RecordedEvent } from '@kobo/ledger';

export const DEFAULT_TOPIC = 'kobo.ledger.events';

/** The version of this message layout (headers and envelope), not of an event's data. */
export const MESSAGE_SCHEMA_VERSION = '1';

export const HEADERS = {
  position: 'kobo-position',
  eventId: 'kobo-event-id',
  type: 'kobo-type',
  stream: 'kobo-stream',
  hash: 'kobo-hash',
  recordedAt: 'kobo-recorded-at',
  schemaVersion: 'kobo-schema-version',
} as const;

/** The message's value: the event as the log recorded it (data as stored: decode it by metadata.schemaVersion). */
export interface LedgerEventMessage {
  id: string;
  streamId: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  globalPosition: number;
  /** ISO 8601, UTC, millisecond precision. */
  recordedAt: string;
}

export interface LedgerMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export function ledgerMessageOf(event: RecordedEvent): LedgerMessage {
  const recordedAt = event.recordedAt.toISOString();
  const value: LedgerEventMessage = {
    id: event.id,
    streamId: event.streamId,
    version: event.version,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    globalPosition: event.globalPosition,
    recordedAt,
  };
  return {
    key: event.streamId,
    value: JSON.stringify(value),
    headers: {
      [HEADERS.position]: String(event.globalPosition),
      [HEADERS.eventId]: event.id,
      [HEADERS.type]: event.type,
      [HEADERS.stream]: event.streamId,
      [HEADERS.hash]: event.hash,
      [HEADERS.recordedAt]: recordedAt,
      [HEADERS.schemaVersion]: MESSAGE_SCHEMA_VERSION,
    },
  };
}

/**
 * A message of the topic back as the event the log recorded (what a consumer fed from Kafka hands
 * its handler, as the log's readAll would). The hash chain is not carried: prevHash is ''.
 */
export function recordedEventOf(message: {
  value: Buffer | null;
  headers?: Record<string, Buffer | string | (Buffer | string)[] | undefined>;
}): RecordedEvent {
  if (!message.value) throw new Error('a ledger message without a value');
  const value = JSON.parse(message.value.toString()) as LedgerEventMessage;
  const hash = message.headers?.[HEADERS.hash];
  return {
    id: value.id,
    streamId: value.streamId,
    version: value.version,
    type: value.type,
    data: value.data,
    metadata: value.metadata,
    globalPosition: value.globalPosition,
    recordedAt: new Date(value.recordedAt),
    hash: hash === undefined ? '' : String(hash),
    prevHash: '',
  };
}
