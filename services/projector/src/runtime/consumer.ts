/**
 * A consumer of the event log: a name and what it does with a batch of events. Every consumer
 * (projectors, reactors) runs on the same runtime (start-consumers.ts): one leader per name across
 * processes, a checkpoint in `projection_checkpoints`, a poison event isolated and recorded in
 * `projection_failures`, and the same status. Only where the effects go differs:
 *
 * - a projection writes its effects in PostgreSQL, in the runtime's transaction that moves the
 *   checkpoint: exactly once by construction;
 * - a reactor acts outside (jobs, email, a broker) before the checkpoint moves: a crash in between
 *   repeats the batch, so its effects must be idempotent (ids derived from the events).
 */
import type { RecordedEvent } from '@kobo/ledger';
import type { ChangeSet } from '../batch/change-set';

export type ConsumerKind = 'projection' | 'reactor';

interface Named {
  /** The checkpoint, leadership lock and failures are keyed by it: unique across all consumers. */
  name: string;
  description: string;
}

export interface ProjectionConsumer extends Named {
  kind: 'projection';
  /**
   * The batch's effects as row changes, without touching the database: the runtime writes them in
   * the transaction that moves the checkpoint (on the log, in the same round trip).
   */
  changes(events: readonly RecordedEvent[]): readonly ChangeSet[];
}

export interface Reactor extends Named {
  kind: 'reactor';
  /** Acts on the batch outside the database, idempotently; the checkpoint moves once it returns. */
  react(events: readonly RecordedEvent[]): Promise<void>;
}

export type Consumer = ProjectionConsumer | Reactor;

/**
 * Thrown by a handler that knows which event it failed on: the runtime handles the events before
 * it, then isolates that one, without searching the batch one event at a time.
 */
export class EventFailedError extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly reason: unknown,
  ) {
    super(
      `${event.type} at position ${event.globalPosition}: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    this.name = 'EventFailedError';
  }
}

/**
 * Thrown by a handler whose batch cannot be handled yet because something else must catch up first
 * (a read model it reads): the batch is retried whole after a pause, and no event is blamed.
 */
export class RetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLaterError';
  }
}
