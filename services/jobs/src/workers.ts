/** The two workers: the queue plumbing around verifyProof and payWithdrawal. */
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '@kobo/platform';
import {
  PayoutNotPossibleError,
  payWithdrawal,
  type PayoutDeps,
  type PayoutOutcome,
} from './payouts/pay-withdrawal';
import type { PayoutJob } from './payouts/payout-job';
import { QUEUE_NAMES, type JobQueues, type JobWorker, type WorkerTuning } from './queues';
import type { VerificationJob } from './verification/verification-job';
import { verifyProof, type VerificationDeps, type VerificationOutcome } from './verification/verify-proof';

export function startVerificationWorker(
  queues: JobQueues,
  deps: VerificationDeps,
  options: { logger?: Logger; tuning?: WorkerTuning } = {},
): JobWorker<VerificationJob> {
  const worker = queues.createWorker<VerificationJob>(
    QUEUE_NAMES.verification,
    (job: Job<VerificationJob>): Promise<VerificationOutcome> => verifyProof(deps, job.data, job.id),
    { concurrency: 2, ...options.tuning },
  );
  return watch(worker, 'proof verification', options.logger);
}

export function startPayoutWorker(
  queues: JobQueues,
  deps: PayoutDeps,
  options: { logger?: Logger; tuning?: WorkerTuning } = {},
): JobWorker<PayoutJob> {
  const worker = queues.createWorker<PayoutJob>(
    QUEUE_NAMES.payouts,
    async (job: Job<PayoutJob>): Promise<PayoutOutcome> => {
      // attemptsMade counts the attempts that failed before this one (a stalled run does not count).
      const attempt = job.attemptsMade + 1;
      const lastAttempt = attempt >= (job.opts.attempts ?? 1);
      let outcome: PayoutOutcome;
      try {
        outcome = await payWithdrawal(deps, job.data, { attempt, lastAttempt, jobId: job.id });
      } catch (error) {
        if (error instanceof PayoutNotPossibleError) throw new UnrecoverableError(error.message);
        throw error;
      }
      // Recorded in the ledger (the money is back); the job ends failed so it stays in sight.
      if (outcome.status === 'failed') throw new UnrecoverableError(outcome.reason);
      return outcome;
    },
    { concurrency: 4, ...options.tuning },
  );
  return watch(worker, 'payout', options.logger);
}

function watch<Data>(worker: JobWorker<Data>, what: string, logger?: Logger): JobWorker<Data> {
  // Without an 'error' listener a lost connection would be an unhandled 'error' event.
  worker.on('error', (err) => logger?.error({ err }, `${what} worker error`));
  worker.on('failed', (job, err) =>
    logger?.warn({ jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message }, `${what} job failed`),
  );
  return worker;
}
