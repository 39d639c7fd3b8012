/** @kobo/jobs: BullMQ queues and workers for proof verification and payouts, fed by the ledger. */
import type { Jobs } from './start-jobs';

export { startJobs, type Jobs, type JobsOptions } from './start-jobs';
export {
  createQueues,
  QUEUE_NAMES,
  payoutJobOptions,
  verificationJobOptions,
  type JobQueue,
  type JobQueues,
  type JobWorker,
  type QueueName,
  type QueueSettings,
  type WorkerTuning,
} from './queues';
export { jobIds } from './job-ids';
export {
  startReactor,
  enqueueJobsFor,
  jobsReactor,
  REACTOR_NAME,
  type ReactorOptions,
} from './reactor/reactor';
export { jobsForEvents } from './reactor/jobs-for-events';
export { startPayoutWorker, startVerificationWorker } from './workers';
export {
  createLocalProofImages,
  localUploadsDirectory,
  ProofImageNotFoundError,
  type ProofImages,
} from './verification/proof-images';
export { verifyProof, DEFAULT_MAX_DISTANCE, type VerificationOutcome } from './verification/verify-proof';
export { differenceHash, fingerprintProof, hammingDistance } from './verification/perceptual-hash';
export { IMAGE_MISSING, NOT_AN_IMAGE } from './verification/flags';
export type { VerificationJob } from './verification/verification-job';
export {
  manualTransferProvider,
  MANUAL_TRANSFER,
  payoutReference,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutResult,
  type TransferReport,
} from './payouts/payout-provider';
export { paystackPayoutProvider, PAYSTACK, reportOf } from './payouts/paystack-payouts';
export {
  settlePayout,
  payoutReturnedReason,
  type PayoutTarget,
  type Settlement,
  type SettleDeps,
} from './payouts/settle-payout';
export {
  reconcilePayouts,
  REVERSAL_WATCH_SECONDS,
  type ReconcileDeps,
  type ReconcileReport,
} from './payouts/reconcile';
export { startReconciliation, type Reconciliation } from './payouts/reconciliation-timer';
export { payoutsFromSettings, type Payouts } from './payouts/payouts-from-settings';
export { payWithdrawal, payoutFailedReason, type PayoutOutcome } from './payouts/pay-withdrawal';
export {
  markPayoutPaid,
  markPayoutFailed,
  type MarkPayoutPaid,
  type MarkPayoutFailed,
} from './payouts/mark-payout';
export type { PayoutJob } from './payouts/payout-job';
export {
  createPaystackClient,
  PAYSTACK_BASE_URL,
  PaystackRefusedError,
  PaystackUnavailableError,
  paystackSignature,
  paystackSignatureValid,
  type PaystackBank,
  type PaystackClient,
  type PaystackClientOptions,
  type PaystackTransfer,
  type PaystackTransferStatus,
} from './payouts/paystack';
export {
  manualBankDirectory,
  paystackBankDirectory,
  mergeBankLists,
  bankDirectoryMessages,
  BankAccountRefusedError,
  BankDirectoryUnavailableError,
  type BankDirectory,
  type BankAccountCheck,
  type PaystackBankLookup,
  type PaystackBankDirectoryOptions,
} from './payouts/bank-directory';

/** The queues for Bull Board; the API mounts it at /admin/queues behind admin auth. */
export function queuesForBoard(jobs: Pick<Jobs, 'queues'>) {
  return jobs.queues.list();
}
