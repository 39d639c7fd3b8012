/** Submissions per campaign: the review screen's list (activities appear as approved at once). */
import type { ActivityCompleted, SubmissionVerified, TaskSubmitted } from '@kobo/ledger';
import { ops, timeOf, type Projection } from '../../projection';

/**
 * A verification flag as a row keeps it: its sentence, and for a look-alike proof of another user
 * whose it is, by ids (the sentence says "another user"; the queries give it the user's current
 * name). A flag written with the name in its text (SubmissionVerified version 1) is kept as written.
 */
export type SubmissionFlag = string | { text: string; submissionId: string; userId: string };

/** The flags of a verification as the row keeps them. */
export function flagsOf({ flags, lookAlikes }: SubmissionVerified['data']): SubmissionFlag[] {
  return flags.map((text, index) => {
    const other = lookAlikes.find((lookAlike) => lookAlike.flag === index);
    return other ? { text, submissionId: other.submissionId, userId: other.userId } : text;
  });
}

/** A row of `submissions`. As a query reads it: bigint columns as numbers (kobo for money), timestamps as Date. */
export interface SubmissionRow {
  submission_id: string;
  campaign_id: string;
  user_id: string;
  kind: 'task' | 'activity';
  proof_image: string | null;
  status: 'pending' | 'approved' | 'rejected';
  flags: SubmissionFlag[];
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
                flags: flagsOf(event.data),
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
