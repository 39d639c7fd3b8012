/**
 * A projection as a consumer of the log: its pure handler runs over the batch (each event decoded
 * first; an event it cannot read or handle stops it there, before anything is written), and the
 * merged row operations are written in the runtime's transaction.
 */
import { decodeEvent, type RecordedEvent } from '@kobo/ledger';
import { BatchChanges, tableSpecs } from '../batch/change-set';
import { flushChanges } from '../batch/flush';
import type { Projection } from '../projection';
import { EventFailedError, type ProjectionConsumer } from './consumer';

export function projectionConsumer(projection: Projection): ProjectionConsumer {
  const specs = tableSpecs([projection]);
  return {
    kind: 'projection',
    name: projection.name,
    description: projection.description,
    async apply(events: readonly RecordedEvent[], tx) {
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
      await flushChanges(tx, changes.sets);
    },
  };
}
