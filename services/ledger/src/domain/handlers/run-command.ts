/**
 * Runs a command: read the streams, fold, decide, append everything with the versions read, in
 * one atomic append. A concurrent writer makes the append fail with WrongExpectedVersionError; the
 * command is then decided again on fresh state (bounded, with jittered backoff).
 *
 * The first attempt decides on the states this process keeps, without reading their tails: one
 * round trip less for every command on a stream this process wrote last. A kept state is checked
 * only by the append's expected version, so a decision that refuses, changes nothing, or rests on
 * a stream it does not write is made again on the streams as stored before it is believed; a
 * conflict on a kept state is retried at once, on the streams as stored (decisions/0014).
 *
 * A command with an id is recognised when repeated by one detector: the id recorded with its
 * events in the append's transaction (docs/decisions/0015-one-retry-detector.md). A repeat is
 * answered from the first run's events and position, with appended = false, whatever deciding it
 * again says now (the state has moved on, and the decider might refuse what it already did).
 */
import { v4 as uuidv4 } from 'uuid';
import {
  CommandIdReusedError,
  KeyTakenError,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type RecordedCommand,
  type StreamAppend,
} from '../../event-store/port';
import type { Actor } from '../actor';
import type { StreamEvents } from '../decider';
import { withSchemaVersion } from '../event-decoding';
import { conflict } from '../errors';
import { eventIdFor } from '../ids';
import { claimFor, type RequestKeyClaim } from './key-claims';
import { StreamReader } from './stream-reader';

export interface CommandMetadata {
  /**
   * Who asks, for commands whose events do not say it in their data (`by`): stored in each event's
   * metadata. Given with an event whose data has `by`, it is refused: who acted is said once.
   */
  actor?: Actor;
  /**
   * Names this command, so that sending it again does it once: event ids derive from it, and it is
   * recorded with the events. The HTTP layer derives it from the user and their Idempotency-Key.
   */
  commandId?: string;
  causationId?: string;
  correlationId?: string;
}

