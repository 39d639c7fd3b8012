/**
 * The reads each command needs, wired to its pure decision. Each function returns a ReadAndDecide that
 * runCommand runs (and re-runs on a concurrent write).
 */
import type { ApproveSubmission, CompleteActivity, SubmitTask } from '../campaign/commands';
import { campaignDecider } from '../campaign/decider';
import type { Decider } from '../decider';
import { decideDeletion, deletionClaims } from '../multi-stream/deletion';
import { emailClaimStreams, decideProfileUpdate } from '../multi-stream/profile-update';
import { decideRegistration, registrationClaims, type Registration } from '../multi-stream/registration';
import { decideSubmissionApproval } from '../multi-stream/submission-approval';
import { decideActivityCompletion, decideTaskSubmission } from '../multi-stream/task-participation';
import { streams, type KoboEvent } from '../events';
import type { MoneyRules } from '../money-rules';
import { normalizeEmail } from '../text';
import { uniqueKey, uniqueValueDecider } from '../unique/decider';
import type { DeleteUser, UpdateProfile } from '../user/commands';
import { userDecider } from '../user/decider';
import type { ReadAndDecide } from './run-command';

/** A command that touches one stream only. */
export function onStream<State, Command, Event extends KoboEvent>(
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
): ReadAndDecide {
  return async (reader) => [
    { streamId, events: decider.decide(command, await reader.load(streamId, decider)) },
  ];
}

export function registration(command: Registration): ReadAndDecide {
  return async (reader) => {
    const names = registrationClaims(command);
    const code = command.referredByCode?.trim();
    return decideRegistration(command, {
      user: await reader.load(streams.user(command.userId), userDecider),
      username: await reader.load(names.username, uniqueValueDecider),
      email: await reader.load(names.email, uniqueValueDecider),
      referralCode: await reader.load(names.referralCode, uniqueValueDecider),
      referrerCode: code
        ? await reader.load(streams.unique('referralCode', uniqueKey(code)), uniqueValueDecider)
        : null,
    });
  };
}

export function profileUpdate(command: UpdateProfile): ReadAndDecide {
  return async (reader) => {
    const user = await reader.load(streams.user(command.data.userId), userDecider);
    const nextEmail = command.data.email === undefined ? undefined : normalizeEmail(command.data.email);
    let emailClaims = null;
    if (nextEmail && user.existence === 'registered' && nextEmail !== user.email) {
      const names = emailClaimStreams(nextEmail, user.email);
      emailClaims = {
        next: await reader.load(names.next, uniqueValueDecider),
        previous: await reader.load(names.previous, uniqueValueDecider),
      };
    }
    return decideProfileUpdate(command, { user, emailClaims });
  };
}

export function deletion(command: DeleteUser): ReadAndDecide {
  return async (reader) => {
    const user = await reader.load(streams.user(command.data.userId), userDecider);
    // An account registered before its claims were kept, or erased already, has none to release.
    const registered = user.existence === 'registered' && user.username !== '' && user.email !== '';
    const names = registered ? deletionClaims(user) : null;
    return decideDeletion(command, {
      user,
      claims: names && {
        username: await reader.load(names.username.streamId, uniqueValueDecider),
        email: await reader.load(names.email.streamId, uniqueValueDecider),
      },
    });
  };
}

export function submissionApproval(command: ApproveSubmission, rules: MoneyRules): ReadAndDecide {
  return async (reader) => {
    const campaign = await reader.load(streams.campaign(command.data.campaignId), campaignDecider);
    const submission = campaign.submissions.get(command.data.submissionId);
    // Without a submission the campaign decider refuses; no other stream is needed.
    if (!submission)
      return decideSubmissionApproval(
        command,
        { campaign, user: userDecider.initialState(), referrer: null },
        rules,
      );
    const user = await reader.load(streams.user(submission.userId), userDecider);
    const referrer = user.referredBy ? await reader.load(streams.user(user.referredBy), userDecider) : null;
    return decideSubmissionApproval(command, { campaign, user, referrer }, rules);
  };
}

export function taskSubmission(command: SubmitTask): ReadAndDecide {
  return async (reader) =>
    decideTaskSubmission(command, {
      campaign: await reader.load(streams.campaign(command.data.campaignId), campaignDecider),
      user: await reader.load(streams.user(command.data.userId), userDecider),
    });
}

export function activityCompletion(command: CompleteActivity): ReadAndDecide {
  return async (reader) =>
    decideActivityCompletion(command, {
      campaign: await reader.load(streams.campaign(command.data.campaignId), campaignDecider),
      user: await reader.load(streams.user(command.data.userId), userDecider),
    });
}
