/**
 * The shape every decider has (Emmett style): pure functions, no I/O, no clock, no randomness.
 * Ids and anything time-dependent arrive inside the command.
 */
import type { KoboEvent } from './events';

export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
  /**
   * For streams that grow: their folded state is saved under this kind ('name@shape'), so a new
   * process does not fold them whole. Bump the shape when the state or evolve changes: a saved
   * state of another shape is never read (test/domain/snapshot-kinds.test.ts guards the state).
   */
  snapshotKind?: string;
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
