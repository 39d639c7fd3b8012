/**
 * The two queues (proof verification, payouts) on either backend: BullMQ's PostgreSQL backend by
 * default, so the embedded mode needs nothing but the database it already has, or Redis when
 * REDIS_URL is set. Everything else in this service sees only `JobQueues`.
 */
import {
  createPostgresBackend,
  Queue,
  Worker,
  withBackend,
  type DefaultJobOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import IORedis from 'ioredis';
import { ListenedClient } from '@kobo/platform';
import type { PayoutJob } from './payouts/payout-job';
import type { VerificationJob } from './verification/verification-job';

export const QUEUE_NAMES = { verification: 'proof-verification', payouts: 'payouts' } as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/* eslint-disable @typescript-eslint/no-explicit-any -- the backend and connection type parameters
   differ per backend; the rest of the service must not care which one it got. */
export type JobQueue<Data> = Queue<Data, any, string, Data, any, string, any, any>;
export type JobWorker<Data> = Worker<Data, any, string, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Worker tuning the caller may set (tests shorten the lock so a killed worker's job returns soon). */
export type WorkerTuning = Pick<
  WorkerOptions,
  'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount' | 'drainDelay' | 'autorun'
>;

export interface JobQueues {
  backend: 'postgres' | 'redis';
  verification: JobQueue<VerificationJob>;
  payouts: JobQueue<PayoutJob>;
  createWorker<Data>(name: QueueName, processor: Processor<Data>, tuning?: WorkerTuning): JobWorker<Data>;
  /** The queues for Bull Board (the API mounts it at /admin/queues behind admin auth). */
  list(): JobQueue<unknown>[];
  /** Closes the queues and the connections this factory opened (not the workers: close those first). */
  close(): Promise<void>;
}

export interface QueueSettings {
  /** PostgreSQL for BullMQ's tables (schema `bullmq`), used unless `redisUrl` is set. */
  databaseUrl: string;
  redisUrl?: string;
  /** Redis key prefix (default "bull"); tests use their own so they never meet. */
  redisPrefix?: string;
  /** Overrides of the default job options (tests shorten the payout backoff). */
  jobOptions?: { verification?: DefaultJobOptions; payouts?: DefaultJobOptions };
  /** Connection errors of the queues (a database that goes away); without a listener they crash. */
  onError?: (error: Error) => void;
}

/** Verification is cheap and safe to repeat: a few quick retries. */
export const verificationJobOptions: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
};

/** Money: five attempts, 5 s, 10 s, 20 s, 40 s apart; failed jobs stay visible for finance. */
export const payoutJobOptions: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 30 * 24 * 3600 },
  removeOnFail: false,
};

export function createQueues(settings: QueueSettings): JobQueues {
  const jobOptions = {
    verification: { ...verificationJobOptions, ...settings.jobOptions?.verification },
    payouts: { ...payoutJobOptions, ...settings.jobOptions?.payouts },
  };
  const queues = settings.redisUrl
    ? redisQueues(settings.redisUrl, jobOptions, settings.redisPrefix)
    : postgresQueues(settings.databaseUrl, jobOptions);
  // A queue re-emits its connection's errors (PostgreSQL ending sessions at shutdown, 57P01); an
  // 'error' event with no listener throws. The listener stays for the queue's whole life.
  for (const queue of queues.list()) queue.on('error', (error) => settings.onError?.(error));
  return queues;
}

type JobOptionsByQueue = { verification: DefaultJobOptions; payouts: DefaultJobOptions };

function postgresQueues(databaseUrl: string, jobOptions: JobOptionsByQueue): JobQueues {
  // Without `migrate: true` (or an explicit migration) a worker on an empty schema loops until it
  // runs out of memory; migrations take an advisory lock, so many processes may start at once.
  // Each queue and worker builds its own pool (plus one LISTEN connection per worker): keep them
  // small, they share the database with the event store and the projectors.
  // ListenedClient: BullMQ's pool would otherwise crash the process when the database ends a
  // session while one of its clients is checked out.
  const connection = { connectionString: databaseUrl, migrate: true, max: 3, Client: ListenedClient };
  const { Queue: PgQueue, Worker: PgWorker } = withBackend(createPostgresBackend);
  const verification = new PgQueue<VerificationJob>(QUEUE_NAMES.verification, {
    connection,
    defaultJobOptions: jobOptions.verification,
  });
  const payouts = new PgQueue<PayoutJob>(QUEUE_NAMES.payouts, {
    connection,
    defaultJobOptions: jobOptions.payouts,
  });
  return {
    backend: 'postgres',
    verification,
    payouts,
    createWorker: (name, processor, tuning) => new PgWorker(name, processor, { ...tuning, connection }),
    list: () => [verification, payouts] as JobQueue<unknown>[],
    async close() {
      await Promise.all([verification.close(), payouts.close()]);
    },
  };
}

function redisQueues(redisUrl: string, jobOptions: JobOptionsByQueue, prefix?: string): JobQueues {
  // Connections we create are ours to close; BullMQ leaves caller-owned clients open.
  const clients: IORedis[] = [];
  const open = (options: { forWorker: boolean }) => {
    // A worker's blocking commands must wait out a Redis restart instead of failing after
    // 20 retries; a producer fails sooner, so the reactor retries its batch from the checkpoint.
    const client = new IORedis(redisUrl, { maxRetriesPerRequest: options.forWorker ? null : 3 });
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };
  const producer = open({ forWorker: false });
  const verification = new Queue<VerificationJob>(QUEUE_NAMES.verification, {
    connection: producer,
    prefix,
    defaultJobOptions: jobOptions.verification,
  });
  const payouts = new Queue<PayoutJob>(QUEUE_NAMES.payouts, {
    connection: producer,
    prefix,
    defaultJobOptions: jobOptions.payouts,
  });
  return {
    backend: 'redis',
    verification,
    payouts,
    createWorker: (name, processor, tuning) =>
      new Worker(name, processor, { ...tuning, prefix, connection: open({ forWorker: true }) }),
    list: () => [verification, payouts] as JobQueue<unknown>[],
    async close() {
      await Promise.all([verification.close(), payouts.close()]);
      await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