export interface HandledEvent {
  id: string;
  streamId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface CommandResult {
  /** True when this call appended the events; false for a repeat of a recorded command or a no-op. */
  appended: boolean;
  /**
   * The command's events: those appended now or, for a repeat (appended false), those its first run
   * appended. Empty when the decision changed nothing.
   */
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

export type ReadAndDecide = (reader: StreamReader) => Promise<StreamEvents[]>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function metadataOf(meta: CommandMetadata): EventMetadata {
  const out: EventMetadata = {};
  if (meta.actor !== undefined) out.actor = meta.actor;
  if (meta.causationId !== undefined) out.causationId = meta.causationId;
  if (meta.correlationId !== undefined) out.correlationId = meta.correlationId;
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
    if (metadata.actor !== undefined && events.some((e) => 'by' in e.data))
      throw new Error(
        `${events.map((e) => e.type).join(', ')} say who acted in their data (by): pass no actor`,
      );
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

const reusedId = () => conflict('This request id was already used for a different request.');

/** The HTTP layer answers this from the key's record (a replay, or the key reused: 422). */
const keyTaken = () => conflict('This Idempotency-Key is taken by another request.');

/** What a repeat of a recorded command answers: the first run's events and position. */
function repeatOf(recorded: RecordedCommand, type: string): CommandResult {
  if (recorded.type !== type) throw reusedId();
  return {
    appended: false,
    events: recorded.events.map(({ id, streamId, type: eventType, data, metadata }) => ({
      id,
      streamId,
      type: eventType,
      data,
      metadata,
    })),
    lastPosition: recorded.lastPosition,
  };
}

/** `type` names the kind of command ('SubmitTask'); a command id is recorded with it. */
export async function runCommand(
  store: EventStore,
  type: string,
  decide: ReadAndDecide,
  meta: CommandMetadata = {},
  retry: RetryOptions = defaultRetry,
): Promise<CommandResult> {
  // The request's Idempotency-Key, claimed by this command's append (decisions/0048).
  const held = store.claimsKeysInAppend ? claimFor(meta.commandId) : undefined;
  try {
    return await decideAndAppend(store, type, decide, meta, retry, held);
  } catch (error) {
    if (error instanceof KeyTakenError && held) {
      held.state = 'taken';
      throw keyTaken();
    }
    throw error;
  } finally {
    // Refused, or failed: the next command of the request, or its answer, claims the key.
    if (held?.state === 'claiming') held.state = 'unclaimed';
  }
}

async function decideAndAppend(
  store: EventStore,
  type: string,
  decide: ReadAndDecide,
  meta: CommandMetadata,
  retry: RetryOptions,
  held: RequestKeyClaim | undefined,
): Promise<CommandResult> {
  const { commandId } = meta;
  /** A repeat of a recorded command: the request's key belongs to the first run. */
  const repeat = (recorded: RecordedCommand) => {
    const result = repeatOf(recorded, type);
    if (held) held.state = 'repeat';
    return result;
  };
  // Looked up only when the decision cannot go ahead: on the way that appends, the append itself
  // answers a recorded command (appended = false), so a fresh command costs no extra read.
  const recordedRun = async () => (commandId === undefined ? undefined : await store.readCommand(commandId));
  const everything = () => true;
  const nothing = () => false;
  let trustCache: (streamId: string) => boolean = everything;
  // Conflicts with another writer, which back off; a kept state found stale is read again at once.
  let conflicts = 0;
  for (;;) {
    const reader = new StreamReader(store, { trustCache });
    // Decided on kept states that nothing will check: decide again, trusting only `keep`'s.
    const unchecked = (keep: (streamId: string) => boolean = nothing) => {
      if (reader.fromCache.size === 0) return false;
      trustCache = keep;
      return true;
    };
    try {
      let decision: StreamEvents[];
      try {
        decision = await decide(reader);
      } catch (error) {
        if (unchecked()) continue;
        // A repeat may be refused now because its first run happened (the balance it spent is gone).
        const recorded = await recordedRun();
        if (recorded) return repeat(recorded);
        throw error;
      }
      const appends = toAppends(decision, reader, meta);
      const written = new Set(appends.map((a) => a.streamId));
      if (appends.length === 0 && unchecked()) continue;
      // A stream read but not written (a submission reads the user) is read as stored next time; the
      // streams written keep their kept states, which the append checks.
      // (Trust only shrinks, by a stream each time, so this ends.)
      const trusted = trustCache;
      const keep = (streamId: string) => trusted(streamId) && written.has(streamId);
      if ([...reader.fromCache].some((id) => !written.has(id)) && unchecked(keep)) continue;
      if (appends.length === 0) {
        // Nothing left to do may mean it was done before.
        const recorded = await recordedRun();
        if (recorded) return repeat(recorded);
        return { appended: false, events: [], lastPosition: reader.lastPosition };
      }
      try {
        const result = await store.appendToStreams(
          appends,
          commandId === undefined ? undefined : { id: commandId, type, ...(held && { claim: held.claim }) },
        );
        // Recorded before (by its first run or a concurrent copy): answer as the first run did.
        if (!result.appended) return repeat((await recordedRun())!);
        if (held) held.state = 'claimed';
        reader.remember(appends, result.lastPosition);
        const events = appends.flatMap((a) =>
          a.events.map((e) => ({ ...e, streamId: a.streamId, metadata: e.metadata ?? {} })),
        );
        return { appended: true, events, lastPosition: result.lastPosition };
      } catch (error) {
        if (error instanceof CommandIdReusedError) throw reusedId();
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (unchecked()) continue; // a kept state was stale: no one to wait for
        conflicts += 1;
        if (conflicts >= retry.maxAttempts)
          throw conflict('Too many changes at the same time; please try again.');
        const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (conflicts - 1));
        await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
      }
    } finally {
      // Once the command has its answer: a save of a big state must not hold the command.
      reader.saveSnapshots();
    }
  }
}
