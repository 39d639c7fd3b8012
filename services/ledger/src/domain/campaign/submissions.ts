/**
 * Submissions against a campaign. A pending submission reserves one unit (and its reward in the
 * escrow) until it is approved or rejected, so units are never over-spent.
 */
import { conflict, DomainError, invalid, notFound } from '../errors';
import type {
  ActivityCompleted,
  SubmissionApproved,
  SubmissionRejected,
  SubmissionVerified,
  TaskSubmitted,
} from '../events';
import { isBlank } from '../text';
import type {
  ApproveSubmission,
  CompleteActivity,
  RecordVerification,
  RejectSubmission,
  SubmitTask,
} from './commands';
import { ACTIVITY_PLATFORM, unitsLeft, type CampaignState, type SubmissionRecord } from './state';

export const TASK_UNAVAILABLE = 'This task is no longer available.';
export const NO_UNITS_LEFT = 'No units left for this task.';

function requireOpen(state: CampaignState): void {
  if (state.existence === 'none' || state.status === 'deleted') throw notFound(TASK_UNAVAILABLE);
  if (state.status !== 'active') throw conflict(TASK_UNAVAILABLE);
}

function requireUnitLeft(state: CampaignState): void {
  if (unitsLeft(state) <= 0) throw new DomainError('insufficient_units', NO_UNITS_LEFT);
  // Guards the escrow itself, whatever happened to the unit count.
  if (state.escrow < state.pendingRewards + state.details.price)
    throw new DomainError('insufficient_units', NO_UNITS_LEFT);
}

/** The user's earlier submission, if any; the same id again is the caller retrying. */
function earlierSubmission(
  state: CampaignState,
  userId: string,
  submissionId: string,
): SubmissionRecord | null {
  const byId = state.submissions.get(submissionId);
  if (byId && byId.userId !== userId) throw conflict('This submission id is already in use.');
  const id = state.byUser.get(userId);
  return id ? (state.submissions.get(id) ?? null) : null;
}

export function submitTask(command: SubmitTask, state: CampaignState): TaskSubmitted[] {
  const { campaignId, submissionId, userId, proofImage } = command.data;
  if (state.existence === 'none') throw notFound(TASK_UNAVAILABLE);
  const earlier = earlierSubmission(state, userId, submissionId);
  if (earlier) {
    if (earlier.submissionId === submissionId && earlier.proofImage === proofImage) return [];
    throw conflict('You have already submitted this task.');
  }
  requireOpen(state);
  if (state.details.platform === ACTIVITY_PLATFORM)
    throw invalid('Activity tasks are completed from the task link, without a screenshot.');
  if (isBlank(proofImage)) throw invalid('Please upload a screenshot of the completed task.', 'proofImage');
  requireUnitLeft(state);
  return [
    {
      type: 'TaskSubmitted',
      data: { campaignId, submissionId, userId, proofImage, reward: state.details.price },
    },
  ];
}

export function completeActivity(command: CompleteActivity, state: CampaignState): ActivityCompleted[] {
  const { campaignId, submissionId, userId } = command.data;
  if (state.existence === 'none') throw notFound(TASK_UNAVAILABLE);
  const earlier = earlierSubmission(state, userId, submissionId);
  if (earlier) {
    if (earlier.submissionId === submissionId && earlier.status === 'completed') return [];
    throw conflict('You have already completed this activity.');
  }
  requireOpen(state);
  if (state.details.platform !== ACTIVITY_PLATFORM)
    throw invalid('This task needs a screenshot of the completed task.', 'proofImage');
  requireUnitLeft(state);
  return [
    {
      type: 'ActivityCompleted',
      data: { campaignId, submissionId, userId, reward: state.details.price },
    },
  ];
}

function requireSubmission(state: CampaignState, submissionId: string): SubmissionRecord {
  if (state.existence === 'none') throw notFound('Campaign not found.');
  const s = state.submissions.get(submissionId);
  if (!s) throw notFound('Submission not found.');
  return s;
}

export function recordVerification(command: RecordVerification, state: CampaignState): SubmissionVerified[] {
  const { campaignId, submissionId, perceptualHash, flags, lookAlikes = [] } = command.data;
  const s = requireSubmission(state, submissionId);
  if (
    s.flags !== null &&
    s.perceptualHash === perceptualHash &&
    JSON.stringify(s.flags) === JSON.stringify(flags) &&
    JSON.stringify(s.lookAlikes ?? []) === JSON.stringify(lookAlikes)
  )
    return [];
  return [
    {
      type: 'SubmissionVerified',
      data: {
        campaignId,
        submissionId,
        userId: s.userId,
        perceptualHash,
        flags: [...flags],
        lookAlikes: lookAlikes.map(({ flag, submissionId: other, userId }) => ({
          flag,
          submissionId: other,
          userId,
        })),
      },
    },
  ];
}

export function approveSubmission(command: ApproveSubmission, state: CampaignState): SubmissionApproved[] {
  const { campaignId, submissionId, by } = command.data;
  const s = requireSubmission(state, submissionId);
  if (s.status === 'approved') return [];
  if (s.status === 'rejected') throw conflict('This submission was already rejected.');
  if (s.status === 'completed') throw conflict('Activity tasks are credited at once and need no approval.');
  if (state.escrow < s.reward)
    throw new DomainError('insufficient_balance', "The campaign's escrow cannot cover this reward.");
  return [
    {
      type: 'SubmissionApproved',
      data: { campaignId, submissionId, userId: s.userId, reward: s.reward, by },
    },
  ];
}

export function rejectSubmission(command: RejectSubmission, state: CampaignState): SubmissionRejected[] {
  const { campaignId, submissionId, reason, by } = command.data;
  const s = requireSubmission(state, submissionId);
  if (s.status === 'rejected') return [];
  if (s.status !== 'pending') throw conflict('This submission was already approved.');
  if (isBlank(reason)) throw invalid('A reason is required to reject a submission.', 'reason');
  return [
    {
      type: 'SubmissionRejected',
      data: { campaignId, submissionId, userId: s.userId, reason: reason.trim(), by },
    },
  ];
}
