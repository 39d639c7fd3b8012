/**
 * A user's submission, read from the submissions read model with its campaign's title and platform:
 * one row type, read one way, and the two answers made of it. Submitting answers the submission
 * made (`TaskSubmission`); the submissions screen lists the user's submissions with their review
 * (`SubmissionListEntry`). The two answers are separate contracts with their own field names.
 */
import { koboToNaira } from '@kobo/ledger';
import type { Pool } from '@kobo/platform';
import type { SubmissionRow as ProjectedSubmission } from '@kobo/projector';
import type { SubmissionListEntry, TaskSubmission } from './schemas';

/** A submission (null title and platform once its campaign is gone). */
export type SubmissionRow = Pick<
  ProjectedSubmission,
  | 'submission_id'
  | 'campaign_id'
  | 'user_id'
  | 'kind'
  | 'proof_image'
  | 'status'
  | 'reward'
  | 'reason'
  | 'submitted_at'
  | 'reviewed_at'
> & { title: string | null; platform: string | null };

const SELECT_SUBMISSIONS = `SELECT s.submission_id, s.campaign_id, s.user_id, s.kind, s.proof_image, s.status,
       s.reward, s.reason, s.submitted_at, s.reviewed_at, c.title, c.platform
     FROM submissions s
     LEFT JOIN campaigns c ON c.campaign_id = s.campaign_id`;

export async function submissionById(pool: Pool, submissionId: string): Promise<SubmissionRow | null> {
  const { rows } = await pool.query<SubmissionRow>(`${SELECT_SUBMISSIONS} WHERE s.submission_id = $1`, [
    submissionId,
  ]);
  return rows[0] ?? null;
}

/** The user's task submissions and completed activities (approved at once), newest first. */
export async function submissionsOfUser(pool: Pool, userId: string): Promise<SubmissionRow[]> {
  const { rows } = await pool.query<SubmissionRow>(
    `${SELECT_SUBMISSIONS} WHERE s.user_id = $1 ORDER BY s.submitted_at DESC, s.submission_id DESC`,
    [userId],
  );
  return rows;
}

/** The answer to submitting a task or completing an activity. */
export function taskSubmissionView(row: SubmissionRow): TaskSubmission {
  return {
    _id: row.submission_id,
    taskId: row.campaign_id,
    userId: row.user_id,
    kind: row.kind,
    proofImage: row.proof_image,
    status: row.status,
    reward: koboToNaira(row.reward),
    submittedAt: row.submitted_at.toISOString(),
  };
}

/** One line of the submissions screen. */
export function submissionListEntryView(row: SubmissionRow): SubmissionListEntry {
  return {
    id: row.submission_id,
    taskId: row.campaign_id,
    taskName: row.title ?? '',
    taskPlatform: row.platform ?? '',
    reward: koboToNaira(row.reward),
    status: row.status,
    rejectionReason: row.status === 'rejected' ? row.reason : null,
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  };
}
