/**
 * The reactor: follows the event log from its checkpoint and turns events into jobs. The
 * checkpoint moves only after a batch's jobs are enqueued, so a crash loses nothing (the batch is
 * read again) and, with deterministic job ids, enqueues nothing twice.
 */
import type { EventStore, RecordedEvent, Subscription } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import type { JobQueues } from '../queues';
import { readCheckpoint, saveCheckpoint } from './checkpoint';
import { jobsForEvents } from './jobs-for-events';

export const REACTOR_NAME = 'jobs';

export interface ReactorOptions {
  pool: Pool;
  store: EventStore;
  queues: JobQueues;
  logger?: Logger;
  /** Checkpoint row name (default "jobs"). */
  name?: string;
  batchSize?: number;
}

export interface Reactor {
  stop(): Promise<void>;
}

/** Enqueues the jobs for one batch of events; exported for tests that replay a batch by hand. */
export async function enqueueJobsFor(queues: JobQueues, events: RecordedEvent[]): Promise<void> {
  const jobs = jobsForEvents(events);
  await Promise.all([
    jobs.verification.length > 0 ? queues.verification.addBulk(jobs.verification) : undefined,
    jobs.payouts.length > 0 ? queues.payouts.addBulk(jobs.payouts) : undefined,
  ]);
}

export async function startReactor(options: ReactorOptions): Promise<Reactor> {
  const { pool, store, queues, logger } = options;
  const name = options.name ?? REACTOR_NAME;
  const from = await readCheckpoint(pool, name);
  logger?.info({ reactor: name, from }, 'jobs reactor starting');
  const subscription: Subscription = store.subscribe(
    from,
    async (events) => {
      await enqueueJobsFor(queues, events);
      await saveCheckpoint(pool, name, events[events.length - 1]!.globalPosition);
    },
    {
      batchSize: options.batchSize ?? 200,
      // The subscription retries the same batch after a pause; say why meanwhile.
      onError: (error) => logger?.error({ err: error, reactor: name }, 'jobs reactor batch failed; retrying'),
    },
  );
  return { stop: () => subscription.close() };
}
