/** Folds a user or campaign stream, for the jobs that need to look before they act. */
import { campaignDecider } from '@kobo/ledger';
import type { CampaignState } from '@kobo/ledger';
import { fold } from '@kobo/ledger';
import { streams, type CampaignEvent, type UserEvent } from '@kobo/ledger';
import { userDecider } from '@kobo/ledger';
import type { UserState } from '@kobo/ledger';
import type { EventStore } from '@kobo/ledger';
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
