/**
 * The event store port: what the domain and the projectors need from any backend.
 * Adapters: PostgreSQL (./postgres) and KurrentDB (./kurrentdb); one contract suite tests both.
 *
 * Versions: a stream with no events has version 0; its first event has version 1.
 * Global positions increase with commit order and may have gaps (rolled-back appends).
 */
import type { Actor } from '../domain/actor';

export interface EventMetadata {
  /**
   * Who acted, when the event's data does not say (`by`): written as an Actor; events stored before
   * decision 0020 hold '<role>:<id>', 'system' or a bare user id. Read it with the ledger's actorOf.
   */
  actor?: Actor | string;
  causationId?: string;
  correlationId?: string;
  /** The shape of `data` the event was written in (absent: 1). Readers upcast older shapes. */
  schemaVersion?: number;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Chosen by the caller (uuid), unique in the log: appending an id already stored is refused. */
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  version: number;
  globalPosition: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
  /** SHA-256 hex of (previous event's hash || canonical encoding of this event); '' on KurrentDB (no chain). */
  hash: string;
  prevHash: string;
}

/** 'no_stream' means version 0; a number is the exact current version. */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface StreamAppend {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

/**
 * The command an append carries out. Its id is recorded with the events in the same transaction,
 * and it is the one way a repeated command is recognised: an append naming a command already
 * recorded writes nothing and answers the first run's result (docs/decisions/0015).
 */
export interface AppendCommand {
  id: string;
  /** What kind of command ('SubmitTask'): the same id with another kind is refused. */
  type: string;
  /**
   * The Idempotency-Key the command is sent under, claimed in the append's transaction: the
   * append writes the key's row (table idempotency_keys) with the events, and writes nothing
   * when the key is taken by anything but this command (KeyTakenError). A command already
   * recorded answers as its first run without looking at the key. Only stores whose
   * `claimsKeysInAppend` is true take one (docs/decisions/0048).
   */
  claim?: KeyClaim;
}

/** An Idempotency-Key as the HTTP layer records it: whose, which request, for how long. */
export interface KeyClaim {
  userId: string;
  key: string;
  /** The request's fingerprint: the same key with another request is another request. */
  requestHash: string;
  method: string;
  path: string;
  /** A key whose answer is older than this is free again. */
  retentionMs: number;
}

export interface AppendResult {
  /** The version of each stream after the append, in the order given. */
  streams: { streamId: string; version: number }[];
  /** Global position of the last event written (on a retry: by the first run). */
  lastPosition: number;
  /** False when the command was recorded before: this call wrote nothing. */
  appended: boolean;
}

/** A command recorded with its events: what a retry of it answers. */
export interface RecordedCommand {
  id: string;
  type: string;
  streams: { streamId: string; version: number }[];
  lastPosition: number;
  /** The events its first run appended, in log order. */
  events: RecordedEvent[];
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected version ${String(expected)}, actual ${actual}`);
  }
}

/** An event id that is already stored (a retry is recognised by its command id, never by event ids). */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly eventId: string) {
    super(`event id ${eventId} is already stored`);
  }
}

/** The command's Idempotency-Key is taken (by another request, or this one's refusal): nothing written. */
export class KeyTakenError extends Error {
  override readonly name = 'KeyTakenError';
  constructor(readonly commandId: string) {
    super(`the Idempotency-Key of command ${commandId} is taken`);
  }
}

/** A command id recorded for a command of another kind. */
export class CommandIdReusedError extends Error {
  override readonly name = 'CommandIdReusedError';
  constructor(readonly commandId: string) {
    super(`command id ${commandId} was already used for another command`);
  }
}

export interface ReadAllOptions {
  /** Exclusive: read events after this global position (0 = from the start). */
  after: number;
  limit: number;
}

/**
 * Which events of the log a ranged read returns. Every condition given must hold; none given, every
 * event.
 */
export interface LogFilter {
  /** Only events of these streams. */
  streams?: readonly string[];
  /** Only events of these types. */
  types?: readonly string[];
  /** Only events recorded at or after this moment. */
  recordedFrom?: Date;
  /** Only events recorded before this moment. */
  recordedBefore?: Date;
  /** Only events whose data carries postings (a non-empty `postings` array): the ones that move money. */
  withPostings?: boolean;
}

export interface ReadLogOptions {
  /** forwards: oldest first, after `from`; backwards: newest first, before `from`. */
  direction: 'forwards' | 'backwards';
  /**
   * Exclusive. Forwards: events after this position (0 or omitted: from the start). Backwards:
   * events before it (omitted: from the head).
   */
  from?: number;
  /** At most this many events (those matching the filter). */
  limit: number;
  filter?: LogFilter;
}

export interface Subscription {
  close(): Promise<void>;
}

/** A stream's folded state at a version, saved so a new process need not fold the stream whole. */
export interface Snapshot {
  version: number;
  /** The highest global position among the events folded into it. */
  lastPosition: number;
  state: unknown;
}

export interface EventStore {
  /**
   * Whether an append can claim a command's Idempotency-Key in its own transaction
   * (AppendCommand.claim): PostgreSQL, where the keys live; not KurrentDB.
   */
  readonly claimsKeysInAppend: boolean;
  /**
   * Append to one or several streams atomically: all expected versions hold, or nothing is written.
   * With a command, its id is recorded with the events; if it was recorded already, nothing is
   * written and the first run's result comes back with appended = false.
   */
  appendToStreams(appends: StreamAppend[], command?: AppendCommand): Promise<AppendResult>;
  /** The command recorded under this id, if any. */
  readCommand(commandId: string): Promise<RecordedCommand | undefined>;
  /**
   * Forgets the commands whose ids start with `idPrefix` recorded more than `olderThanMs` ago (by
   * the store's clock): ids whose caller stops retrying after a while (the HTTP layer's
   * Idempotency-Keys). Their events stay; such an id sent again is a new command. Returns how many.
   */
  forgetCommands(options: { idPrefix: string; olderThanMs: number }): Promise<number>;
  readStream(
    streamId: string,
    options?: { fromVersion?: number; maxCount?: number },
  ): Promise<RecordedEvent[]>;
  /** The saved snapshot of a stream under `kind` (a decider and its state's shape), if any. */
  readSnapshot(streamId: string, kind: string): Promise<Snapshot | undefined>;
  /** Saves a snapshot, unless one at the same or a later version is saved already. */
  writeSnapshot(streamId: string, kind: string, snapshot: Snapshot): Promise<void>;
  /**
   * Read the global log after a position, in commit order, gap-safe: never returns an event while
   * an earlier-positioned one may still commit, so a reader that advances its checkpoint skips nothing.
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The highest position a gap-safe reader can see now. */
  headPosition(): Promise<number>;
  /**
   * A range of the log, either way from a position, filtered: what a person browsing the log
   * reads (a page of it, the event just before or after one). Never beyond headPosition(), so it is
   * gap-safe like readAll.
   */
  readLog(options: ReadLogOptions): Promise<RecordedEvent[]>;
  /** The events with these ids, in log order; an id no event has is left out. */
  readEvents(eventIds: readonly string[]): Promise<RecordedEvent[]>;
  /**
   * Catch up from `after`, then follow new events as they commit (woken by notifications, with a
   * periodic poll as a safety net). `handle` is awaited before the next batch is delivered.
   */
  subscribe(
    after: number,
    handle: (events: RecordedEvent[]) => Promise<void>,
    options?: { batchSize?: number; onError?: (error: unknown) => void },
  ): Subscription;
  /**
   * Events in their stored form, read elsewhere (the Kafka topic carries them so), opened as this
   * store's own reads open them: a store that seals personal data opens their fields; a store that
   * keeps events as given hands them back as they are.
   */
  openStored<E extends { type: string; data: unknown }>(events: readonly E[]): Promise<E[]>;
  close(): Promise<void>;
}
