/**
 * The two answers made of a user's submission (the submissions read model's rows, @kobo/projector).
 * Submitting answers the submission made (`SubmissionView`); the submissions screen lists the
 * user's submissions with their campaign's title and their review (`SubmissionListEntry`). The two
 * answers are separate contracts with their own field names.
 */
import { koboToNaira } from '@kobo/ledger';
import type { SubmissionRow, SubmissionWithCampaignRow } from '@kobo/projector';
import type { SubmissionListEntry, SubmissionView } from './schemas';

/** The answer to submitting a proof or completing an activity. */
export function submissionView(
  row: Pick<
    SubmissionRow,
    | 'submission_id'
    | 'campaign_id'
    | 'user_id'
    | 'kind'
    | 'proof_image'
    | 'status'
    | 'reward'
    | 'submitted_at'
  >,
): SubmissionView {
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
export function submissionListEntryView(row: SubmissionWithCampaignRow): SubmissionListEntry {
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
