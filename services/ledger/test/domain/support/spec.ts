/**
 * given(events).when(command).then(events) for a decider, and the same over several streams for
 * the multi-stream decisions. Every event a spec sees produced is checked to balance.
 */
import type { Decider, StreamEvents } from '../../../src/domain/decider';
import { DomainError, type DomainErrorCode } from '../../../src/domain/errors';
import { postingsOf, type KoboEvent } from '../../../src/domain/events';
import { postingsSum } from '../../../src/money';

export function expectBalanced(events: readonly KoboEvent[]): void {
  for (const event of events) {
    const postings = postingsOf(event);
    expect({ type: event.type, sum: postingsSum(postings) }).toEqual({ type: event.type, sum: 0 });
    for (const p of postings) expect(Number.isSafeInteger(p.amount) && p.amount !== 0).toBe(true);
  }
}

export interface Expected {
  code: DomainErrorCode;
  message?: string;
  field?: string;
}

export function expectDomainError(run: () => unknown, expected: Expected | DomainErrorCode): DomainError {
  const want = typeof expected === 'string' ? { code: expected } : expected;
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DomainError);
  const error = caught as DomainError;
  expect({ code: error.code, message: error.message, field: error.field }).toMatchObject(
    Object.fromEntries(Object.entries(want).filter(([, v]) => v !== undefined)),
  );
  return error;
}

export function specFor<State, Command, Event extends KoboEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      const state = () => events.reduce(decider.evolve, decider.initialState());
      return {
        state,
        when(command: Command) {
          const decide = () => decider.decide(command, state());
          return {
            then(expected: Event[]) {
              const produced = decide();
              expect(produced).toEqual(expected);
              expectBalanced(produced);
              return produced;
            },
            thenNothing() {
              expect(decide()).toEqual([]);
            },
            thenThrows(expected: Expected | DomainErrorCode) {
              return expectDomainError(decide, expected);
            },
          };
        },
      };
    },
  };
}

/** For a multi-stream decision: then() takes the events expected per stream. */
export function decisionSpec(run: () => StreamEvents[]) {
  return {
    then(expected: StreamEvents[]) {
      const produced = run();
      expect(produced).toEqual(expected);
      expectBalanced(produced.flatMap((s) => s.events));
      return produced;
    },
    thenNothing() {
      expect(run()).toEqual([]);
    },
    thenThrows(expected: Expected | DomainErrorCode) {
      return expectDomainError(run, expected);
    },
  };
}
