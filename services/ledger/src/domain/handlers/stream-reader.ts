/**
 * Reads and folds streams for one attempt of a command, remembering the versions it saw.
 *
 * Folded states are kept per store instance (one per process) with the version they were folded
 * to; a load reads only the tail after that version, so a stream of 10,000 events costs one short
 * read and a few evolves, not a full fold. The tail read always happens: the cache never answers
 * alone, and the append's expected version stays the concurrency guard.
 */
import type { EventStore, RecordedEvent } from '../../event-store/port';
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

/** A stream whose decider keeps snapshots is saved again after this many more events. */
export const SNAPSHOT_EVERY = 200;

/** How many streams one process keeps folded (least recently used ones are forgotten). */
export const foldedStreamLimit = 20_000;

/** Folded states of one store, by stream id then decider (evolve must not mutate its input). */
class FoldedStates {
  private readonly streams = new Map<string, Map<object, Folded>>();

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
    if (!known || known.version < folded.version) byDecider.set(decider, folded);
  }

  clear(): void {
    this.streams.clear();
  }
}

const foldedByStore = new WeakMap<EventStore, FoldedStates>();

function foldedStatesOf(store: EventStore): FoldedStates {
  let states = foldedByStore.get(store);
  if (!states) {
    states = new FoldedStates();
    foldedByStore.set(store, states);
  }
  return states;
}

/** Forget every folded state of this store (tests and benchmarks measure a cold process with it). */
export function forgetFoldedStates(store: EventStore): void {
  foldedByStore.get(store)?.clear();
}

export class StreamReader {
  /** The version each stream was read at in this attempt. */
  private readonly versions = new Map<string, number>();
  private readonly folded: FoldedStates;
  /** The highest global position among the events read (what a no-op reports). */
  lastPosition = 0;

  constructor(private readonly store: EventStore) {
    this.folded = foldedStatesOf(store);
  }

  async load<State, Event>(streamId: string, decider: Folding<State, Event>): Promise<State> {
    const pinned = this.versions.get(streamId);
    let start = this.folded.get(streamId, decider);
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
    if (decider.snapshot && version - folded.savedVersion >= SNAPSHOT_EVERY) {
      // Only a cache: a snapshot that cannot be saved now is saved by a later command.
      const saved = await this.store
        .writeSnapshot(streamId, decider.snapshot.kind, { state, version, lastPosition })
        .then(
          () => true,
          () => false,
        );
      if (saved) folded.savedVersion = version;
    }
    this.folded.put(streamId, decider, folded);
    if (pinned === undefined) this.versions.set(streamId, version);
    this.lastPosition = Math.max(this.lastPosition, lastPosition);
    return state;
  }

  /** The version read, or undefined when the stream was not read in this attempt. */
  versionOf(streamId: string): number | undefined {
    return this.versions.get(streamId);
  }
}
