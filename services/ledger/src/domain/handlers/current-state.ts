/**
 * The one way to read a stream's current state outside a command (sign-in, the payout and
 * verification jobs, the admin's user edit): folded by the decider that owns the stream,
 * through the StreamReader, so it costs a tail read in a process that folded the stream before and
 * no caller folds events itself.
 */
import type { EventStore } from '../../event-store/port';
import { campaignDecider } from '../campaign/decider';
import type { CampaignState } from '../campaign/state';
import { streams } from '../events';
import { userDecider } from '../user/decider';
import type { UserState } from '../user/state';
import { StreamReader, type Folding } from './stream-reader';

/** A stream's state and the version it was folded to (0: the stream has no events). */
export interface CurrentState<State> {
  state: State;
  version: number;
}

export async function readCurrentState<State, Event>(
  store: EventStore,
  streamId: string,
  decider: Folding<State, Event>,
): Promise<CurrentState<State>> {
  const reader = new StreamReader(store);
  const state = await reader.load(streamId, decider);
  reader.saveSnapshots();
  return { state, version: reader.versionOf(streamId) ?? 0 };
}

/** The user as their stream says now: a role change, a suspension or a deletion counts at once. */
export async function currentUser(store: EventStore, userId: string): Promise<UserState> {
  return (await readCurrentState(store, streams.user(userId), userDecider)).state;
}

export async function currentCampaign(store: EventStore, campaignId: string): Promise<CampaignState> {
  return (await readCurrentState(store, streams.campaign(campaignId), campaignDecider)).state;
}
