/**
 * Deleting an account: UserDeleted on the user's stream, and the claims on their username and email
 * released in the same append, so that both can sign up again once the person is erased
 * (docs/decisions/0052-personal-data-in-the-log.md). The deletion's own rule (no money in flight)
 * is the user decider's.
 */
import type { StreamEvents } from '../decider';
import { nonEmpty } from '../decider';
import { streams } from '../events';
import { normalizeEmail } from '../text';
import { decideUniqueValue, uniqueKey, type UniqueKind, type UniqueValueState } from '../unique/decider';
import type { DeleteUser } from '../user/commands';
import { decideUser } from '../user/decider';
import type { UserState } from '../user/state';

export interface DeletionStates {
  user: UserState;
  /** The claims on the user's username and email; null when the user is not (or no longer) registered. */
  claims: { username: UniqueValueState; email: UniqueValueState } | null;
}

/** The claim streams of a registered user's username and email. */
export function deletionClaims(user: Pick<UserState, 'username' | 'email'>) {
  return {
    username: { streamId: streams.unique('username', uniqueKey(user.username)), value: user.username },
    email: {
      streamId: streams.unique('email', normalizeEmail(user.email)),
      value: normalizeEmail(user.email),
    },
  };
}

export function decideDeletion(command: DeleteUser, states: DeletionStates): StreamEvents[] {
  const { userId } = command.data;
  const events = decideUser(command, states.user);
  const decision: StreamEvents[] = [{ streamId: streams.user(userId), events }];
  if (events.length > 0 && states.claims) {
    const names = deletionClaims(states.user);
    const release = (kind: UniqueKind, state: UniqueValueState) =>
      decideUniqueValue(
        { type: 'ReleaseUniqueValue', data: { kind, value: names[kind as 'email'].value, userId } },
        state,
      );
    decision.push(
      { streamId: names.username.streamId, events: release('username', states.claims.username) },
      { streamId: names.email.streamId, events: release('email', states.claims.email) },
    );
  }
  return nonEmpty(decision);
}
