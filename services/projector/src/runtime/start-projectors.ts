/**
 * Runs every projection as a live consumer of the log in this process (start-consumers.ts: one
 * leader per projection across processes), and answers read-your-writes waits on their checkpoints.
 */
import type { Projection } from '../projection';
import { projections as allProjections } from '../read-models';
import { projectionConsumer } from './projection-consumer';
import { startConsumers, type ConsumersHandle, type StartConsumersOptions } from './start-consumers';
import { createCheckpointWaiter, type CheckpointWaiter } from './wait-for';

export interface StartProjectorsOptions extends Omit<StartConsumersOptions, 'consumers'> {
  /** Default: every projection. */
  projections?: readonly Projection[];
}

export interface ProjectorsHandle extends ConsumersHandle {
  /** See CheckpointWaiter.waitFor: resolves once the named projections reach `position`, or says why not. */
  waitFor: CheckpointWaiter['waitFor'];
}

export async function startProjectors(options: StartProjectorsOptions): Promise<ProjectorsHandle> {
  const { projections = allProjections, ...rest } = options;
  const consumers = await startConsumers({ ...rest, consumers: projections.map(projectionConsumer) });
  const waiter = await createCheckpointWaiter(options.pool, {
    pollIntervalMs: options.pollIntervalMs ?? 1000,
  });
  return {
    waitFor: (position, names, timeoutMs) => waiter.waitFor(position, names, timeoutMs),
    status: () => consumers.status(),
    async stop() {
      await consumers.stop();
      await waiter.close();
    },
  };
}
