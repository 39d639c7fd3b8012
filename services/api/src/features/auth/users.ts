/**
 * The user as their stream says now. Sign-in reads the stream rather than the users read model,
 * so a role change, a suspension or a deletion counts at once, and a brand-new account can sign
 * in before the projector has caught up.
 */
import {
  StreamReader,
  streams,
  uniqueKey,
  uniqueValueDecider,
  userDecider,
  type EventStore,
  type UserState,
} from '@kobo/ledger';

export function currentUser(store: EventStore, userId: string): Promise<UserState> {
  return new StreamReader(store).load(streams.user(userId), userDecider);
}

/** Whether a username is free: its uniqueness claim stream has no owner. */
export async function usernameIsFree(store: EventStore, username: string): Promise<boolean> {
  const claim = await new StreamReader(store).load(
    streams.unique('username', uniqueKey(username)),
    uniqueValueDecider,
  );
  return claim.owner === null;
}
