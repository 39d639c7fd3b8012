/**
 * A projection as a consumer of the log: its pure handler runs over the batch (each event decoded
 * first; an event it cannot read or handle stops it there, before anything is written), and the
 * merged row operations are what the runtime writes in its transaction.
 */
import { decodeEvent, type RecordedEvent } from '@kobo/ledger';
import { BatchChanges, tableSpecs } from '../batch/change-set';
import type { Projection } from '../projection';
import { EventFailedError, type ProjectionConsumer } from './consumer';

export function projectionConsumer(projection: Projection): ProjectionConsumer {
  const specs = tableSpecs([projection]);
  return {
    kind: 'projection',
    name: projection.name,
    description: projection.description,
    changes(events: readonly RecordedEvent[]) {
      const changes = new BatchChanges(specs);
      for (const event of events) {
        let rowOps;
        try {
          rowOps = projection.handle(decodeEvent(event));
        } catch (error) {
          throw new EventFailedError(event, error);
        }
        for (const op of rowOps) changes.add(op);
      }
      return changes.sets;
    },
  };
}
