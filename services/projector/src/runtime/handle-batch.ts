/**
 * Runs a projection's pure handler over a batch, stopping at the first event it cannot handle
 * (an event it cannot read, decoded here, is one of them).
 */
import { decodeEvent, type RecordedEvent } from '@kobo/ledger';
import { BatchChanges } from '../batch/change-set';
import type { Projection, TableSpec } from '../projection';

export interface HandledBatch {
  changes: BatchChanges;
  /** The events whose changes are in `changes`: all of them, or those before the poison event. */
  applied: RecordedEvent[];
  poison: { event: RecordedEvent; error: unknown } | null;
}

export function handleBatch(
  projection: Projection,
  specs: ReadonlyMap<string, TableSpec>,
  events: readonly RecordedEvent[],
): HandledBatch {
  const changes = new BatchChanges(specs);
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    let rowOps;
    try {
      rowOps = projection.handle(decodeEvent(event));
    } catch (error) {
      return { changes, applied: events.slice(0, index), poison: { event, error } };
    }
    for (const op of rowOps) changes.add(op);
  }
  return { changes, applied: [...events], poison: null };
}
