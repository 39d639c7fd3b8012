/** A profile update; a new email moves the email claim (claim the new one, release the old). */
import type { StreamEvents } from '../decider';
import { nonEmpty } from '../decider';
import { streams } from '../events';
import { decideUniqueValue, uniqueKey, type UniqueValueState } from '../unique/decider';
import type { UpdateProfile } from '../user/commands';
import { decideUser } from '../user/decider';
import type { UserState } from '../user/state';

export interface ProfileUpdateStates {
  user: UserState;
  /** The claims on the new and the current email; needed only when the email changes. */
  emailClaims: { next: UniqueValueState; previous: UniqueValueState } | null;
}

export function emailClaimStreams(nextEmail: string, previousEmail: string) {
  return {
    next: streams.unique('email', uniqueKey(nextEmail)),
    previous: streams.unique('email', uniqueKey(previousEmail)),
  };
}

export function decideProfileUpdate(command: UpdateProfile, states: ProfileUpdateStates): StreamEvents[] {
  const { userId } = command.data;
  const events = decideUser(command, states.user);
  const newEmail = events.flatMap((e) =>
    e.type === 'UserProfileUpdated' && e.data.email ? [e.data.email] : [],
  )[0];
  const decision: StreamEvents[] = [{ streamId: streams.user(userId), events }];
  if (newEmail !== undefined) {
    if (!states.emailClaims) throw new Error('an email change needs the states of both email claims');
    const names = emailClaimStreams(newEmail, states.user.email);
    const data = { kind: 'email' as const, userId };
    decision.push(
      {
        streamId: names.next,
        events: decideUniqueValue(
          { type: 'ClaimUniqueValue', data: { ...data, value: newEmail } },
          states.emailClaims.next,
        ),
      },
      {
        streamId: names.previous,
        events: decideUniqueValue(
          { type: 'ReleaseUniqueValue', data: { ...data, value: states.user.email } },
          states.emailClaims.previous,
        ),
      },
    );
  }
  return nonEmpty(decision);
}
