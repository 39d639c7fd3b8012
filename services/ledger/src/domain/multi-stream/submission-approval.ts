/**
 * Approving a submission: SubmissionApproved on the campaign, RewardCredited on the user (escrow ->
 * account balance), and on the user's first approved task, if they were referred, the referral
 * bonus on the referrer's stream. One atomic append across the streams.
 */
import type { ApproveSubmission } from '../campaign/commands';
import { decideCampaign } from '../campaign/decider';
import type { CampaignState } from '../campaign/state';
import type { StreamEvents } from '../decider';
import { nonEmpty } from '../decider';
import { streams } from '../events';
import type { MoneyRules } from '../money-rules';
import { decideUser } from '../user/decider';
import type { UserState } from '../user/state';

export interface SubmissionApprovalStates {
  campaign: CampaignState;
  /** The user who made the submission. */
  user: UserState;
  /** The referrer's stream when the user was referred, else null. */
  referrer: UserState | null;
}

export function decideSubmissionApproval(
  command: ApproveSubmission,
  states: SubmissionApprovalStates,
  rules: MoneyRules,
): StreamEvents[] {
  const { campaignId, submissionId } = command.data;
  const approved = decideCampaign(command, states.campaign);
  if (approved.length === 0) return [];
  const submission = states.campaign.submissions.get(submissionId)!;
  const { user, referrer } = states;
  if (user.userId !== submission.userId) throw new Error('the approval was given the wrong user stream');
  const reward = decideUser(
    {
      type: 'CreditReward',
      data: {
        userId: user.userId,
        campaignId,
        submissionId,
        balance: 'account',
        amount: submission.reward,
        title: states.campaign.details.title,
      },
    },
    user,
  );
  const decision: StreamEvents[] = [
    { streamId: streams.campaign(campaignId), events: approved },
    { streamId: streams.user(user.userId), events: reward },
  ];
  // The bonus waits for the first approved task, to blunt fake sign-ups (docs/product/settled-contradictions.md#referral-bonus).
  if (user.approvedTasks === 0 && user.referredBy) {
    if (!referrer) throw new Error("the approval needs the referrer's stream");
    const bonus = decideUser(
      {
        type: 'CreditReferralBonus',
        data: { userId: user.referredBy, referredUserId: user.userId, amount: rules.referralBonus },
      },
      referrer,
    );
    decision.push({ streamId: streams.user(user.referredBy), events: bonus });
  }
  return nonEmpty(decision);
}
