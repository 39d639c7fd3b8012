/**
 * Taking part in a campaign. A reviewed campaign: store the proof, then SubmitTask; if the ledger refuses (or
 * fails), the stored proof is removed again, so nothing is half-written. An activity: no file,
 * CompleteActivity credits the activity balance at once.
 */
import {
  ACTIVITY_PLATFORM,
  submissionIdFor,
  TASK_UNAVAILABLE,
  type ActivityCompleted,
  type CommandMetadata,
  type CommandResult,
  type HandledEvent,
  type TaskSubmitted,
} from '@kobo/ledger';
import { findCampaignPlatform, findSubmission, submissionRowFrom } from '@kobo/projector';
import type { ApiContext } from '../../context';
import { HttpProblem } from '../../http';
import type { CheckedImage } from '../../uploads/image-upload';
import { removeImage, storeImage } from '../../uploads/stored-images';
import { proofKeyFor } from '../../uploads/upload-keys';
import type { Uploads } from '../../uploads/uploads-of';
import type { SubmissionView } from './schemas';
import { submissionView } from './submissions';

/** The client's message texts (docs/product/user-site.md#messages). */
export const participationMessages = {
  submitted: 'Task submitted successfully! It will be verified within 1-7 hours.',
  activityCompleted: 'Activity completed and approved! Your activity balance has been credited.',
  proofRequired: 'Please upload a screenshot of the completed task.',
  activityRepeated: 'You have already completed this activity.',
} as const;

/** Read models a repeat's answer reads back. */
const readBack = ['submissions', 'campaigns', 'balances', 'transactions'] as const;

export interface Participation {
  userId: string;
  campaignId: string;
  image: CheckedImage | undefined;
  /** From the request's Idempotency-Key: a retry of it is the same command, done once. */
  commandId: string | undefined;
}

export interface ParticipationResult {
  /** submitted: a proof, pending review; completed: an activity, credited at once. */
  outcome: 'submitted' | 'completed';
  message: string;
  submission: SubmissionView;
}

export async function takePartInCampaign(
  context: ApiContext,
  uploads: Uploads,
  { userId, campaignId: requested, image, commandId }: Participation,
): Promise<ParticipationResult> {
  const campaign = await findCampaignPlatform(context.pool, requested);
  if (!campaign) throw new HttpProblem('not_found', TASK_UNAVAILABLE);
  const campaignId = campaign.campaign_id;
  const meta: CommandMetadata = {
    actor: { role: 'user', id: userId },
    ...(commandId === undefined ? {} : { commandId }),
  };

  if (campaign.platform === ACTIVITY_PLATFORM) {
    const result = await context.commands.completeActivity({ campaignId, userId }, meta);
    // No events: the activity was completed before, by another request (same submission id), and
    // is not credited again. A retry of the same request (same Idempotency-Key) gets the first
    // run's events back and answers as it did.
    if (result.events.length === 0) throw new HttpProblem('conflict', participationMessages.activityRepeated);
    return {
      outcome: 'completed',
      message: participationMessages.activityCompleted,
      submission: await submissionAfter(context, result, { campaignId, userId, proofImage: null }),
    };
  }

  if (!image)
    throw new HttpProblem('validation', participationMessages.proofRequired, {
      proofImage: participationMessages.proofRequired,
    });
  const key = proofKeyFor(campaignId, userId, image.extension);
  if (!key) throw new HttpProblem('not_found', TASK_UNAVAILABLE);
  await storeImage(uploads.store, key, image);
  let result: CommandResult;
  try {
    result = await context.commands.submitTask({ campaignId, userId, proofImage: key }, meta);
  } catch (error) {
    await removeImage(uploads.store, key, context.logger);
    throw error;
  }
  // Nothing appended means a retry of a submission already made: this copy of the file is not used.
  if (!result.appended) await removeImage(uploads.store, key, context.logger);
  return {
    outcome: 'submitted',
    message: participationMessages.submitted,
    submission: await submissionAfter(context, result, { campaignId, userId, proofImage: key }),
  };
}

/**
 * The answer: from the command's own events, without waiting for the projections; the person's
 * next read waits instead (decisions/0017). A repeat reads the submission back as it stands, since
 * it may have moved on (verified, approved, rejected) since its first run.
 */
async function submissionAfter(
  context: ApiContext,
  result: CommandResult,
  expected: { campaignId: string; userId: string; proofImage: string | null },
): Promise<SubmissionView> {
  if (result.appended) {
    const answer = fromEvents(result.events);
    if (answer) {
      await context.writes.wrote(expected.userId, result.lastPosition);
      return answer;
    }
  }
  await context.writes.caughtUpTo(result.lastPosition, readBack);
  const row = await findSubmission(context.pool, submissionIdFor(expected.campaignId, expected.userId));
  if (row) return submissionView(row);
  // The read model is late (caughtUpTo logged it): answer from the events the command appended.
  const answer = fromEvents(result.events);
  if (answer) return answer;
  throw new HttpProblem(
    'unavailable',
    'Your submission was received but is not shown yet. Please try again in a moment.',
  );
}

/** The submission as the ledger recorded it, as the submissions projection writes it (its rowFrom). */
function fromEvents(events: readonly HandledEvent[]): SubmissionView | undefined {
  const event = events.find((e) => e.type === 'TaskSubmitted' || e.type === 'ActivityCompleted');
  if (!event) return undefined;
  return submissionView(
    submissionRowFrom(event as TaskSubmitted | ActivityCompleted, event.recordedAt ?? new Date()),
  );
}
