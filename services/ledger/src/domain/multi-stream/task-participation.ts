/**
 * A user taking part in a task: submitting a proof (reviewed later) or completing an activity
 * (credited at once to the activity balance). Both look at the user and the campaign.
 */
import type { CompleteActivity, SubmitTask } from '../campaign/commands';
import { decideCampaign } from '../campaign/decider';
import type { CampaignState } from '../campaign/state';
import type { StreamEvents } from '../decider';
import { nonEmpty } from '../decider';
import { forbidden } from '../errors';
import { streams } from '../events';
import { requireNotSuspended, requireUser } from '../user/guards';
import { decideUser } from '../user/decider';
import type { UserState } from '../user/state';

export interface ParticipationStates {
  campaign: CampaignState;
  user: UserState;
}

function requireParticipant(user: UserState): void {
  requireUser(user);
  requireNotSuspended(user);
  if (user.role !== 'user') throw forbidden('Only user accounts can take part in tasks.');
}

/** The user's stream is read but not written: a submission moves no money yet. */
export function decideTaskSubmission(command: SubmitTask, states: ParticipationStates): StreamEvents[] {
  requireUser(states.user);
  const submitted = decideCampaign(command, states.campaign);
  if (submitted.length > 0) requireParticipant(states.user);
  return nonEmpty([{ streamId: streams.campaign(command.data.campaignId), events: submitted }]);
}

export function decideActivityCompletion(
  command: CompleteActivity,
  states: ParticipationStates,
): StreamEvents[] {
  const { campaignId, submissionId, userId } = command.data;
  requireUser(states.user);
  const completed = decideCampaign(command, states.campaign);
  if (completed.length === 0) return [];
  requireParticipant(states.user);
  const reward = decideUser(
    {
      type: 'CreditReward',
      data: {
        userId,
        campaignId,
        submissionId,
        balance: 'activity',
        amount: states.campaign.details.price,
        title: states.campaign.details.title,
      },
    },
    states.user,
  );
  return nonEmpty([
    { streamId: streams.campaign(campaignId), events: completed },
    { streamId: streams.user(userId), events: reward },
  ]);
}
