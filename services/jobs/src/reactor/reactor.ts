/**
 * The jobs reactor: a consumer of the event log (on @kobo/projector's consumer runtime) that turns
 * events into jobs. Its checkpoint moves only after a batch's jobs are enqueued, so a crash loses
 * nothing (the batch is read again) and, with deterministic job ids, enqueues nothing twice. One
 * process leads it at a time; another takes over when it goes.
 */
import type { EventStore, RecordedEvent } from '@kobo/ledger';
import { createLogger, type Pool, type Logger } from '@kobo/platform';
import {
  startConsumers,
  type ConsumersHandle,
  type Reactor,
  type StartConsumersOptions,
} from '@kobo/projector';
import type { JobQueue, JobQueues } from '../queues';
import { DEFAULT_PAYOUT_START_MARGIN_MS, jobsForEvents, type JobToAdd } from './jobs-for-events';

export const REACTOR_NAME = 'jobs';

export interface ReactorOptions extends Pick<
  StartConsumersOptions,
  'pollIntervalMs' | 'leaderRetryMs' | 'retryDelayMs' | 'kafka'
> {
  pool: Pool;
  store: EventStore;
  queues: JobQueues;
  /** Default: silent. */
  logger?: Logger;
  /** The consumer's name: its checkpoint, lock and failures (default "jobs"). */
  name?: string;
  /** Events per batch (default 200). */
  batchSize?: number;
  /** Milliseconds a payout waits after its approval's undo window (default 5 s). */
  payoutStartMarginMs?: number;
}

/** Enqueues the jobs for one batch of events; exported for tests that replay a batch by hand. */
export async function enqueueJobsFor(
  queues: JobQueues,
  events: readonly RecordedEvent[],
  startMarginMs = DEFAULT_PAYOUT_START_MARGIN_MS,
): Promise<void> {
  const jobs = jobsForEvents(events, { now: new Date(), startMarginMs });
  await Promise.all([addEach(queues.verification, jobs.verification), addEach(queues.payouts, jobs.payouts)]);
}

/**
 * One add per job, in order; a job id already there is left alone, so a repeated batch adds
 * nothing twice. Not `addBulk`: on BullMQ's PostgreSQL backend it creates and drops two temporary
 * tables per call, 8-20 ms of the server's time for a batch of one to three jobs against 0.5 ms a
 * job here (pg_stat_statements during `npm run bench:api`).
 */
async function addEach<Data>(queue: JobQueue<Data>, jobs: readonly JobToAdd<Data>[]): Promise<void> {
  for (const job of jobs) await queue.add(job.name, job.data, job.opts);
}

export function jobsReactor(
  queues: JobQueues,
  name = REACTOR_NAME,
  startMarginMs = DEFAULT_PAYOUT_START_MARGIN_MS,
): Reactor {
  return {
    kind: 'reactor',
    name,
    description:
      'Turns submitted tasks into proof verifications and approved withdrawals into payouts (jobs)',
    react: (events) => enqueueJobsFor(queues, events, startMarginMs),
  };
}

export function startReactor(options: ReactorOptions): Promise<ConsumersHandle> {
  const { pool, store, queues, name, batchSize = 200, payoutStartMarginMs, ...timing } = options;
  return startConsumers({
    pool,
    store,
    logger: options.logger ?? createLogger('silent'),
    consumers: [jobsReactor(queues, name, payoutStartMarginMs)],
    // A crash repeats at most one batch of adds: keep batches small even when catching up.
    batchSize,
    maxBatchSize: batchSize,
    pollIntervalMs: timing.pollIntervalMs,
    leaderRetryMs: timing.leaderRetryMs,
    retryDelayMs: timing.retryDelayMs,
    kafka: timing.kafka,
  });
}
