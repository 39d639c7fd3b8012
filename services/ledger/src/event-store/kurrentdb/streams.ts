/**
 * How the port's streams, events and positions map onto KurrentDB (docs/event-store.md, decision 0024).
 *
 * - A port stream is a KurrentDB stream of the same name (behind the store's namespace, if any);
 *   version = revision + 1.
 * - The adapter's own records live in system streams (`$`-prefixed), which readers of the log
 *   never see: `$kobo-command-<id>` (the command record), `$kobo-event-<id>` (the claim that makes
 *   an event id unique) and `$kobo-snapshot-<kind>/<stream>` (the latest snapshot, maxCount 1).
 * - globalPosition is the event's position in `$all` (its commit position, a byte offset in the
 *   log): increasing in log order, with gaps, which the port allows.
 */
import {
  eventTypeFilter,
  streamNameFilter,
  type AllStreamRecordedEvent,
  type EventData,
  type Position,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, NewEvent, RecordedEvent } from '../port';

/**
 * Atomic appends accept only string values in metadata, so the port's metadata (numbers such as
 * schemaVersion included) travels as one JSON string under this key.
 */
export const METADATA_KEY = 'kobo.metadata';

export const COMMAND_RECORDED = 'KoboCommandRecorded';
export const EVENT_ID_CLAIMED = 'KoboEventIdClaimed';
export const SNAPSHOT_SAVED = 'KoboSnapshotSaved';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Stream names on the server for one store (one namespace, or none). */
export class StreamNames {
  private readonly prefix: string;

  constructor(namespace: string | undefined) {
    if (namespace !== undefined && (namespace === '' || namespace.startsWith('$') || namespace.includes('/')))
      throw new Error(`invalid KurrentDB namespace ${JSON.stringify(namespace)}`);
    this.prefix = namespace === undefined ? '' : `${namespace}/`;
  }

  stream(streamId: string): string {
    return `${this.prefix}${streamId}`;
  }

  streamIdOf(serverName: string): string {
    return serverName.slice(this.prefix.length);
  }

  command(commandId: string): string {
    return `$kobo-command-${this.prefix}${commandId}`;
  }

  eventClaim(eventId: string): string {
    return `$kobo-event-${this.prefix}${eventId.toLowerCase()}`;
  }

  snapshot(streamId: string, kind: string): string {
    if (kind.includes('/')) throw new Error(`a snapshot kind has no '/': ${JSON.stringify(kind)}`);
    return `$kobo-snapshot-${kind}/${this.prefix}${streamId}`;
  }

  /** The command records whose ids begin with `idPrefix` (what forgetCommands reads). */
  commandFilter(idPrefix: string) {
    return streamNameFilter({ regex: `^${escapeRegex(this.command(idPrefix))}` });
  }

  /**
   * The port's log: the namespace's streams, or every stream but system streams (`$…`: KurrentDB's
   * own and this adapter's command, claim and snapshot streams).
   */
  logFilter() {
    return streamNameFilter({ regex: this.logPattern() });
  }

  /** Whether a server stream name is one of the port's log (what logFilter lets through). */
  inLog(serverName: string): boolean {
    return new RegExp(this.logPattern()).test(serverName);
  }

  /** Exactly these port streams, and no other (a ranged read of the log by stream). */
  streamsFilter(streamIds: readonly string[]) {
    const names = streamIds.map((id) => escapeRegex(this.stream(id)));
    return streamNameFilter({ regex: `^(?:${names.join('|')})$` });
  }

  private logPattern(): string {
    return this.prefix ? `^${escapeRegex(this.prefix)}` : '^[^$]';
  }
}

/** Exactly these event types (their streams are checked apart: the filter sees every stream). */
export function typesFilter(types: readonly string[]) {
  return eventTypeFilter({ regex: `^(?:${types.map(escapeRegex).join('|')})$` });
}

export function toEventData(event: NewEvent): EventData {
  return {
    id: event.id.toLowerCase(),
    contentType: 'application/json',
    type: event.type,
    data: event.data as EventData['data'] & object,
    metadata: { [METADATA_KEY]: JSON.stringify(event.metadata ?? {}) },
  } as EventData;
}

function metadataOf(stored: unknown): EventMetadata {
  if (stored && typeof stored === 'object' && !(stored instanceof Uint8Array)) {
    const encoded = (stored as Record<string, unknown>)[METADATA_KEY];
    if (typeof encoded === 'string') return JSON.parse(encoded) as EventMetadata;
  }
  return {};
}

/**
 * An event's place in `$all` as one number. gRPC appends write implicit transactions, whose events
 * each have commit = prepare position (the client's docs: store "the commit or prepare position");
 * only the legacy TCP client's explicit transactions differ, and this adapter never writes those.
 * Anything else is refused rather than given a position that could repeat.
 */
export function positionOf(position: Position | undefined, what: string): number {
  if (!position) throw new Error(`KurrentDB returned ${what} without a log position (server before 22.6?)`);
  if (position.commit !== position.prepare)
    throw new Error(`${what} was written in an explicit transaction; its position is not one number`);
  if (position.commit > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error(`${what} is beyond 2^53 bytes into the log`);
  return Number(position.commit);
}

export function toRecordedEvent(
  names: StreamNames,
  event: KurrentRecordedEvent | AllStreamRecordedEvent,
): RecordedEvent {
  const where = `event ${event.id} of ${event.streamId}`;
  return {
    id: event.id,
    streamId: names.streamIdOf(event.streamId),
    version: Number(event.revision) + 1,
    globalPosition: positionOf(event.position, where),
    type: event.type,
    data: event.data,
    metadata: metadataOf(event.metadata),
    recordedAt: event.created,
    // The hash chain is PostgreSQL's (decision 0002); KurrentDB keeps none.
    hash: '',
    prevHash: '',
  };
}
