/** Each consumer's checkpoint, lag behind the log head, and open failure, as any process sees them. */
import type { EventStore } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import { readCheckpoints } from './checkpoints';
import { openFailures, type ConsumerFailure } from './failures';

export interface StoredConsumerStatus {
  name: string;
  position: number;
  head: number;
  lag: number;
  failure: ConsumerFailure | null;
}

export async function readConsumerStatus(
  pool: Pool,
  store: EventStore,
  names: readonly string[],
): Promise<StoredConsumerStatus[]> {
  const [checkpoints, failures, head] = await Promise.all([
    readCheckpoints(pool),
    openFailures(pool),
    store.headPosition(),
  ]);
  return names.map((name) => {
    const position = checkpoints.get(name) ?? 0;
    return {
      name,
      position,
      head,
      lag: Math.max(0, head - position),
      failure: failures.find((failure) => failure.consumer === name) ?? null,
    };
  });
}
