/** Which ledger events start a job, and the job each one starts (a pure mapping). */
import { decodeEvent, type RecordedEvent } from '@kobo/ledger';
import { jobIds } from '../job-ids';
import type { PayoutJob } from '../payouts/payout-job';
import type { VerificationJob } from '../verification/verification-job';

export interface JobToAdd<Data> {
  name: string;
  data: Data;
  /** `delay`: milliseconds before the job may start. */
  opts: { jobId: string; delay?: number };
}

/** When payouts may start: the clock, and how long after an approval's undo window they wait. */
export interface PayoutTiming {
  now: Date;
  /** Milliseconds after `undoableUntil` (PAYOUT_START_MARGIN_SECONDS). */
  startMarginMs: number;
}

/** The default margin after the undo window before a payout starts: 5 s. */
export const DEFAULT_PAYOUT_START_MARGIN_MS = 5_000;

/** When the payout of an approval undoable until `undoableUntil` may start. */
export function payoutStartsAt(undoableUntil: string, startMarginMs: number): number {
  return Date.parse(undoableUntil) + startMarginMs;
}

export interface JobsForEvents {
  verification: JobToAdd<VerificationJob>[];
  payouts: JobToAdd<PayoutJob>[];
}

export function jobsForEvents(
  events: readonly RecordedEvent[],
  timing: PayoutTiming = { now: new Date(), startMarginMs: DEFAULT_PAYOUT_START_MARGIN_MS },
): JobsForEvents {
  const jobs: JobsForEvents = { verification: [], payouts: [] };
  for (const recorded of events) {
    const event = decodeEvent(recorded);
    if (event.type === 'TaskSubmitted') {
      const { campaignId, submissionId, userId, proofImage } = event.data;
      jobs.verification.push({
        name: 'verify-proof',
        data: { campaignId, submissionId, userId, proofImage },
        opts: { jobId: jobIds.verification(submissionId) },
      });
    } else if (event.type === 'WithdrawalApproved') {
      const { userId, withdrawalId, at, undoableUntil, approval = 1 } = event.data;
      // Not before the approval can no longer be undone, and a margin more (decision 0044);
      // an approval without a window is paid at once.
      const delay =
        undoableUntil > at ? payoutStartsAt(undoableUntil, timing.startMarginMs) - timing.now.getTime() : 0;
      jobs.payouts.push({
        name: 'pay-withdrawal',
        data: { userId, withdrawalId, approval },
        opts: { jobId: jobIds.payout(withdrawalId, approval), ...(delay > 0 && { delay }) },
      });
    }
  }
  return jobs;
}
