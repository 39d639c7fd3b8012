/**
 * The one way to read a stream's current state outside a command (sign-in, the payout and
 * verification jobs): folded by the decider that owns the stream, through the StreamReader, so it
 * costs a tail read in a process that folded the stream before and no caller folds events itself.
 */
import type { EventStore } from '../../event-store/port';
import { campaignDecider } from '../campaign/decider';
import type { CampaignState } from '../campaign/state';
import { streams } from '../events';
import { userDecider } from '../user/decider';
import type { UserState } from '../user/state';
import { StreamReader, type Folding } from './stream-reader';

export function readCurrentState<State, Event>(
  store: EventStore,
  streamId: string,
  decider: Folding<State, Event>,
): Promise<State> {
  return new StreamReader(store).load(streamId, decider);
}

/** The user as their stream says now: a role change, a suspension or a deletion counts at once. */
export function currentUser(store: EventStore, userId: string): Promise<UserState> {
  return readCurrentState(store, streams.user(userId), userDecider);
}

export function currentCampaign(store: EventStore, campaignId: string): Promise<CampaignState> {
  return readCurrentState(store, streams.campaign(campaignId), campaignDecider);
}
