/**
 * The shape every decider has (Emmett style): pure functions, no I/O, no clock, no randomness.
 * Ids and anything time-dependent arrive inside the command.
 */
import type { KoboEvent } from './events';

export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
  /** For streams that grow: their folded state is saved now and then, so a new process does not fold them whole. */
  snapshot?: Snapshotting<State>;
}

export interface Snapshotting<State> {
  /**
   * The kind a state is saved under ('name@shape'). Bump the shape when the saved form (the state
   * as JSON) or evolve changes: a saved state of another kind is never read
   * (test/domain/snapshot-kinds.test.ts guards the saved form).
   */
  kind: string;
  /** The state from its saved form (JSON), e.g. plain objects back into persistent maps. */
  restore(saved: unknown): State;
}

/** The events one decision appends to one stream. */
export interface StreamEvents {
  streamId: string;
  events: KoboEvent[];
}

export function fold<State, Event>(
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Drops streams with nothing to append, so a decision that changes nothing returns []. */
export function nonEmpty(decision: StreamEvents[]): StreamEvents[] {
  return decision.filter((s) => s.events.length > 0);
}
