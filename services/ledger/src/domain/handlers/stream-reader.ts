/**
 * Reads and folds streams for one attempt of a command, remembering the versions it saw.
 *
 * Folded states are kept per store instance (one per process) with the version they were folded
 * to; a load reads only the tail after that version, so a stream of 10,000 events costs one short
 * read and a few evolves, not a full fold. A command's events, once appended, are folded into the
 * kept state too (`remember`).
 *
 * A reader that trusts the cache (`trustCache`, a command's first attempt) takes a kept state as it
 * is, without the tail read. Such a state may be stale (another process wrote since), so it is
 * only used where the append's expected version checks it: runCommand decides again on the
 * streams as stored when a decision refuses, changes nothing, or reads a stream it does not write
 * (decisions/0014).
 *
 * A stream whose decider keeps snapshots is saved now and then for a new process; the save is
 * off the command's path (`saveSnapshots`, after the answer), since a campaign with 10,000
 * submissions is about 2 MB of JSON.
 */
import type { EventStore, RecordedEvent, Snapshot, StreamAppend } from '../../event-store/port';
import type { Decider } from '../decider';
import { decodeEvent } from '../event-decoding';

/** What folding a stream needs of its decider. */
export type Folding<State, Event> = Pick<
  Decider<State, unknown, Event>,
  'evolve' | 'initialState' | 'snapshot'
>;

interface Folded {
  state: unknown;
  version: number;
  /** Highest global position among the folded events (what a no-op reports). */
  lastPosition: number;
  /** The version of the newest snapshot saved of this state (0: none). */
  savedVersion: number;
}

/** A stream whose decider keeps snapshots is saved again after at least this many more events... */
export const SNAPSHOT_EVERY = 200;

/**
 * ...and at least a tenth of the stream: a save costs in proportion to the state, which grows
 * with the stream, so spacing the saves in proportion keeps their cost per event the same on a
 * stream of 10,000 events as on one of 1,000, while a new process folds at most a tenth of the
 * stream after the snapshot.
 */
export function snapshotDue(version: number, savedVersion: number): boolean {
  return version - savedVersion >= Math.max(SNAPSHOT_EVERY, version / 10);
}

/** How many streams one process keeps folded (least recently used ones are forgotten). */
export const foldedStreamLimit = 20_000;

/** Folded states of one store, by stream id then decider (evolve must not mutate its input). */
class FoldedStates {
  private readonly streams = new Map<string, Map<object, Folded>>();
  /** The snapshot save in flight, by stream: at most one each. */
  private readonly saving = new Map<string, Promise<void>>();

  constructor(private readonly store: EventStore) {}

  get(streamId: string, decider: object): Folded | undefined {
    const byDecider = this.streams.get(streamId);
    if (!byDecider) return undefined;
    // Re-insert: Map order is the recency order.
    this.streams.delete(streamId);
    this.streams.set(streamId, byDecider);
    return byDecider.get(decider);
  }

  put(streamId: string, decider: object, folded: Folded): void {
    let byDecider = this.streams.get(streamId);
    if (!byDecider) {
      byDecider = new Map();
      this.streams.set(streamId, byDecider);
      if (this.streams.size > foldedStreamLimit) this.streams.delete(this.streams.keys().next().value!);
    }
    const known = byDecider.get(decider);
    // A slower concurrent load must not replace a newer state with an older one.
    if (!known || known.version < folded.version)
      byDecider.set(decider, {
        ...folded,
        savedVersion: Math.max(folded.savedVersion, known?.savedVersion ?? 0),
      });
  }

  /**
   * Saves a snapshot after the current task (the command's answer) has gone, unless a save of this
   * stream is in flight. Only a cache: a save that fails is tried again by a later command.
   */
  save(streamId: string, decider: object, kind: string, snapshot: Snapshot): void {
    if (this.saving.has(streamId)) return;
    const saving = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.store.writeSnapshot(streamId, kind, snapshot))
      .then(
        () => {
          const known = this.streams.get(streamId)?.get(decider);
          if (known) known.savedVersion = Math.max(known.savedVersion, snapshot.version);
        },
        () => undefined,
      )
      .finally(() => this.saving.delete(streamId));
    this.saving.set(streamId, saving);
  }

  async saved(): Promise<void> {
    await Promise.all(this.saving.values());
  }

  clear(): void {
    this.streams.clear();
  }
}

const foldedByStore = new WeakMap<EventStore, FoldedStates>();

function foldedStatesOf(store: EventStore): FoldedStates {
  let states = foldedByStore.get(store);
  if (!states) {
    states = new FoldedStates(store);
    foldedByStore.set(store, states);
  }
  return states;
}

/** Forget every folded state of this store (tests and benchmarks measure a cold process with it). */
export function forgetFoldedStates(store: EventStore): void {
  foldedByStore.get(store)?.clear();
}

export interface StreamReaderOptions {
  /** Which streams' kept states to take without reading their tails (see above). Default none. */
  trustCache?: (streamId: string) => boolean;
}

/** Resolves when the snapshots this store is saving now are written or given up (tests, benchmarks). */
export async function snapshotsSaved(store: EventStore): Promise<void> {
  await foldedByStore.get(store)?.saved();
}

