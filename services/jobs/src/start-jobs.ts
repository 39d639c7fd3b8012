/**
 * Starts the background jobs in this process: the queues, the reactor that turns ledger events
 * into jobs, and the two workers. The API calls it at start-up and `stop()` on shutdown.
 */
import type { LedgerCommands, EventStore } from '@kobo/ledger';
import type { Pool, Logger } from '@kobo/platform';
import type { ConsumersHandle, KafkaSettings } from '@kobo/projector';
import { manualTransferProvider, type PayoutProvider } from './payouts/payout-provider';
import { startReconciliation } from './payouts/reconciliation-timer';
import { createQueues, type JobQueues, type WorkerTuning } from './queues';
import { startReactor } from './reactor/reactor';
import { createLocalProofImages, localUploadsDirectory, type ProofImages } from './verification/proof-images';
import { startPayoutWorker, startVerificationWorker } from './workers';

export interface JobsOptions {
  pool: Pool;
  /** BullMQ's PostgreSQL backend uses this database unless redisUrl is set. */
  databaseUrl: string;
  redisUrl?: string;
  /** Redis key prefix (default "bull"), for a Redis shared with other apps. */
  redisPrefix?: string;
  store: EventStore;
  commands: LedgerCommands;
  logger: Logger;
  /** Proofs are read from `<dataDir>/uploads` unless `images` is given. */
  dataDir: string;
  images?: ProofImages;
  /** Default: manual bank transfer (finance pays and marks paid). */
  payoutProvider?: PayoutProvider;
  /**
   * How old an unsettled payout of a provider that can be asked (Paystack) must be before
   * reconciliation asks about it (PAYOUT_RECONCILE_SECONDS). Reconciliation runs with the workers.
   */
  reconcileSeconds?: number;
  /**
   * Seconds a payout waits after its approval's undo window closed before it starts
   * (PAYOUT_START_MARGIN_SECONDS, default 5).
   */
  payoutStartMarginSeconds?: number;
  /** Default true; false runs the reactor only (e.g. a process that must not pay). */
  workers?: boolean;
  tuning?: WorkerTuning;
  /** The reactor reads the relay's Kafka topic instead of the log (decision 0028). */
  kafka?: KafkaSettings;
}

export interface Jobs {
  queues: JobQueues;
  /** The reactor's status (a consumer of the log: position, lag, failure), for health and metrics. */
  reactor: Pick<ConsumersHandle, 'status'>;
  stop(): Promise<void>;
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { pool, store, commands, logger } = options;
  const startMarginMs = (options.payoutStartMarginSeconds ?? 5) * 1000;
  const queues = createQueues({
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix,
    onError: (err) => logger.warn({ err }, 'job queue connection error'),
  });
  const images = options.images ?? createLocalProofImages(localUploadsDirectory(options.dataDir));
  const workers =
    options.workers === false
      ? []
      : [
          startVerificationWorker(
            queues,
            { pool, store, commands, images },
            { logger, tuning: options.tuning },
          ),
          startPayoutWorker(
            queues,
            { store, commands, provider: options.payoutProvider ?? manualTransferProvider, startMarginMs },
            { logger, tuning: options.tuning },
          ),
        ];
  let reactor: ConsumersHandle;
  try {
    // Started means connected: BullMQ's PostgreSQL backend keeps a failed first connection as its
    // answer for good (every later call fails at once, and a worker then spins without pause), so a
    // database that drops us while starting must fail the start, not linger in the workers.
    await Promise.all([...queues.list(), ...workers].map((each) => each.waitUntilReady()));
    reactor = await startReactor({
      pool,
      store,
      queues,
      logger,
      kafka: options.kafka,
      payoutStartMarginMs: startMarginMs,
    });
  } catch (error) {
    await Promise.all(workers.map((w) => w.close()));
    await queues.close();
    throw error;
  }
  const provider = options.payoutProvider ?? manualTransferProvider;
  const reconciliation =
    options.workers !== false && provider.lookup
      ? startReconciliation(
          { pool, store, commands, provider, logger },
          { olderThanSeconds: options.reconcileSeconds ?? 600 },
        )
      : undefined;
  logger.info({ backend: queues.backend, payouts: provider.name }, 'background jobs started');
  return {
    queues,
    reactor,
    async stop() {
      await reconciliation?.stop();
      await reactor.stop();
      // Waits for running jobs to finish; a job cut short by a crash instead is picked up again
      // by the next worker once its lock expires (and runs safely a second time).
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
    },
  };
}
