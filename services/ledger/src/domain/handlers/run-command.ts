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
  type AppendCommand,
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
  /** When the store recorded it: on a repeat's events (the first run's); a fresh append's is now. */
  recordedAt?: Date;
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
    events: recorded.events.map(({ id, streamId, type: eventType, data, metadata, recordedAt }) => ({
      id,
      streamId,
      type: eventType,
      data,
      metadata,
      recordedAt,
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

/** One command being run: what it is, and what its attempts have learnt so far. */
interface CommandRun {
  store: EventStore;
  type: string;
  decide: ReadAndDecide;
  meta: CommandMetadata;
  retry: RetryOptions;
  /** The request's Idempotency-Key, when this command carries its claim. */
  held: RequestKeyClaim | undefined;
  /** Which kept states the next attempt may decide on without reading their tails. */
  trustCache: (streamId: string) => boolean;
  /** Conflicts with another writer so far, which back off. */
  conflicts: number;
}

/** An attempt that ends without an answer: the command is decided again, on fresher state. */
const AGAIN = Symbol('again');
type Attempt = CommandResult | typeof AGAIN;

const everything = () => true;
const nothing = () => false;

async function decideAndAppend(
  store: EventStore,
  type: string,
  decide: ReadAndDecide,
  meta: CommandMetadata,
  retry: RetryOptions,
  held: RequestKeyClaim | undefined,
): Promise<CommandResult> {
  const run: CommandRun = { store, type, decide, meta, retry, held, trustCache: everything, conflicts: 0 };
  for (;;) {
    const reader = loadState(run);
    try {
      const answer = await attempt(run, reader);
      if (answer !== AGAIN) return answer;
    } finally {
      // Once the command has its answer: a save of a big state must not hold the command.
      reader.saveSnapshots();
    }
  }
}

/** The reader of one attempt: it loads the streams the decider asks for, from kept states it may trust. */
function loadState(run: CommandRun): StreamReader {
  return new StreamReader(run.store, { trustCache: run.trustCache });
}

/** Decide on the state read, plan the append, append, and answer; or AGAIN. */
async function attempt(run: CommandRun, reader: StreamReader): Promise<Attempt> {
  const decision = await decideOn(run, reader);
  if (!Array.isArray(decision)) return decision; // a repeat's answer, or AGAIN
  const plan = planAppend(run, reader, decision);
  if (plan === AGAIN) return AGAIN;
  if (plan.appends.length === 0) return answerUnchanged(run, reader);
  return append(run, reader, plan);
}

/**
 * The attempt decided on kept states that nothing will check: the next attempt trusts only
 * `keep`'s (by default none), and reads the others as stored. False when it read no kept state.
 */
function decidedUnchecked(
  run: CommandRun,
  reader: StreamReader,
  keep: (streamId: string) => boolean = nothing,
) {
  if (reader.fromCache.size === 0) return false;
  run.trustCache = keep;
  return true;
}

/**
 * Looked up only when the decision cannot go ahead: on the way that appends, the append itself
 * answers a recorded command (appended = false), so a fresh command costs no extra read.
 */
async function recordedRun(run: CommandRun): Promise<RecordedCommand | undefined> {
  return run.meta.commandId === undefined ? undefined : await run.store.readCommand(run.meta.commandId);
}

/** A repeat of a recorded command: the request's key belongs to the first run. */
function answerRepeat(run: CommandRun, recorded: RecordedCommand): CommandResult {
  const result = repeatOf(recorded, run.type);
  if (run.held) run.held.state = 'repeat';
  return result;
}

/** The decider's events; a refusal is believed only on the streams as stored, and not for a repeat. */
async function decideOn(run: CommandRun, reader: StreamReader): Promise<StreamEvents[] | Attempt> {
  try {
    return await run.decide(reader);
  } catch (error) {
    if (decidedUnchecked(run, reader)) return AGAIN;
    // A repeat may be refused now because its first run happened (the balance it spent is gone).
    const recorded = await recordedRun(run);
    if (recorded) return answerRepeat(run, recorded);
    throw error;
  }
}

interface AppendPlan {
  appends: StreamAppend[];
  /** The command recorded with its events, carrying the request's key claim. */
  command: AppendCommand | undefined;
}

/**
 * The append of the decision, with the versions read and the command (and its key claim) recorded
 * with it; or AGAIN when the decision rests on a kept state the append would not check.
 */
function planAppend(
  run: CommandRun,
  reader: StreamReader,
  decision: StreamEvents[],
): AppendPlan | typeof AGAIN {
  const appends = toAppends(decision, reader, run.meta);
  const written = new Set(appends.map((a) => a.streamId));
  if (appends.length === 0 && decidedUnchecked(run, reader)) return AGAIN;
  // A stream read but not written (a submission reads the user) is read as stored next time; the
  // streams written keep their kept states, which the append checks.
  // (Trust only shrinks, by a stream each time, so this ends.)
  const trusted = run.trustCache;
  const keep = (streamId: string) => trusted(streamId) && written.has(streamId);
  if ([...reader.fromCache].some((id) => !written.has(id)) && decidedUnchecked(run, reader, keep))
    return AGAIN;
  const { commandId } = run.meta;
  const { held } = run;
  const command =
    commandId === undefined
      ? undefined
      : { id: commandId, type: run.type, ...(held && { claim: held.claim }) };
  return { appends, command };
}

/** Nothing left to do may mean it was done before. */
async function answerUnchanged(run: CommandRun, reader: StreamReader): Promise<CommandResult> {
  const recorded = await recordedRun(run);
  if (recorded) return answerRepeat(run, recorded);
  return { appended: false, events: [], lastPosition: reader.lastPosition };
}

/** One atomic append of the plan; a conflict with another writer backs off, then AGAIN. */
async function append(run: CommandRun, reader: StreamReader, plan: AppendPlan): Promise<Attempt> {
  try {
    const result = await run.store.appendToStreams(plan.appends, plan.command);
    // Recorded before (by its first run or a concurrent copy): answer as the first run did.
    if (!result.appended) return answerRepeat(run, (await recordedRun(run))!);
    return answerAppended(run, reader, plan.appends, result.lastPosition);
  } catch (error) {
    if (error instanceof CommandIdReusedError) throw reusedId();
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (decidedUnchecked(run, reader)) return AGAIN; // a kept state was stale: no one to wait for
    await backOff(run);
    return AGAIN;
  }
}

/** The events appended now; the streams written are kept as they now stand. */
function answerAppended(
  run: CommandRun,
  reader: StreamReader,
  appends: StreamAppend[],
  lastPosition: number,
): CommandResult {
  if (run.held) run.held.state = 'claimed';
  reader.remember(appends, lastPosition);
  const events = appends.flatMap((a) =>
    a.events.map((e) => ({ ...e, streamId: a.streamId, metadata: e.metadata ?? {} })),
  );
  return { appended: true, events, lastPosition };
}

/** Waits a jittered, growing delay after a conflict; too many conflicts refuse the command. */
async function backOff(run: CommandRun): Promise<void> {
  const { retry } = run;
  run.conflicts += 1;
  if (run.conflicts >= retry.maxAttempts)
    throw conflict('Too many changes at the same time; please try again.');
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (run.conflicts - 1));
  await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
}
