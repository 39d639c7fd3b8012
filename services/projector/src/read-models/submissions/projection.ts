/** Submissions per campaign: the review screen's list (activities appear as approved at once). */
import type { ActivityCompleted, TaskSubmitted } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../../projection';

/** A row of `submissions`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface SubmissionRow {
  submission_id: string;
  campaign_id: string;
  user_id: string;
  kind: 'task' | 'activity';
  proof_image: string | null;
  status: 'pending' | 'approved' | 'rejected';
  flags: string[];
  perceptual_hash: string | null;
  reward: number;
  reason: string | null;
  reviewed_by: string | null;
  submitted_at: Date;
  verified_at: Date | null;
  reviewed_at: Date | null;
  updated_at: Date;
}

/**
 * The row a TaskSubmitted (pending) or an ActivityCompleted (approved at once) makes: the
 * projection's, and the immediate answer of the route that took part in the task.
 */
export function submissionRowFrom(
  event: Pick<TaskSubmitted, 'type' | 'data'> | Pick<ActivityCompleted, 'type' | 'data'>,
  at: Date,
): SubmissionRow {
  const isTask = event.type === 'TaskSubmitted';
  return {
    submission_id: event.data.submissionId,
    campaign_id: event.data.campaignId,
    user_id: event.data.userId,
    kind: isTask ? 'task' : 'activity',
    proof_image: isTask ? event.data.proofImage : null,
    status: isTask ? 'pending' : 'approved',
    flags: [],
    perceptual_hash: null,
    reward: event.data.reward,
    reason: null,
    reviewed_by: null,
    submitted_at: at,
    verified_at: null,
    reviewed_at: isTask ? null : at,
    updated_at: at,
  };
}

export const submissions: Projection<'submissions'> = {
  name: 'submissions',
  description: 'task submissions and completed activities, with review status, flags and reward',
  tables: [{ name: 'submissions', key: ['submission_id'] }],
  handle(event) {
    const at = timeOf(event);
    switch (event.type) {
      case 'TaskSubmitted':
      case 'ActivityCompleted':
        return [ops.insert('submissions', { ...submissionRowFrom(event, event.recordedAt) })];
      case 'SubmissionVerified':
        return [
          ops.update(
            'submissions',
            { submission_id: event.data.submissionId },
            {
              set: {
                flags: event.data.flags,
                perceptual_hash: event.data.perceptualHash,
                verified_at: at,
                updated_at: at,
              },
            },
          ),
        ];
      case 'SubmissionApproved':
        return [
          ops.update(
            'submissions',
            { submission_id: event.data.submissionId },
            {
              set: {
                status: 'approved',
                reward: event.data.reward,
                reviewed_by: event.data.by.id,
                reviewed_at: at,
                updated_at: at,
              },
            },
          ),
        ];
      case 'SubmissionRejected':
        return [
          ops.update(
            'submissions',
            { submission_id: event.data.submissionId },
            {
              set: {
                status: 'rejected',
                reason: event.data.reason,
                reviewed_by: event.data.by.id,
                reviewed_at: at,
                updated_at: at,
              },
            },
          ),
        ];
      default:
        return [];
    }
  },
};