export class StreamReader {
  /** The version each stream was read at in this attempt. */
  private readonly versions = new Map<string, number>();
  /** What each stream was loaded as, to fold the command's own events into (`remember`). */
  private readonly loaded = new Map<string, { decider: Folding<unknown, unknown>; folded: Folded }>();
  /** Streams whose state came from the cache alone, unchecked against the store. */
  readonly fromCache = new Set<string>();
  private readonly folded: FoldedStates;
  /** Snapshots this attempt found due, saved by `saveSnapshots`. */
  private readonly dueSnapshots = new Map<string, () => void>();
  /** The highest global position among the events read (what a no-op reports). */
  lastPosition = 0;

  constructor(
    private readonly store: EventStore,
    private readonly options: StreamReaderOptions = {},
  ) {
    this.folded = foldedStatesOf(store);
  }

  async load<State, Event>(streamId: string, decider: Folding<State, Event>): Promise<State> {
    const pinned = this.versions.get(streamId);
    let start = this.folded.get(streamId, decider);
    if (start && pinned === undefined && this.options.trustCache?.(streamId)) {
      this.fromCache.add(streamId);
      return this.took(streamId, decider, start) as State;
    }
    // A second load of a stream in one attempt must see the same version as the first.
    if (start && pinned !== undefined && start.version > pinned) start = undefined;
    // Not folded in this process yet: start from the saved snapshot, if the stream keeps them.
    if (!start && pinned === undefined && decider.snapshot) {
      const saved = await this.store.readSnapshot(streamId, decider.snapshot.kind);
      if (saved)
        start = { ...saved, state: decider.snapshot.restore(saved.state), savedVersion: saved.version };
    }
    const from: Folded = start ?? {
      state: decider.initialState(),
      version: 0,
      lastPosition: 0,
      savedVersion: 0,
    };
    const tail: RecordedEvent[] = await this.store.readStream(streamId, {
      fromVersion: from.version + 1,
      ...(pinned !== undefined ? { maxCount: pinned - from.version } : {}),
    });
    let state = from.state as State;
    let version = from.version;
    let lastPosition = from.lastPosition;
    for (const e of tail) {
      // A stream holds only its own decider's events: narrowing the decoded event to them is safe.
      state = decider.evolve(state, decodeEvent(e) as Event);
      version = e.version;
      lastPosition = Math.max(lastPosition, e.globalPosition);
    }
    const folded: Folded = { state, version, lastPosition, savedVersion: from.savedVersion };
    this.noteSnapshotIfDue(streamId, decider, folded);
    this.folded.put(streamId, decider, folded);
    if (pinned !== undefined) {
      this.lastPosition = Math.max(this.lastPosition, lastPosition);
      return state;
    }
    return this.took(streamId, decider, folded) as State;
  }

  /** Records the state a stream was loaded as for this attempt. */
  private took(streamId: string, decider: Folding<unknown, unknown>, folded: Folded): unknown {
    this.versions.set(streamId, folded.version);
    this.loaded.set(streamId, { decider, folded });
    this.lastPosition = Math.max(this.lastPosition, folded.lastPosition);
    return folded.state;
  }

  private noteSnapshotIfDue(streamId: string, decider: Folding<unknown, unknown>, folded: Folded): void {
    const { snapshot } = decider;
    if (!snapshot || !snapshotDue(folded.version, folded.savedVersion)) return;
    const { state, version, lastPosition } = folded;
    this.dueSnapshots.set(streamId, () =>
      this.folded.save(streamId, decider, snapshot.kind, { state, version, lastPosition }),
    );
  }

  /**
   * Starts saving the snapshots this reader found due, to be written once the current task is
   * done: called when the command has its answer, so the command never waits for a save.
   */
  saveSnapshots(): void {
    for (const save of this.dueSnapshots.values()) save();
    this.dueSnapshots.clear();
  }

  /**
   * After the append of `appends` (ending at global position `lastPosition`): folds the command's
   * events into the kept states of the streams it wrote, so the next command on them starts from
   * there. The events as a read would return them: their data through JSON, as stored. Each kept
   * state is stamped with the append's last position (what a no-op on it waits for: at most this
   * command's own events), which holds whatever positions a store gives the events.
   */
  remember(appends: readonly StreamAppend[], lastPosition: number): void {
    for (const { streamId, events } of appends) {
      const loaded = this.loaded.get(streamId);
      if (!loaded) continue;
      const { decider, folded } = loaded;
      let { state, version } = folded;
      for (const event of events) {
        version += 1;
        const recorded: RecordedEvent = {
          id: event.id,
          streamId,
          version,
          globalPosition: lastPosition,
          type: event.type,
          data: JSON.parse(JSON.stringify(event.data)) as unknown,
          metadata: event.metadata ?? {},
          recordedAt: new Date(),
          hash: '',
          prevHash: '',
        };
        state = decider.evolve(state, decodeEvent(recorded));
      }
      const next: Folded = { state, version, lastPosition, savedVersion: folded.savedVersion };
      this.noteSnapshotIfDue(streamId, decider, next);
      this.folded.put(streamId, decider, next);
    }
  }

  /** The version read, or undefined when the stream was not read in this attempt. */
  versionOf(streamId: string): number | undefined {
    return this.versions.get(streamId);
  }
}
