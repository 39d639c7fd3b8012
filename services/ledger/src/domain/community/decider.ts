/** The community stream: the support and social links shown to users. Values are kept as typed. */
import type { Actor } from '../actor';
import type { Decider } from '../decider';
import type { CommunityEvent, CommunityLinks } from '../events';

export const COMMUNITY_FIELDS = [
  'email',
  'whatsappChannel',
  'telegramChannel',
  'facebookPage',
  'instagramAccount',
  'twitterAccount',
  'youtubeChannel',
] as const satisfies readonly (keyof CommunityLinks)[];

export type UpdateCommunityLinks = {
  type: 'UpdateCommunityLinks';
  data: { changes: Partial<CommunityLinks>; by: Actor };
};
export type CommunityCommand = UpdateCommunityLinks;
export type CommunityState = CommunityLinks;

export function initialCommunityState(): CommunityState {
  return {
    email: '',
    whatsappChannel: '',
    telegramChannel: '',
    facebookPage: '',
    instagramAccount: '',
    twitterAccount: '',
    youtubeChannel: '',
  };
}

export function decideCommunity(command: CommunityCommand, state: CommunityState): CommunityEvent[] {
  const changes: Partial<CommunityLinks> = {};
  // Only the seven known fields, and only those that change.
  for (const field of COMMUNITY_FIELDS) {
    const value = command.data.changes[field];
    if (typeof value === 'string' && value !== state[field]) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'CommunitySettingsUpdated', data: { changes, by: command.data.by } }];
}

export function evolveCommunity(state: CommunityState, event: CommunityEvent): CommunityState {
  return { ...state, ...event.data.changes };
}

export const communityDecider: Decider<CommunityState, CommunityCommand, CommunityEvent> = {
  decide: decideCommunity,
  evolve: evolveCommunity,
  initialState: initialCommunityState,
};
