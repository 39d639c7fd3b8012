/** Reads and folds streams for one attempt of a command, remembering the versions it saw. */
import type { EventStore, RecordedEvent } from '../../event-store/port';
import type { Decider } from '../decider';

type Folding<State, Event> = Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>;

export class StreamReader {
  private readonly read = new Map<string, RecordedEvent[]>();
  /** The highest global position among the events read (what a no-op reports). */
  lastPosition = 0;

  constructor(private readonly store: EventStore) {}

  async load<State, Event>(streamId: string, decider: Folding<State, Event>): Promise<State> {
    let events = this.read.get(streamId);
    if (!events) {
      events = await this.store.readStream(streamId);
      this.read.set(streamId, events);
      for (const e of events) this.lastPosition = Math.max(this.lastPosition, e.globalPosition);
    }
    return events.reduce<State>(
      (state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event),
      decider.initialState(),
    );
  }

  /** The version read, or undefined when the stream was not read in this attempt. */
  versionOf(streamId: string): number | undefined {
    const events = this.read.get(streamId);
    if (!events) return undefined;
    return events.reduce((v, e) => Math.max(v, e.version), 0);
  }
}
