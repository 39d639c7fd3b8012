/** Read from the claim's stream, not a read model, so a name taken a moment ago is taken. */
import { readCurrentState, streams, uniqueKey, uniqueValueDecider, type EventStore } from '@kobo/ledger';

/** Whether a username is free: its uniqueness claim stream has no owner. */
export async function usernameIsFree(store: EventStore, username: string): Promise<boolean> {
  const { state: claim } = await readCurrentState(
    store,
    streams.unique('username', uniqueKey(username)),
    uniqueValueDecider,
  );
  return claim.owner === null;
}
