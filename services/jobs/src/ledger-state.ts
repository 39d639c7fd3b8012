/** Folds a user or campaign stream, for the jobs that need to look before they act. */
import { campaignDecider } from '@kobo/ledger/src/domain/campaign/decider';
import type { CampaignState } from '@kobo/ledger/src/domain/campaign/state';
import { fold } from '@kobo/ledger/src/domain/decider';
import { streams, type CampaignEvent, type UserEvent } from '@kobo/ledger/src/domain/events';
import { userDecider } from '@kobo/ledger/src/domain/user/decider';
import type { UserState } from '@kobo/ledger/src/domain/user/state';
import type { EventStore } from '@kobo/ledger/src/event-store/port';
import { decodeEvent } from '@kobo/ledger';

export async function readUserStream(store: EventStore, userId: string): Promise<UserEvent[]> {
  // A user stream holds only user events.
  return (await store.readStream(streams.user(userId))).map((e) => decodeEvent(e) as UserEvent);
}

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return fold(userDecider, await readUserStream(store, userId));
}

export async function loadCampaign(store: EventStore, campaignId: string): Promise<CampaignState> {
  // A campaign stream holds only campaign events.
  const events = (await store.readStream(streams.campaign(campaignId))).map(
    (e) => decodeEvent(e) as CampaignEvent,
  );
  return fold(campaignDecider, events);
}
