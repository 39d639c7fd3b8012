/**
 * One append request on the wire to kobo_append_events, and its answer back as an AppendResult or
 * the port's errors. Everything that could make PostgreSQL reject a whole batch is checked here
 * first, so one bad request cannot fail the others committed with it.
 */
import {
  CommandIdReusedError,
  DuplicateEventIdError,
  KeyTakenError,
  WrongExpectedVersionError,
  type AppendCommand,
  type AppendResult,
  type ExpectedVersion,
  type StreamAppend,
} from '../port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the SQL function returns for one request. */
export type AppendOutcome =
  | AppendResult
  | { conflict: { streamId: string; expected: ExpectedVersion; actual: number } }
  | { duplicate: string }
  | { reused: string }
  | { keyTaken: string };

/** A validated request: the JSON sent to SQL plus what the batcher needs to keep batches disjoint. */
export interface AppendRequest {
  json: unknown;
  streamIds: string[];
  eventIds: string[];
  commandId: string | undefined;
}

function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

export function toAppendRequest(appends: StreamAppend[], command?: AppendCommand): AppendRequest {
  if (appends.length === 0) throw new Error('appendToStreams needs at least one stream');
  if (command && (!command.id || !command.type || hasNul(command.id) || hasNul(command.type)))
    throw new Error(`invalid command ${JSON.stringify(command)}`);
  const claim = command?.claim;
  if (
    claim &&
    (![claim.userId, claim.key, claim.requestHash, claim.method, claim.path].every(
      (text) => typeof text === 'string' && !hasNul(text),
    ) ||
      !(claim.retentionMs > 0))
  )
    throw new Error(`invalid Idempotency-Key claim ${JSON.stringify(claim)}`);
  const streamIds: string[] = [];
  const eventIds: string[] = [];
  for (const append of appends) {
    if (typeof append.streamId !== 'string' || append.streamId === '' || hasNul(append.streamId))
      throw new Error(`invalid stream id ${JSON.stringify(append.streamId)}`);
    if (streamIds.includes(append.streamId))
      throw new Error(`stream ${append.streamId} is listed twice in one append`);
    streamIds.push(append.streamId);
    const expected = append.expectedVersion;
    if (
      typeof expected === 'number'
        ? !Number.isSafeInteger(expected) || expected < 0
        : !['any', 'no_stream', 'stream_exists'].includes(expected)
    )
      throw new Error(`invalid expected version ${String(expected)} for stream ${append.streamId}`);
    for (const event of append.events) {
      if (typeof event.id !== 'string' || !UUID.test(event.id))
        throw new Error(`event id ${String(event.id)} is not a uuid`);
      const id = event.id.toLowerCase();
      if (eventIds.includes(id)) throw new DuplicateEventIdError(id);
      eventIds.push(id);
      if (typeof event.type !== 'string' || event.type === '' || hasNul(event.type))
        throw new Error(`invalid event type ${JSON.stringify(event.type)}`);
      if (event.data === undefined) throw new Error(`event ${id} has no data`);
    }
  }
  const json = {
    command: command ? { id: command.id, type: command.type } : null,
    claim: command?.claim ?? null,
    streams: appends.map((append) => ({
      streamId: append.streamId,
      expectedVersion: append.expectedVersion,
      events: append.events.map((event) => ({
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata ?? {},
      })),
    })),
  };
  // jsonb cannot hold a NUL character; say so for this request instead of failing its batch.
  if (JSON.stringify(json).includes('\\u0000'))
    throw new Error('event data or metadata contains a NUL character');
  return { json, streamIds, eventIds, commandId: command?.id };
}

/**
 * The AppendResult, or the port's error for a conflict, a stored event id, a reused command id or
 * a taken Idempotency-Key.
 */
export function settle(outcome: AppendOutcome): AppendResult {
  if ('conflict' in outcome) {
    const { streamId, expected, actual } = outcome.conflict;
    throw new WrongExpectedVersionError(streamId, expected, actual);
  }
  if ('duplicate' in outcome) throw new DuplicateEventIdError(outcome.duplicate);
  if ('reused' in outcome) throw new CommandIdReusedError(outcome.reused);
  if ('keyTaken' in outcome) throw new KeyTakenError(outcome.keyTaken);
  return { streams: outcome.streams, lastPosition: Number(outcome.lastPosition), appended: outcome.appended };
}
