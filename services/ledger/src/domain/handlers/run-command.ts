/**
 * Runs a command: read the streams, fold, decide, append everything with the versions read, in
 * one atomic append. A concurrent writer makes the append fail with WrongExpectedVersionError; the
 * command is then decided again on fresh state (bounded, with jittered backoff).
 */
import { v4 as uuidv4 } from 'uuid';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type StreamAppend,
} from '../../event-store/port';
import type { StreamEvents } from '../decider';
import { withSchemaVersion } from '../event-decoding';
import { conflict } from '../errors';
import { eventIdFor } from '../ids';
import { StreamReader } from './stream-reader';

export interface CommandMetadata {
  /** Who asks: a user id, 'system', or 'admin:<id>'. */
  actor?: string;
  /** When given, event ids derive from it, so the same command resent appends the same ids. */
  commandId?: string;
  causationId?: string;
  correlationId?: string;
  idempotencyKey?: string;
}

export interface HandledEvent {
  id: string;
  streamId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface CommandResult {
  /** What was appended; empty when the command changed nothing (for example a retry). */
  events: HandledEvent[];
  /** Global position to wait for before reading projections. */
  lastPosition: number;
}

export interface RetryOptions {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetry: RetryOptions = { maxAttempts: 20, baseDelayMs: 5, maxDelayMs: 200 };

export type Decision = (reader: StreamReader) => Promise<StreamEvents[]>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function metadataOf(meta: CommandMetadata): EventMetadata {
  const out: EventMetadata = {};
  if (meta.actor !== undefined) out.actor = meta.actor;
  if (meta.causationId !== undefined) out.causationId = meta.causationId;
  if (meta.correlationId !== undefined) out.correlationId = meta.correlationId;
  if (meta.idempotencyKey !== undefined) out.idempotencyKey = meta.idempotencyKey;
  return out;
}

function toAppends(decision: StreamEvents[], reader: StreamReader, meta: CommandMetadata): StreamAppend[] {
  const metadata = metadataOf(meta);
  const merged = new Map<string, StreamEvents['events']>();
  for (const { streamId, events } of decision)
    if (events.length > 0) merged.set(streamId, [...(merged.get(streamId) ?? []), ...events]);
  return [...merged].map(([streamId, events]) => {
    const version = reader.versionOf(streamId);
    // Appending without having read would skip the checks the decider made on that stream.
    if (version === undefined) throw new Error(`decided events for ${streamId} without reading it`);
    return {
      streamId,
      expectedVersion: version === 0 ? 'no_stream' : version,
      events: events.map((e, index) => ({
        id: meta.commandId ? eventIdFor(meta.commandId, streamId, index) : uuidv4(),
        type: e.type,
        data: e.data,
        metadata: withSchemaVersion(e.type, metadata),
      })),
    };
  });
}

/** Deep equality that ignores key order (stored JSON may come back with its keys reordered). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** The highest position of these events if all of them are already stored as they are, else null. */
async function alreadyAppended(store: EventStore, appends: StreamAppend[]): Promise<number | null> {
  let last = 0;
  for (const append of appends) {
    const stored = new Map((await store.readStream(append.streamId)).map((e) => [e.id, e]));
    for (const event of append.events) {
      const found = stored.get(event.id);
      if (!found || found.type !== event.type || !sameJson(found.data, event.data)) return null;
      last = Math.max(last, found.globalPosition);
    }
  }
  return last;
}

export async function runCommand(
  store: EventStore,
  decide: Decision,
  meta: CommandMetadata = {},
  retry: RetryOptions = defaultRetry,
): Promise<CommandResult> {
  for (let attempt = 1; ; attempt++) {
    const reader = new StreamReader(store);
    const appends = toAppends(await decide(reader), reader, meta);
    if (appends.length === 0) return { events: [], lastPosition: reader.lastPosition };
    try {
      const result = await store.appendToStreams(appends);
      const events = appends.flatMap((a) =>
        a.events.map((e) => ({ ...e, streamId: a.streamId, metadata: e.metadata ?? {} })),
      );
      return { events, lastPosition: result.lastPosition };
    } catch (error) {
      if (error instanceof DuplicateEventIdError) {
        // Ids derive from the command id: if every event is already in its stream, this command
        // was appended before (a retry, or a concurrent copy of it) and succeeds as a no-op.
        const earlier = await alreadyAppended(store, appends);
        if (earlier === null) throw conflict('This request id was already used for a different request.');
        return { events: [], lastPosition: earlier };
      }
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= retry.maxAttempts)
        throw conflict('Too many changes at the same time; please try again.');
      const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  }
}
