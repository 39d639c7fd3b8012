/** Which ledger events start a job, and the job each one starts (a pure mapping). */
import { decodeEvent, type RecordedEvent } from '@kobo/ledger';
import { jobIds } from '../job-ids';
import type { PayoutJob } from '../payouts/payout-job';
import type { VerificationJob } from '../verification/verification-job';

export interface JobToAdd<Data> {
  name: string;
  data: Data;
  opts: { jobId: string };
}

export interface JobsForEvents {
  verification: JobToAdd<VerificationJob>[];
  payouts: JobToAdd<PayoutJob>[];
}

export function jobsForEvents(events: readonly RecordedEvent[]): JobsForEvents {
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
      const { userId, withdrawalId } = event.data;
      jobs.payouts.push({
        name: 'pay-withdrawal',
        data: { userId, withdrawalId },
        opts: { jobId: jobIds.payout(withdrawalId) },
      });
    }
  }
  return jobs;
}
